import TimelineModel
import TimelineScene

/// `direction: horizontal` for the list and time layouts: the line runs left to right, event text
/// sits above it and each item's labels are centred under its node, wrapped to the room between
/// its neighbours. The list spaces nodes evenly; the time layout places them by date, pushing
/// labels apart with the overlap resolver. The content grows wider than the card when needed.
struct HorizontalLayout {
    let card: Card
    let width: Double
    let measurer: any TextMeasuring
    /// Time layout: positions follow `date`; otherwise even spacing.
    let proportional: Bool

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

        let columns: (centers: [Double], widths: [Double])
        var breaks: [Bool] = []
        var axis: TimeAxis?
        if proportional {
            let timeAxis = TimeAxis(dates: rows.map(\.item.date), dayScale: style.dayScale, maxGap: style.maxGap)
            columns = proportionalColumns(rows, labels: labels, axis: timeAxis, text: text, inset: inset, byDay: byDay)
            breaks = timeAxis.breaks
            axis = timeAxis
        } else {
            // Wide enough for every title's longest word, so no word is broken in two.
            let slot = max(Self.minimumSlot, (width - inset * 2) / Double(rows.count), longestWord(rows) + Self.gutter)
            columns = (rows.indices.map { inset + (Double($0) + 0.5) * slot }, Array(repeating: slot - Self.gutter, count: rows.count))
        }
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
        var bars: [Primitive] = [], markers: [Primitive] = [], texts: [Primitive] = [], links: [Primitive] = []
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
            if let end = item.end, let axis {
                let endX = axis.position(of: end, from: index, centers: centers)
                bars.append(TimeMarks.periodBar(start: center.x, end: endX, across: lineY,
                                                thickness: TimeMarks.barThickness(size: sizes[index], style: style),
                                                color: look.color, vertical: false))
                right = max(right, endX + sizes[index] / 2)
            }
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
        content.layers = [boxes, TimeLayout.line(stops, breaks: breaks, style: style, vertical: false), bars, markers, texts, links]
        content.width = right + inset
        content.height = bottom
        return content
    }

    /// Time layout columns: each label as wide as its text wants (within `labelWidths`), centred
    /// on its date, then pushed apart so no two labels overlap.
    private func proportionalColumns(_ rows: [ItemRow], labels: [String?], axis: TimeAxis, text: ItemText,
                                     inset: Double, byDay: Bool) -> (centers: [Double], widths: [Double]) {
        let maxWidth = Self.labelWidths.upperBound
        let widths = rows.indices.map { index -> Double in
            var natural = labelStack(rows[index].item, width: maxWidth, text: text, byDay: byDay).blocks.map(\.measured.width).max() ?? 0
            if let label = labels[index] {
                natural = max(natural, TextBlock(label, font: style.resolvedEventFont, color: style.eventColor.rgba,
                                                 width: maxWidth, measurer: measurer).measured.width)
            }
            // A point of slack so wrapping again at this width keeps the same lines.
            return min(maxWidth, max(Self.labelWidths.lowerBound, (natural + 1).rounded(.up)))
        }
        let firstCenter = inset + widths[0] / 2
        let wanted = rows.indices.map { firstCenter + axis.offsets[$0] - widths[$0] / 2 }
        // A compressed gap never shrinks below maxGap, or its break mark would lie about time.
        let gaps = rows.indices.dropLast().map { index in
            axis.breaks[index] ? max(Self.gutter, axis.maxGap - (widths[index] + widths[index + 1]) / 2) : Self.gutter
        }
        let starts = OverlapResolver.resolve(wanted: wanted, heights: widths, gaps: gaps, minimum: inset)
        return (rows.indices.map { starts[$0] + widths[$0] / 2 }, widths)
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
