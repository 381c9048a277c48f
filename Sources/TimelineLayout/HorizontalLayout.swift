import TimelineModel
import TimelineScene

/// `direction: horizontal` for the list layout: the line runs left to right, event text sits
/// above it and each item's labels are centred under its node, wrapped to the room between its
/// neighbours, nodes evenly spaced. The card keeps its width: columns share it, or the width is
/// refused. (The time layout's is `HorizontalTimeLayout`.)
struct HorizontalLayout {
    let card: Card
    let width: Double
    let measurer: any TextMeasuring

    private var style: Style { card.style }

    func layout() -> CardContent {
        guard let builder = HorizontalRows(card: card) else { return CardContent() }
        let (rows, inset) = (builder.rows, builder.inset)
        let minimumWidth = Double(rows.count) * (ColumnPlan.minimumTextWidth + HorizontalRows.gutter) + inset * 2
        // Refused before any text is measured: thousands of columns that cannot fit are not laid out.
        if minimumWidth > width + 0.01 { return CardContent(minimumWidth: minimumWidth) }
        let (centers, widths) = evenColumns(rows, text: builder.text, inset: inset)
        // Measure everything at its final width, then stack: event text, line, labels.
        var drawing = builder.draw(builder.texts(widths: widths, measurer: measurer), centers: centers, widths: widths)
        var bottom = drawing.bottom
        var boxes = builder.groupBoxes(centers: centers, widths: widths, reach: centers, bottom: bottom)
        var bandsBottom = 0.0 // the Today line starts under the section bands, never through a name
        if let sections = ListSectionBands(rows: rows, card: card) {
            (boxes, bandsBottom) = Self.underSections(
                sections, &drawing, &bottom, centers: centers, widths: widths, self)
        }
        var content = CardContent()
        content.description = drawing.description
        ListSectionBands(rows: rows, card: card)?.describe(&content.description, rows: rows.count)
        content.truncations = drawing.truncations
        var today: [Primitive] = []
        if let after = TodayMarker.row(after: rows, now: card.now, style: style), after + 1 < rows.count {
            // Down the gutter between the items before and after now.
            let x = (centers[after] + widths[after] / 2 + centers[after + 1] - widths[after + 1] / 2) / 2
            (today, bottom) = TodayMarker.upright(
                x: x, top: bandsBottom, bottom: bottom, width: width, style: style, label: style.names.today,
                measurer: measurer)
            content.description.append("Today")
        }
        let line = LineStop.segments(drawing.stops, style: style, vertical: false)
        content.layers = [boxes, line, drawing.markers, drawing.texts, today, drawing.links]
        content.width = width
        content.height = bottom
        content.minimumWidth = minimumWidth
        return content
    }

    /// The sections' header bands above the columns, the items moved down under them and their
    /// texts kept readable on the sections' tints; returns the bands and boxes, and how far down
    /// the bands reach.
    private static func underSections(
        _ sections: ListSectionBands, _ drawing: inout HorizontalRows.Drawing, _ bottom: inout Double,
        centers: [Double], widths: [Double], _ layout: HorizontalLayout
    ) -> (boxes: [Primitive], bandsBottom: Double) {
        let (extents, names, offset) = sections.horizontal(
            centers: centers, widths: widths, width: layout.width, measurer: layout.measurer)
        for index in drawing.markers.indices { drawing.markers[index].translate(dx: 0, dy: offset) }
        for index in drawing.texts.indices { drawing.texts[index].translate(dx: 0, dy: offset) }
        for index in drawing.links.indices { drawing.links[index].translate(dx: 0, dy: offset) }
        for index in drawing.stops.indices { drawing.stops[index].center.y += offset }
        bottom += offset + ListSectionBands.padding
        let boxes = sections.horizontalBoxes(extents: extents, names: names, offset: offset, bottom: bottom)
        let bodies = sections.runs.indices.map { index in
            (
                sections.runs[index],
                Rect(x: extents[index].left, y: 0, width: extents[index].right - extents[index].left, height: bottom)
            )
        }
        sections.keepTextsReadable(&drawing.texts, boxes: bodies)
        return (boxes, offset)
    }

    /// List columns sharing the card's width: a slot for each item, a long word's slot taking
    /// room from its neighbours (`SlotWidths`). When the words fit only with narrower gutters, the
    /// gutters give way (down to `minimumGutter`) before any word is cut.
    private func evenColumns(_ rows: [ItemRow], text: ItemText, inset: Double) -> (centers: [Double], widths: [Double])
    {
        let words = rows.map { wordNeed($0.item, text: text, cap: width / 2) }
        let total = width - inset * 2
        let room = (total - words.reduce(0, +)) / Double(rows.count)
        let gutter = min(HorizontalRows.gutter, max(Self.minimumGutter, room))
        let slots = SlotWidths.share(total, needs: words.map { $0 + gutter })
        var centers: [Double] = []
        var left = inset
        for slot in slots {
            centers.append(left + slot / 2)
            left += slot
        }
        return (centers, slots.map { max(1, $0 - gutter) })
    }

    /// The narrowest space between two items' labels.
    static let minimumGutter: Double = 6

    /// The widest word of an item's labels, up to `cap`: narrower, a word would be cut.
    private func wordNeed(_ item: Item, text: ItemText, cap: Double) -> Double {
        var texts: [(String?, String)] = [(item.title, text.titleFont), (item.statusText, text.statusFont)]
        texts += [item.subtitle, item.attribute, item.subAttribute, item.subStatusText].map { ($0, text.subtitleFont) }
        let widest =
            texts.compactMap { entry in entry.0.map { SlotWidths.widestWord($0, font: entry.1, measurer: measurer) } }
            .max() ?? 0
        return min(cap, widest)
    }
}
