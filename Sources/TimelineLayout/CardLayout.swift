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
}

/// Lays out one card: frame, header and footer bands around the content of its layout.
public enum CardLayout {
    /// The card as an image of its own.
    public static func scene(for card: Card, measurer: any TextMeasuring) -> Scene {
        let style = card.style
        let pad = shadowPadding(style)
        let frame = frame(for: card, measurer: measurer, origin: Point(x: pad.left, y: pad.top))
        var description = frame.description
        // A card's own subtitle is drawn only in a feed: alone, the description carries it,
        // as the feed's heading line would.
        if let subtitle = card.subtitle {
            description.insert([card.title, subtitle].compactMap { $0 }.joined(separator: " — "), at: 0)
        }
        return Scene(width: frame.width + pad.horizontal, height: frame.height + pad.vertical, background: nil,
                     nodes: frame.nodes, title: card.title ?? card.header?.title ?? card.id,
                     description: description, truncations: frame.truncations, backdrop: style.background.rgba)
    }

    /// Space around the card for its shadow.
    static func shadowPadding(_ style: Style) -> Insets {
        guard let shadow = style.shadow else { return Insets(all: 0) }
        let spread = shadow.blur * 2
        return Insets(top: max(0, spread - shadow.offsetY), right: max(0, spread + shadow.offsetX),
                      bottom: max(0, spread + shadow.offsetY), left: max(0, spread - shadow.offsetX))
    }

    /// The card drawn with its top-left corner at `origin` (every node is moved once: a big
    /// card has hundreds of thousands).
    static func frame(for card: Card, measurer: any TextMeasuring, origin: Point) -> CardContent {
        let style = card.style
        let margins = style.margins
        var content = contentLayout(card, measurer: measurer)
        let width = max(style.width, content.width + margins.horizontal)
        let innerWidth = width - margins.horizontal

        let header = card.header.map { band(for: $0, style: style, width: width, isHeader: true, measurer: measurer) }
        let footer = card.footer.map { band(for: $0, style: style, width: width, isHeader: false, measurer: measurer) }
        let headerHeight = header?.height ?? 0
        let contentTop = headerHeight + margins.top
        let footerTop = contentTop + content.height + margins.bottom
        let height = footerTop + (footer?.height ?? 0)
        let radius = min(style.cornerRadius, width / 2, height / 2)

        var nodes: [Primitive] = []
        let shadow = style.shadow.map {
            ShadowPaint(color: $0.color.rgba, blur: $0.blur, offset: Point(x: $0.offsetX, y: $0.offsetY))
        }
        nodes.append(.box(BoxNode(rect: Rect(x: 0, y: 0, width: width, height: height), corners: CornerRadii(all: radius),
                                  fill: style.background.rgba, shadow: shadow)))
        if let header {
            nodes.append(.box(BoxNode(rect: Rect(x: 0, y: 0, width: width, height: header.height),
                                      corners: CornerRadii(topLeft: radius, topRight: radius, bottomRight: 0, bottomLeft: 0),
                                      fill: header.background)))
            nodes += header.text.placed(x: margins.left, top: header.textTop, width: innerWidth)
        }
        if let footer {
            nodes.append(.box(BoxNode(rect: Rect(x: 0, y: footerTop, width: width, height: footer.height),
                                      corners: CornerRadii(topLeft: 0, topRight: 0, bottomRight: radius, bottomLeft: radius),
                                      fill: footer.background)))
            nodes += footer.text.placed(x: margins.left, top: footerTop + footer.textTop, width: innerWidth)
        }
        for index in nodes.indices { nodes[index].translate(dx: origin.x, dy: origin.y) }
        var layers = content.layers
        content.layers = []
        nodes.reserveCapacity(nodes.count + layers.reduce(1) { $0 + $1.count })
        for layer in layers.indices {
            // Moved while each layer is its only owner, so text lines change without a copy.
            for index in layers[layer].indices {
                layers[layer][index].translate(dx: margins.left + origin.x, dy: contentTop + origin.y)
            }
            nodes += layers[layer]
            layers[layer] = []
        }
        if style.border.width > 0 {
            // Stroked inside the edge, after the bands, so they never cover it.
            let inset = style.border.width / 2
            nodes.append(.box(BoxNode(rect: Rect(x: origin.x + inset, y: origin.y + inset, width: width - style.border.width, height: height - style.border.width),
                                      corners: CornerRadii(all: max(0, radius - inset)), fill: nil,
                                      stroke: Stroke(color: style.border.color.rgba, width: style.border.width))))
        }
        content.nodes = nodes
        // The bands' texts open and close the description, as they are drawn above and below.
        if let header = card.header, let line = describe(header) { content.description.insert(line, at: 0) }
        if let footer = card.footer, let line = describe(footer) { content.description.append(line) }
        content.width = width
        content.height = height
        var truncations = content.truncations
        truncations += (header?.text.isTruncated ?? false) ? [Truncation(location: card.location?.description ?? card.id, text: card.header?.title ?? "")] : []
        content.truncations = truncations
        return content
    }

    private static func contentLayout(_ card: Card, measurer: any TextMeasuring) -> CardContent {
        let width = card.style.width - card.style.margins.horizontal
        switch (card.layout, card.direction) {
        case (.preview, _):
            // The preview strip is horizontal by definition.
            return PreviewLayout(card: card, width: width, measurer: measurer).layout()
        case (.list, .horizontal), (.time, .horizontal):
            return HorizontalLayout(card: card, width: width, measurer: measurer, proportional: card.layout == .time).layout()
        case (.time, .vertical):
            return TimeLayout(card: card, width: width, measurer: measurer).layout()
        case (.list, .vertical):
            return ListLayout(card: card, width: width, measurer: measurer).layout()
        }
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

    private static func band(for band: Band, style: Style, width: Double, isHeader: Bool, measurer: any TextMeasuring) -> BandLayout {
        let innerWidth = width - style.margins.horizontal
        var text = TextStack(gap: 3)
        let color = band.color.rgba
        if isHeader {
            text.append(band.title, font: "\(style.font) Bold 17", color: color, width: innerWidth, measurer: measurer)
            text.append(band.subtitle, font: "\(style.font) 12", color: color.withAlpha(220), width: innerWidth, measurer: measurer)
        } else {
            text.append(band.title, font: style.resolvedSubtitleFont, color: color, width: innerWidth, measurer: measurer)
        }
        let padding: Double = isHeader ? 16 : 11
        return BandLayout(height: text.height + padding * 2, textTop: padding, text: text, background: band.background.rgba)
    }
}

extension RGBA {
    func withAlpha(_ alpha: UInt8) -> RGBA { RGBA(r: r, g: g, b: b, a: UInt8(Int(a) * Int(alpha) / 255)) }
}
