import TimelineModel
import TimelineScene

/// `direction: horizontal` for the list layout: the line runs left to right, event text sits
/// above it and each item's labels are centred under its node, wrapped to the room between its
/// neighbours, nodes evenly spaced. The content grows wider than the card when needed.
/// (The time layout's is `HorizontalTimeLayout`.)
struct HorizontalLayout {
    let card: Card
    let width: Double
    let measurer: any TextMeasuring

    private var style: Style { card.style }
    /// Room between two neighbouring label columns.
    static let gutter: Double = 12
    /// Narrowest column the list gives an item before the card grows wider.
    static let minimumSlot: Double = 96
    /// Label widths the time layout allows itself, before wrapping.
    static let labelWidths: ClosedRange<Double> = 64...150
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

        // Wide enough for every title's longest word, so no word is broken in two.
        let slot = max(Self.minimumSlot, (width - inset * 2) / Double(rows.count), longestWord(rows) + Self.gutter)
        let columns = (rows.indices.map { inset + (Double($0) + 0.5) * slot }, Array(repeating: slot - Self.gutter, count: rows.count))
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
            if stacks[index].isTruncated { content.truncations.append(text.truncation(item)) }
            let look = NodeLook(item: item, style: style, isOverdue: item.isOverdue(now: card.now))
            NodeDrawing.node(look: look, item: item, center: center, size: sizes[index], style: style, into: &markers)
            stops.append(LineStop(center: center, reach: look.shape == .none ? 0 : sizes[index] / 2, status: item.status))
            if let link = item.link {
                links.append(.link(LinkNode(rect: Rect(x: left, y: labelTop, width: widths[index], height: stacks[index].height), url: link)))
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
        content.layers = [boxes, LineStop.segments(stops, style: style, vertical: false), markers, texts, links]
        content.width = right + inset
        content.height = bottom
        return content
    }

    /// Width of the longest word in any title (capped, so one very long word cannot widen every slot).
    private func longestWord(_ rows: [ItemRow]) -> Double {
        let cap = Self.labelWidths.upperBound
        return rows.compactMap { row -> Double? in
            guard let word = row.item.title?.split(whereSeparator: \.isWhitespace).max(by: { $0.count < $1.count }) else { return nil }
            let measured = measurer.measure(String(word), font: style.resolvedTitleFont, maxWidth: cap, maxLines: 1)
            return (measured.width + 1).rounded(.up)
        }.max() ?? 0
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
