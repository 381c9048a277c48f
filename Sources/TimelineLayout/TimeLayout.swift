import TimelineModel
import TimelineScene

/// The vertical time layout: like the list (event column, status column, groups), but each node
/// sits where its `date` falls on the axis. Rows whose text would overlap are pushed apart by the
/// least amount, gaps longer than `maxGap` are compressed with a break mark on the line, and a
/// period (`end`) is a translucent bar along the line.
struct TimeLayout {
    let card: Card
    let width: Double
    let measurer: any TextMeasuring

    private var style: Style { card.style }

    /// One row measured, its geometry relative to the row's top.
    private struct MeasuredRow {
        var row: ItemRow
        var size: Double
        var stack: TextStack
        var label: TextBlock?
        var labelText: String?
        var status: TextStack?
        /// Tops of the label and status texts below the row's top: first baselines shared with the title.
        var labelTop: Double
        var statusTop: Double
        var left: Double
        var textWidth: Double
        /// Node centre below the row's top: the middle of the first text line (or of the node).
        var centerOffset: Double
        var height: Double
    }

    func layout() -> CardContent {
        let text = ItemText(style: style, now: card.now)
        let (rows, labels) = ItemRow.rows(of: card, text: text)
        guard !rows.isEmpty else { return CardContent() }
        let byDay = card.groupBy == .day
        let hasStatus = rows.contains { $0.item.statusText != nil || $0.item.subStatusText != nil }
        let sizes = rows.map { $0.nodeSize(style, byDay: byDay) }
        let (columns, plan) = text.columns(rows, labels: labels, width: width, sizes: sizes, byDay: byDay, measurer: measurer)
        let (labelWidth, statusWidth, widest, lineX, textRight) =
            (columns.labelWidth, columns.statusWidth, columns.widest, columns.lineX, columns.textRight)
        let textX = columns.textX

        let rowTexts = text.measure(rows, labels: labels, columns: columns, hasStatus: hasStatus, byDay: byDay, measurer: measurer)
        let measured = rows.indices.map { index in
            place(rows[index], rowTexts[index], size: sizes[index], label: labels[index], left: textX(rows[index].level))
        }

        // Wanted tops from the dates, then pushed apart so no row's text runs into the next one.
        let axis = TimeAxis(dates: rows.map(\.item.date), dayScale: style.dayScale, maxGap: style.maxGap)
        let firstTop = rows[0].groupEnd != nil ? style.groupPadding : 0
        let firstCenter = firstTop + measured[0].centerOffset
        let wanted = measured.indices.map { firstCenter + axis.offsets[$0] - measured[$0].centerOffset }
        let gaps = rows.indices.dropLast().map { index in
            let spacing = style.itemSpacing + style.groupPadding * Double(rows[index].closesGroups)
                + (rows[index + 1].groupEnd != nil ? style.groupPadding : 0)
            // A compressed gap never shrinks below maxGap, or its break mark would lie about time.
            guard axis.breaks[index] else { return spacing }
            return max(spacing, axis.maxGap + measured[index].centerOffset - measured[index + 1].centerOffset - measured[index].height)
        }
        let tops = OverlapResolver.resolve(wanted: wanted, heights: measured.map(\.height), gaps: gaps, minimum: firstTop)
        let centers = measured.indices.map { tops[$0] + measured[$0].centerOffset }

        var content = CardContent()
        var describing: [UInt8] = []
        var boxes: [Primitive] = [], bars: [Primitive] = [], markers: [Primitive] = [], texts: [Primitive] = [], links: [Primitive] = []
        var stops: [LineStop] = []
        var bottom: Double = 0

        for (index, var entry) in measured.enumerated() {
            let item = entry.row.item
            if entry.row.level > 0 || entry.row.groupEnd != nil {
                let under = GroupBoxes.background(depth: GroupBoxes.depth(of: entry.row), style: style, opacity: 0.07)
                entry.stack.keepReadable(on: under)
                entry.status?.keepReadable(on: under)
            }
            let top = tops[index]
            let center = Point(x: lineX, y: centers[index])
            let textTop = center.y - entry.stack.firstLineHeight / 2
            entry.stack.place(x: entry.left, top: textTop, width: entry.textWidth, alignment: .left, into: &texts)
            if entry.stack.isTruncated || entry.label?.measured.isTruncated == true || entry.status?.isTruncated == true {
                content.truncations.append(text.truncation(item))
            }
            if let label = entry.label {
                texts.append(.text(label.placed(x: 0, top: top + entry.labelTop, width: labelWidth, alignment: .right)))
            }
            if let status = entry.status {
                status.place(x: columns.statusX, top: top + entry.statusTop, width: statusWidth, alignment: .right, into: &texts)
            }

            let look = NodeLook(item: item, style: style, isOverdue: item.isOverdue(now: card.now))
            if let end = item.end {
                let endY = axis.position(of: end, from: index, centers: centers)
                bars.append(TimeMarks.periodBar(start: center.y, end: endY, across: lineX,
                                                thickness: TimeMarks.barThickness(size: entry.size, style: style),
                                                color: look.color, vertical: true))
                bottom = max(bottom, endY + entry.size / 2)
            }
            NodeDrawing.node(look: look, item: item, center: center, size: entry.size, style: style, into: &markers)
            stops.append(LineStop(center: center, reach: look.shape == .none ? 0 : entry.size / 2, status: item.status))
            if let link = item.link {
                links.append(.link(LinkNode(rect: Rect(x: entry.left, y: top, width: textRight - entry.left, height: entry.height), url: link)))
            }
            content.description.append(text.describe(item, label: entry.labelText, scratch: &describing))
            bottom = max(bottom, top + entry.height + style.groupPadding * Double(entry.row.closesGroups))
        }

        let bottoms = measured.indices.map { tops[$0] + measured[$0].height }
        boxes = GroupBoxes.vertical(rows, tops: tops, bottoms: bottoms, width: width, style: style, opacity: 0.07) { row in
            row.level == 0 ? lineX - widest / 2 - style.groupPadding : textX(row.level) - style.groupPadding
        }
        content.layers = [boxes, Self.line(stops, breaks: axis.breaks, style: style, vertical: true), bars, markers, texts, links]
        content.width = width
        content.minimumWidth = plan.minimumWidth
        content.height = max(bottom, 0)
        return content
    }

    /// Line segments between consecutive nodes, the compressed ones broken.
    static func line(_ stops: [LineStop], breaks: [Bool], style: Style, vertical: Bool) -> [Primitive] {
        var nodes: [Primitive] = []
        for index in stops.indices.dropLast() {
            let segment = LineStop.segments([stops[index], stops[index + 1]], style: style, vertical: vertical)
            guard index < breaks.count, breaks[index] else {
                nodes += segment
                continue
            }
            for case .line(let line) in segment { nodes += TimeMarks.broken(line, vertical: vertical) }
        }
        return nodes
    }

    /// A row's geometry around its measured texts.
    private func place(_ row: ItemRow, _ texts: RowTexts, size: Double, label: String?, left: Double) -> MeasuredRow {
        let (stack, textWidth) = (texts.stack, texts.textWidth)
        let lineHeight = stack.blocks.isEmpty ? size : stack.firstLineHeight
        let centerOffset = max(lineHeight, size) / 2
        let textTop = centerOffset - lineHeight / 2
        var height = max(textTop + stack.height, centerOffset + size / 2)
        // Event and status texts share the title's first baseline (or centre on the node without one).
        let baseline = stack.blocks.first?.measured.lines.first.map { textTop + $0.baseline }
        func top(_ first: TextBlock?) -> Double {
            guard let first else { return textTop }
            if let baseline, let own = first.measured.lines.first?.baseline { return baseline - own }
            return centerOffset - first.firstLineHeight / 2
        }
        let block = texts.label
        let labelTop = top(block)
        if let block { height = max(height, labelTop + block.height) }
        let status = texts.status
        let statusTop = top(status?.blocks.first)
        if let status { height = max(height, statusTop + status.height) }
        // A taller label font could start above the row; the row then starts there.
        let rise = max(0, -min(labelTop, statusTop))
        return MeasuredRow(row: row, size: size, stack: stack, label: block, labelText: label, status: status,
                           labelTop: labelTop + rise, statusTop: statusTop + rise, left: left, textWidth: textWidth,
                           centerOffset: centerOffset + rise, height: height + rise)
    }
}
