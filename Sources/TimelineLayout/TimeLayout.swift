import TimelineModel
import TimelineScene

/// The vertical time layout: like the list (event column, status column, groups), but each node
/// sits where its `date` falls on a dated axis. Rows whose text would overlap are pushed apart by
/// the least amount (the axis follows them); long quiet gaps are cut, with a break mark, only when
/// the card would exceed its `maxLength`; periods (`end`) are bars in lanes beside the line.
struct TimeLayout {
    let card: Card
    let width: Double
    let measurer: any TextMeasuring
    /// The card is mirrored after layout; rows reading the other way swap their event and status.
    var rightToLeft = false

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
        let intervals = TimeAxisMarks.intervals(rows.map(\.item))
        let scale = TimeScale.vertical(intervals: intervals.compactMap { $0 }.map { ($0.start, $0.end) }, dayScale: style.dayScale,
                                       maxLength: TimeScale.maxLength(style, rows: rows.count), cutLength: style.maxGap)
        let painter = AxisPainter(style: style, measurer: measurer, names: style.names)
        let hasAxis = style.axis != .none && scale.last > scale.origin
        let axisLeft = hasAxis ? painter.labelColumnWidth(Self.sampleTicks(style.names), today: true) + AxisPainter.labelGap + 10 : 0
        let lanes = Lanes(rows: rows, intervals: intervals, style: style)

        // The lanes widen the node column: its middle stays the line, the lanes run right of it.
        let widestNode = sizes.max() ?? style.shapeSize
        // By day, the event column holds the day, which is not any one item's to move.
        let swapped = byDay ? rows.map { _ in false } : ReadingDirection.swapsColumns(rows, cardIsRightToLeft: rightToLeft)
        let (columns, plan) = text.columns(rows, labels: labels, width: width - axisLeft, sizes: sizes + [widestNode + lanes.extraWidth * 2],
                                           byDay: byDay, swapped: swapped, measurer: measurer)
        let (labelWidth, statusWidth, textRight) = (columns.labelWidth, columns.statusWidth, columns.textRight)
        let lineX = columns.lineX - lanes.extraWidth
        let rowTexts = text.measure(rows, labels: labels, columns: columns, hasStatus: hasStatus, byDay: byDay, swapped: swapped,
                                    measurer: measurer)
        let measured = rows.indices.map { index in
            place(rows[index], rowTexts[index], size: sizes[index], label: labels[index], left: columns.textX(rows[index].level))
        }

        let tops = rowTops(rows, measured, intervals: intervals, scale: scale)
        let centers = measured.indices.map { tops[$0] + measured[$0].centerOffset }
        let map = AxisMap(scale: scale, instants: intervals.map { $0?.start }, centers: centers)

        var content = CardContent()
        var describing: [UInt8] = []
        var bars: [Primitive] = [], markers: [Primitive] = [], texts: [Primitive] = [], links: [Primitive] = []
        var stops: [LineStop] = []
        var bottom: Double = 0
        var reach = centers

        for (index, var entry) in measured.enumerated() {
            let item = entry.row.item
            if entry.row.level > 0 || entry.row.groupEnd != nil {
                let under = GroupBoxes.background(depth: GroupBoxes.depth(of: entry.row), style: style, opacity: 0.07)
                entry.stack.keepReadable(on: under)
                // The title and status columns lie inside the group's box; the event column outside it.
                if swapped[index] {
                    var label = entry.label.map { TextStack(blocks: [$0]) }
                    label?.keepReadable(on: under)
                    entry.label = label?.blocks.first
                } else {
                    entry.status?.keepReadable(on: under)
                }
            }
            let top = tops[index]
            let center = Point(x: lineX, y: centers[index])
            let textTop = center.y - entry.stack.firstLineHeight / 2
            entry.stack.place(x: entry.left, top: textTop, width: entry.textWidth, alignment: .left, into: &texts)
            if entry.stack.isTruncated || entry.label?.measured.isTruncated == true || entry.status?.isTruncated == true {
                content.truncations.append(text.truncation(item))
            }
            let eventColumn = (x: 0.0, width: labelWidth), statusColumn = (x: columns.statusX, width: statusWidth)
            let (labelColumn, statusTextColumn) = swapped[index] ? (statusColumn, eventColumn) : (eventColumn, statusColumn)
            if let label = entry.label {
                texts.append(.text(label.placed(x: labelColumn.x, top: top + entry.labelTop, width: labelColumn.width, alignment: .right)))
            }
            if let status = entry.status {
                status.place(x: statusTextColumn.x, top: top + entry.statusTop, width: statusTextColumn.width, alignment: .right,
                             into: &texts)
            }

            let look = NodeLook(item: item, style: style, isOverdue: item.isOverdue(now: card.now))
            if let end = item.end, let lane = lanes.lane[index] {
                let endY = max(center.y, map.position(end.instant))
                bars += lanes.bar(lane: lane, from: center, to: endY, color: look.color, vertical: true)
                reach[index] = endY
                bottom = max(bottom, endY + lanes.thickness / 2)
            }
            NodeDrawing.node(look: look, item: item, center: center, size: entry.size, style: style, into: &markers)
            stops.append(LineStop(center: center, reach: look.shape == .none ? 0 : entry.size / 2, status: item.status))
            if let link = item.link {
                links.append(.link(LinkNode(rect: Rect(x: entry.left, y: top, width: textRight - entry.left, height: entry.height), url: link, label: item.title)))
            }
            content.description.append(text.describe(item, label: entry.labelText, scratch: &describing))
            bottom = max(bottom, top + entry.height + style.groupPadding * Double(entry.row.closesGroups))
        }

        let boxes = groupBoxes(rows, measured, tops: tops, reach: reach, columns: columns, innerWidth: width - axisLeft)
        bottom = max(bottom, boxes.bottom)
        let drawing = hasAxis ? axis(map: map, rows: rows, texts: texts, axisLeft: axisLeft, painter: painter) : nil
        if drawing?.today == true { content.description.append("Today") }
        let runs = SectionBands.runs(rows, sections: card.sections)
        let spans = measured.indices.map { (top: tops[$0], bottom: max(tops[$0] + measured[$0].height, reach[$0])) }
        let bands = SectionBands.vertical(runs, spans: spans, left: -7, right: width - axisLeft,
                                          style: style, named: !hasStatus, measurer: measurer)
        let breaks = scale.cuts.map(map.breakPosition)
        var layers = [bands, boxes.nodes, TimeMarks.line(stops, breaks: breaks, style: style, vertical: true), bars, markers, texts, links]
        for layer in layers.indices {
            for index in layers[layer].indices { layers[layer][index].translate(dx: axisLeft, dy: 0) }
        }
        content.layers = [drawing?.drawing.under ?? []] + layers + [drawing?.drawing.axis ?? []]
        content.width = width
        content.minimumWidth = plan.minimumWidth + axisLeft
        content.height = max(bottom, 0)
        return content
    }

    /// Tops of the rows: wanted where their dates fall, then pushed apart so no row's text runs
    /// into the next one.
    private func rowTops(_ rows: [ItemRow], _ measured: [MeasuredRow], intervals: [(start: Double, end: Double)?],
                         scale: TimeScale) -> [Double] {
        let wantedCenters = intervals.map { $0.map { scale.position($0.start) } ?? 0 }
        let firstTop = rows[0].groupEnd != nil ? style.groupPadding : 0
        let firstCenter = firstTop + measured[0].centerOffset
        let wanted = measured.indices.map { firstCenter + wantedCenters[$0] - measured[$0].centerOffset }
        let gaps = rows.indices.dropLast().map { index in
            let spacing = style.itemSpacing + style.groupPadding * Double(rows[index].closesGroups)
                + (rows[index + 1].groupEnd != nil ? style.groupPadding : 0)
            // A cut gap never shrinks below its drawn length, or its break mark would lie about time.
            guard let a = intervals[index]?.start, let b = intervals[index + 1]?.start,
                  scale.cuts.contains(where: { $0.start >= a && $0.end <= b }) else { return spacing }
            let distance = wantedCenters[index + 1] - wantedCenters[index]
            return max(spacing, distance + measured[index].centerOffset - measured[index + 1].centerOffset - measured[index].height)
        }
        return OverlapResolver.resolve(wanted: wanted, heights: measured.map(\.height), gaps: gaps, minimum: firstTop)
    }

    /// The axis left of the content; `texts` are the rows' texts, which the Today line avoids.
    private func axis(map: AxisMap, rows: [ItemRow], texts: [Primitive], axisLeft: Double,
                      painter: AxisPainter) -> (drawing: AxisPainter.Drawing, today: Bool) {
        let utcOffset = rows.first { $0.item.date != nil }?.item.date?.utcOffset ?? 0
        let marks = TimeAxisMarks.marks(map: map, style: style, now: card.now, utcOffset: utcOffset, names: style.names,
                                        minimumPitch: AxisPainter.verticalPitch)
        let shifted = texts.map { text -> Primitive in
            var moved = text
            moved.translate(dx: axisLeft, dy: 0)
            return moved
        }
        return (painter.vertical(marks, column: axisLeft - AxisPainter.labelGap - 10, right: width, texts: shifted), marks.today != nil)
    }

    /// Labels as wide as any tick's in these names, to size the axis column before the ticks are known.
    static func sampleTicks(_ names: DateNames) -> [AxisTick] {
        let days = (1...12).map { names.day(CivilDate(secondsSinceEpoch: Int64(CivilDate.daysSinceEpoch(year: 2026, month: $0, day: 28)) * 86_400)) }
        return (days + ["2026", "00:00", "Q4"]).map { AxisTick(instant: 0, label: $0, context: nil) }
    }

    /// Group boxes around their rows and every period bar that starts inside them.
    private func groupBoxes(_ rows: [ItemRow], _ measured: [MeasuredRow], tops: [Double], reach: [Double], columns: VerticalColumns,
                            innerWidth: Double) -> (nodes: [Primitive], bottom: Double) {
        var bottoms = measured.indices.map { tops[$0] + measured[$0].height }
        for (index, row) in rows.enumerated() {
            guard let end = row.groupEnd, let barEnd = reach[index...end].max() else { continue }
            bottoms[end] = max(bottoms[end], barEnd + style.shapeSize / 2)
        }
        let widest = columns.widest
        let nodes = GroupBoxes.vertical(rows, tops: tops, bottoms: bottoms, width: innerWidth, style: style, opacity: 0.07) { row in
            row.level == 0 ? columns.lineX - widest / 2 - style.groupPadding : columns.textX(row.level) - style.groupPadding
        }
        let bottom = rows.compactMap { $0.groupEnd.map { bottoms[$0] + style.groupPadding } }.max() ?? 0
        return (nodes, bottom)
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
