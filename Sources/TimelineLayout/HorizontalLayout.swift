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
    /// Room between two neighbouring label columns.
    static let gutter: Double = 12
    /// Between the event text and a node, and between a node and its labels.
    private static let eventGap: Double = 6
    private static let labelGap: Double = 8

    func layout() -> CardContent {
        let text = ItemText(style: style, now: card.now)
        let (rows, labels) = ItemRow.rows(of: card, text: text)
        guard !rows.isEmpty else { return CardContent() }
        let byDay = card.groupBy == .day
        let sizes = rows.map { $0.nodeSize(style, byDay: byDay) }
        let widest = sizes.max() ?? style.shapeSize
        let hasGroups = rows.contains { $0.groupEnd != nil }
        let inset = hasGroups ? style.groupPadding / 2 : 0

        let columns = evenColumns(rows, text: text, inset: inset)
        let (centers, widths) = columns

        // Measure everything at its final width, then stack: event text, line, labels.
        let eventBlocks = rows.indices.map { index in
            labels[index].map { TextBlock($0, font: style.resolvedEventFont, color: style.eventColor.rgba, width: widths[index], measurer: measurer) }
        }
        let stacks = rows.indices.map { labelStack(rows[$0].item, width: widths[$0], text: text, byDay: byDay) }
        let eventHeight = eventBlocks.compactMap { $0?.height }.max() ?? 0
        let top = hasGroups ? style.groupPadding : 0
        let lineY = top + (eventHeight > 0 ? eventHeight + Self.eventGap : 0) + widest / 2
        let labelTop = lineY + widest / 2 + Self.labelGap

        var content = CardContent()
        var describing: [UInt8] = []
        var markers: [Primitive] = [], texts: [Primitive] = [], links: [Primitive] = []
        var stops: [LineStop] = []
        var right: Double = 0
        var bottom = lineY + widest / 2
        for (index, row) in rows.enumerated() {
            let item = row.item
            let center = Point(x: centers[index], y: lineY)
            let left = centers[index] - widths[index] / 2
            if let block = eventBlocks[index] {
                texts.append(.text(block.placed(x: left, top: lineY - widest / 2 - Self.eventGap - block.height,
                                                width: widths[index], alignment: .center)))
            }
            stacks[index].place(x: left, top: labelTop, width: widths[index], alignment: .center, into: &texts)
            if stacks[index].isTruncated || eventBlocks[index]?.measured.isTruncated == true {
                content.truncations.append(text.truncation(item))
            }
            let look = NodeLook(item: item, style: style, isOverdue: item.isOverdue(now: card.now))
            NodeDrawing.node(look: look, item: item, center: center, size: sizes[index], style: style, into: &markers)
            stops.append(LineStop(center: center, reach: look.shape == .none ? 0 : sizes[index] / 2, status: item.status))
            if let link = item.link {
                links.append(.link(LinkNode(rect: Rect(x: left, y: labelTop, width: widths[index], height: stacks[index].height), url: link, label: item.title)))
            }
            content.description.append(text.describe(item, label: labels[index], scratch: &describing))
            right = max(right, left + widths[index])
            bottom = max(bottom, labelTop + stacks[index].height)
        }
        bottom += hasGroups ? style.groupPadding : 0

        var boxes: [Primitive] = []
        for (index, row) in rows.enumerated() {
            guard let end = row.groupEnd else { continue }
            // Nested groups are inset a little so each one's edge stays visible.
            let shrink = Double(row.level) * 3
            let left = centers[index] - widths[index] / 2 - inset
            let rect = Rect(x: left, y: shrink, width: centers[end] + widths[end] / 2 + inset - left, height: bottom - shrink * 2)
            boxes.append(.box(BoxNode(rect: rect, corners: CornerRadii(all: 10), fill: style.nodeColor.withOpacity(0.07).rgba)))
        }
        var today: [Primitive] = []
        if let after = TodayMarker.row(after: rows, now: card.now, style: style), after + 1 < rows.count {
            // Down the gutter between the items before and after now.
            let x = (centers[after] + widths[after] / 2 + centers[after + 1] - widths[after + 1] / 2) / 2
            (today, bottom) = TodayMarker.upright(x: x, bottom: bottom, width: width, style: style, label: style.names.today, measurer: measurer)
            content.description.append("Today")
        }
        content.layers = [boxes, LineStop.segments(stops, style: style, vertical: false), markers, texts, today, links]
        content.width = width
        content.height = bottom
        let slots = Double(rows.count) * (ColumnPlan.minimumTextWidth + Self.gutter) + inset * 2
        content.minimumWidth = slots
        return content
    }

    /// List columns sharing the card's width: a slot for each item, a long word's slot taking
    /// room from its neighbours (`SlotWidths`).
    private func evenColumns(_ rows: [ItemRow], text: ItemText, inset: Double) -> (centers: [Double], widths: [Double]) {
        let needs = rows.map { wordNeed($0.item, text: text, cap: width / 2) + Self.gutter }
        let slots = SlotWidths.share(width - inset * 2, needs: needs)
        var centers: [Double] = [], left = inset
        for slot in slots {
            centers.append(left + slot / 2)
            left += slot
        }
        return (centers, slots.map { max(1, $0 - Self.gutter) })
    }

    /// The widest word of an item's labels, up to `cap`: narrower, a word would be cut.
    private func wordNeed(_ item: Item, text: ItemText, cap: Double) -> Double {
        var texts: [(String?, String)] = [(item.title, text.titleFont), (item.statusText, text.statusFont)]
        texts += [item.subtitle, item.attribute, item.subAttribute, item.subStatusText].map { ($0, text.subtitleFont) }
        let widest = texts.compactMap { entry in entry.0.map { SlotWidths.widestWord($0, font: entry.1, measurer: measurer) } }.max() ?? 0
        return min(cap, widest)
    }

    /// Title, subtitle, attributes and status texts, all centred under the node.
    private func labelStack(_ item: Item, width: Double, text: ItemText, byDay: Bool) -> TextStack {
        var stack = TextStack()
        if byDay, let event = text.event(item) {
            stack.append(event, font: style.resolvedEventFont, color: style.eventColor.rgba, width: width, measurer: measurer)
        }
        stack.blocks += text.stack(item, width: width, measurer: measurer).blocks
        stack.blocks += text.statusStack(item, width: width, measurer: measurer).blocks
        return stack
    }
}
