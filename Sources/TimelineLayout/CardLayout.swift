import TimelineBreaks
import TimelineModel
import TimelineScene

/// What a layout puts inside a card's margins.
struct CardContent {
    /// A layout's primitives in drawing order, as its parts (boxes, line, markers, texts, …):
    /// `frame` moves them into place and joins them with the bands, copying each once.
    var layers: [[Primitive]] = []
    /// The whole card, drawn in order: filled by `frame`.
    var nodes: [Primitive] = []
    var width: Double = 0
    var height: Double = 0
    var description: [String] = []
    var truncations: [Truncation] = []
    /// The narrowest content width the layout fits in, when more than it was given (else 0).
    var minimumWidth: Double = 0
    /// The content width a refusal names, when more than `minimumWidth`: at it every word is whole
    /// or broken at a dictionary point (`ColumnPlan.promisedWidth`).
    var promisedWidth: Double = 0
    /// A time layout's axis and marks, in the content's points until `frame` moves them.
    var timeAxis: TimeAxisRecord?
    var timeMarks: [TimeMarkRecord] = []
}

/// Lays out one card: frame, header and footer bands around the content of its layout.
public enum CardLayout {
    /// The card as an image of its own.
    public static func scene(for card: Card, measurer: any TextMeasuring) throws(WidthRefusal) -> Scene {
        let style = card.style
        let pad = shadowPadding(style)
        let frame = try frame(for: card, measurer: measurer, origin: Point(x: pad.left, y: pad.top))
        var description = frame.description
        // A card's own subtitle is drawn only in a feed: alone, the description carries it,
        // as the feed's heading line would.
        if let subtitle = card.subtitle {
            description.insert([card.title, subtitle].compactMap { $0 }.joined(separator: " — "), at: 0)
        }
        var scene = Scene(
            width: frame.width + pad.horizontal, height: frame.height + pad.vertical, background: nil,
            nodes: frame.nodes, title: card.title ?? card.header?.title ?? card.id,
            description: description, truncations: frame.truncations, backdrop: style.background.rgba)
        scene.subject = card.subtitle
        scene.timeAxis = frame.timeAxis
        scene.timeMarks = frame.timeAxis == nil && frame.timeMarks.isEmpty ? nil : frame.timeMarks
        return scene
    }

    /// Space around the card for its shadow.
    static func shadowPadding(_ style: Style) -> Insets {
        guard let shadow = style.shadow else { return Insets(all: 0) }
        let spread = shadow.blur * 2
        return Insets(
            top: max(0, spread - shadow.offsetY), right: max(0, spread + shadow.offsetX),
            bottom: max(0, spread + shadow.offsetY), left: max(0, spread - shadow.offsetX))
    }

    /// The card drawn with its top-left corner at `origin` (every node is moved once: a big
    /// card has hundreds of thousands).
    static func frame(for card: Card, measurer: any TextMeasuring, origin: Point) throws(WidthRefusal) -> CardContent {
        // Its words hyphenated in its own language, wherever they are measured.
        let framed = LineBreaks.$language.withValue(card.style.names.language) {
            Result { () throws(WidthRefusal) in try languageFrame(for: card, measurer: measurer, origin: origin) }
        }
        guard case .failure(var refusal) = framed else { return try framed.get() }
        // The width named must itself fit: a vertical card's columns capped by a share of its width
        // (a third for the event column) are wider at a wider card. Tried there, a few times at
        // most. (A horizontal card's minimum is its columns' count, known before measuring.)
        var tried = card
        for _ in 0..<4
        where card.direction == .vertical && refusal.minimum.isFinite && refusal.minimum > tried.style.width {
            tried.style.width = refusal.minimum
            let again = LineBreaks.$language.withValue(card.style.names.language) {
                Result { () throws(WidthRefusal) in try languageFrame(for: tried, measurer: measurer, origin: origin) }
            }
            guard case .failure(let wider) = again, wider.minimum > refusal.minimum else { break }
            refusal.minimum = wider.minimum
        }
        throw refusal
    }

    private static func languageFrame(for card: Card, measurer: any TextMeasuring, origin: Point) throws(WidthRefusal)
        -> CardContent
    {
        let style = card.style
        let margins = insideBorder(style)
        let legendWidth = style.width - margins.horizontal
        let measurer = BatchSharingMeasurer(measurer, riders: Legend.requests(for: readable(card), width: legendWidth))
        var content = contentLayout(card, measurer: measurer)
        // The legend's swatches are the sections' colours as the marks show them (at 3:1).
        Legend.append(to: &content, card: readable(card), width: legendWidth, measurer: measurer)
        let width = style.width
        let innerWidth = width - margins.horizontal
        if content.minimumWidth > innerWidth + 0.01 || innerWidth < ColumnPlan.minimumTextWidth {
            let narrowest = max(content.minimumWidth, content.promisedWidth, ColumnPlan.minimumTextWidth)
            let minimum = (narrowest + margins.horizontal).rounded(.up)
            throw WidthRefusal(location: card.location, cardID: card.id, width: width, minimum: minimum)
        }

        let header = card.header.map { band(for: $0, style: style, width: width, isHeader: true, measurer: measurer) }
        let footer = card.footer.map { band(for: $0, style: style, width: width, isHeader: false, measurer: measurer) }
        let headerHeight = header?.height ?? 0
        // A band already keeps its text clear of the border on its outer side.
        let contentTop = headerHeight + (header == nil ? margins.top : style.margins.top)
        let footerTop = contentTop + content.height + (footer == nil ? margins.bottom : style.margins.bottom)
        let height = footerTop + (footer?.height ?? 0)
        // A band rounds its outer corners by at most half its height: the card's corners never
        // round more, so a band always fills the card's corner exactly.
        let bandHeights = [header?.height, footer?.height].compactMap { $0 }
        let radius = min(style.cornerRadius, width / 2, height / 2, (bandHeights.min() ?? .infinity) / 2)

        var nodes = backdrop(
            style, height: height, radius: radius, header: header,
            footer: footer.map { ($0, footerTop) })
        for index in nodes.indices { nodes[index].translate(dx: origin.x, dy: origin.y) }
        appendLayers(of: &content, to: &nodes, dx: margins.left + origin.x, dy: contentTop + origin.y)
        // After the bands, so they never cover it.
        if let border = borderBox(style, origin: origin, height: height, radius: radius) { nodes.append(border) }
        content.nodes = nodes
        let vertical = content.timeAxis?.direction != "horizontal"
        let along = vertical ? contentTop + origin.y : margins.left + origin.x
        content.timeAxis?.shift(by: along)
        for index in content.timeMarks.indices { content.timeMarks[index].shift(by: along) }
        // The bands' texts open and close the description, as they are drawn above and below.
        if let header = card.header, let line = describe(header) { content.description.insert(line, at: 0) }
        if let footer = card.footer, let line = describe(footer) { content.description.append(line) }
        content.width = width
        content.height = height
        content.truncations += unrecordedCuts(
            in: content.nodes, recorded: content.truncations, location: card.location?.description ?? card.id)
        return content
    }

    /// Moves the content's layers by `dx`, `dy` onto the end of `nodes`, emptying them: each
    /// layer is moved while it is its only owner, so text lines change without a copy.
    private static func appendLayers(of content: inout CardContent, to nodes: inout [Primitive], dx: Double, dy: Double)
    {
        var layers = content.layers
        content.layers = []
        nodes.reserveCapacity(nodes.count + layers.reduce(1) { $0 + $1.count })
        for layer in layers.indices {
            for index in layers[layer].indices { layers[layer][index].translate(dx: dx, dy: dy) }
            nodes += layers[layer]
            layers[layer] = []
        }
    }

    /// The texts cut to fit that no layout recorded with an item's place (a header, the Today
    /// label, an axis label), at the card's place: every cut a text node tells of is reported.
    static func unrecordedCuts(in nodes: [Primitive], recorded: [Truncation], location: String) -> [Truncation] {
        var unmatched = Dictionary(recorded.map { ($0.text, 1) }, uniquingKeysWith: +)
        var found: [Truncation] = []
        for case .text(let node) in nodes {
            guard let cut = node.cut else { continue }
            if let count = unmatched[cut], count > 0 {
                unmatched[cut] = count - 1
            } else {
                found.append(Truncation(location: location, text: cut))
            }
        }
        return found
    }

    /// The card's border, stroked inside its edge; nil when it has no width.
    private static func borderBox(_ style: Style, origin: Point, height: Double, radius: Double) -> Primitive? {
        guard style.border.width > 0 else { return nil }
        let inset = style.border.width / 2
        return .box(
            BoxNode(
                rect: Rect(
                    x: origin.x + inset, y: origin.y + inset, width: style.width - style.border.width,
                    height: height - style.border.width),
                corners: CornerRadii(all: max(0, radius - inset)), fill: nil,
                stroke: Stroke(color: style.border.color.rgba, width: style.border.width)))
    }

    /// The card's box with its shadow, and its header and footer bands with their texts.
    private static func backdrop(
        _ style: Style, height: Double, radius: Double, header: BandLayout?,
        footer: (band: BandLayout, top: Double)?
    ) -> [Primitive] {
        let (margins, width) = (insideBorder(style), style.width)
        let innerWidth = width - margins.horizontal
        let shadow = style.shadow.map {
            ShadowPaint(color: $0.color.rgba, blur: $0.blur, offset: Point(x: $0.offsetX, y: $0.offsetY))
        }
        var nodes: [Primitive] = [
            .box(
                BoxNode(
                    rect: Rect(x: 0, y: 0, width: width, height: height),
                    corners: CornerRadii(all: radius), fill: style.background.rgba,
                    shadow: shadow))
        ]
        if let header {
            nodes.append(
                .box(
                    BoxNode(
                        rect: Rect(x: 0, y: 0, width: width, height: header.height),
                        corners: CornerRadii(
                            topLeft: radius, topRight: radius, bottomRight: 0,
                            bottomLeft: 0), fill: header.background)))
            nodes += header.text.placed(x: margins.left, top: header.textTop, width: innerWidth)
        }
        if let (footer, footerTop) = footer {
            nodes.append(
                .box(
                    BoxNode(
                        rect: Rect(x: 0, y: footerTop, width: width, height: footer.height),
                        corners: CornerRadii(
                            topLeft: 0, topRight: 0, bottomRight: radius,
                            bottomLeft: radius), fill: footer.background)))
            nodes += footer.text.placed(x: margins.left, top: footerTop + footer.textTop, width: innerWidth)
        }
        return nodes
    }

    /// The margins measured from inside the border, so a thick border never covers content.
    static func insideBorder(_ style: Style) -> Insets {
        let border = style.border.width
        let margins = style.margins
        return Insets(
            top: margins.top + border, right: margins.right + border, bottom: margins.bottom + border,
            left: margins.left + border)
    }

    private static func contentLayout(_ written: Card, measurer: any TextMeasuring) -> CardContent {
        let card = readable(written)
        let width = card.style.width - insideBorder(card.style).horizontal
        if card.items.isEmpty { return emptyState(card.style, width: width, measurer: measurer) }
        let rightToLeft = ReadingDirection.isRightToLeft(card)
        var content: CardContent
        switch (card.layout, card.direction) {
        case (.preview, _):
            // The preview strip is horizontal by definition.
            content = PreviewLayout(card: card, width: width, measurer: measurer).layout()
        case (.list, .horizontal):
            content = HorizontalLayout(card: card, width: width, measurer: measurer).layout()
        case (.time, .horizontal):
            content = HorizontalTimeLayout(card: card, width: width, measurer: measurer).layout()
        case (.time, .vertical):
            content = TimeLayout(card: card, width: width, measurer: measurer, rightToLeft: rightToLeft).layout()
        case (.list, .vertical):
            content = ListLayout(card: card, width: width, measurer: measurer, rightToLeft: rightToLeft).layout()
        }
        // Laid out left to right, then mirrored whole: every layout places its texts so that
        // reflecting keeps them where a right-to-left reader expects them.
        if rightToLeft {
            Mirror.horizontally(&content.layers, width: width)
            if content.timeAxis?.direction == "horizontal" {
                content.timeAxis?.mirror(width: width)
                for index in content.timeMarks.indices { content.timeMarks[index].mirror(width: width) }
            }
        }
        return content
    }

    /// The card with the colours its theme left at their defaults (dates, overdue and Today) made
    /// to read at 4.5:1 on its background, as header and footer texts are, and its sections'
    /// colours, which its nodes, bars and band edges take, at 3:1 (what marks need to be seen).
    static func readable(_ card: Card) -> Card {
        var card = card
        let defaults = Style()
        let background = card.style.background
        if card.style.eventColor == defaults.eventColor {
            card.style.eventColor = card.style.eventColor.readable(on: background)
        }
        if card.style.overdueColor == defaults.overdueColor {
            card.style.overdueColor = card.style.overdueColor.readable(on: background)
        }
        var changed: [String: (from: Color, to: Color)] = [:]
        for index in card.sections.indices {
            let section = card.sections[index]
            let color = section.color.readable(on: background, minimum: 3)
            guard color != section.color else { continue }
            changed[section.name] = (section.color, color)
            card.sections[index].color = color
        }
        if !changed.isEmpty { recolor(&card.items, changed) }
        return card
    }

    /// Items that took their section's colour take its readable one.
    private static func recolor(_ items: inout [Item], _ changed: [String: (from: Color, to: Color)]) {
        for index in items.indices {
            if let name = items[index].section, let change = changed[name], items[index].color == change.from {
                items[index].color = change.to
            }
            if var children = items[index].children {
                recolor(&children, changed)
                items[index].children = children
            }
        }
    }

    /// A card without items: a quiet line saying so, where the timeline would be.
    private static func emptyState(_ style: Style, width: Double, measurer: any TextMeasuring) -> CardContent {
        let block = TextBlock(
            "No items yet", font: style.resolvedSubtitleFont, color: style.subtitleColor.rgba,
            width: width, measurer: measurer)
        var content = CardContent()
        content.layers = [[.text(block.placed(x: 0, top: 12, width: width, alignment: .center))]]
        content.width = width
        content.height = block.height + 24
        content.description = ["No items yet"]
        return content
    }

    /// `title — subtitle` of a header or footer, on one line; nil when it has no text.
    private static func describe(_ band: Band) -> String? {
        let parts = [band.title, band.subtitle].compactMap { $0 }.filter { !$0.isEmpty }
        guard !parts.isEmpty else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            if !bytes.isEmpty { bytes += Array(" — ".utf8) }
            ItemText.appendOneLine(part, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    struct BandLayout {
        var height: Double
        var textTop: Double
        var text: TextStack
        var background: RGBA
    }

    private static func band(for band: Band, style: Style, width: Double, isHeader: Bool, measurer: any TextMeasuring)
        -> BandLayout
    {
        let innerWidth = width - insideBorder(style).horizontal
        var text = TextStack(gap: 3)
        // The band is painted over the card: its text must read on the two together.
        let under = band.background.over(style.background.over(.white))
        if isHeader {
            let color = band.color ?? Color.white.readable(on: under, target: 10)
            // The subtitle is the title's color a little lighter, while that still reads.
            let softer = color.withOpacity(220 / 255)
            func reads(_ candidate: Color) -> Bool {
                candidate.over(under).contrast(with: under) >= Color.readableContrast
            }
            let subtitle =
                reads(softer)
                ? softer : reads(color) || band.color != nil ? color : color.readable(on: under, target: 5.5)
            text.append(
                band.title, font: "\(style.font) Bold 17", color: color.rgba, width: innerWidth, measurer: measurer)
            text.append(
                band.subtitle, font: "\(style.font) 12", color: subtitle.rgba, width: innerWidth, measurer: measurer)
        } else {
            let color = band.color ?? style.subtitleColor.readable(on: under, target: 5.5)
            text.append(
                band.title, font: style.resolvedSubtitleFont, color: color.rgba, width: innerWidth, measurer: measurer)
        }
        let padding: Double = isHeader ? 16 : 11
        let border = style.border.width
        return BandLayout(
            height: text.height + padding * 2 + border, textTop: padding + (isHeader ? border : 0), text: text,
            background: band.background.rgba)
    }
}

/// A card `width` too narrow for its content: every column at its narrowest would not fit.
public struct WidthRefusal: Error, CustomStringConvertible, Sendable {
    /// Where the card was written; nil for a card made in code.
    public var location: SourceLocation?
    public var cardID: String
    public var width: Double
    /// The narrowest width that fits, in points; infinite when no width does.
    public var minimum: Double

    /// What is wrong, without the place.
    public var message: String {
        guard minimum.isFinite else {
            return "card '\(cardID)': its content fits at no width: its labels push one another past its end "
                + "whatever the width (put its items in date order, or split it into several cards)"
        }
        return "card '\(cardID)': width \(Self.points(width)) is too narrow for its content; "
            + "the narrowest width that fits is \(Self.points(minimum))"
    }

    /// `file:line:column: error: message`; the card's id stands for the place of a card made in code.
    public var description: String {
        "\(location?.description ?? cardID): error: \(message)"
    }

    private static func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension RGBA {
    func withAlpha(_ alpha: UInt8) -> RGBA { RGBA(r: r, g: g, b: b, a: UInt8(Int(a) * Int(alpha) / 255)) }
}
