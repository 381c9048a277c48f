import TimelineModel
import TimelineScene

/// The vertical time layout: like the list (event column, status column, groups), but each node
/// sits where its `date` falls on one linear scale. Rows whose text would overlap are pushed
/// apart by the least amount and joined to their nodes by leaders: texts move, marks do not.
/// Long quiet gaps are cut, with a break mark, when the card would exceed its `maxLength` or a
/// text would otherwise be read beside another item's mark (`TimeLayout+Readable`); periods
/// (`end`) are bars in lanes beside the line.
struct TimeLayout {
    let card: Card
    let width: Double
    let measurer: any TextMeasuring
    /// The card is mirrored after layout; rows reading the other way swap their event and status.
    var rightToLeft = false

    var style: Style { card.style }

    func layout() -> CardContent {
        let ordered = Self.inDateOrder(ItemRow.rows(of: card, text: ItemText(card: card)))
        let (rows, labels) = (ordered.rows, ordered.labels)
        guard !rows.isEmpty else { return CardContent() }
        let intervals = TimeAxisMarks.intervals(rows.map(\.item))
        let periods = intervals.compactMap { $0 }.map { ($0.start, $0.end) }
        let painter = AxisPainter(style: style, measurer: measurer, names: style.names)
        // A single instant still gets an axis: the day before and after it (TimeScale.bounds).
        let hasAxis = style.axis != .none && !periods.isEmpty
        let axisLeft =
            hasAxis
            ? painter.labelColumnWidth(Self.sampleTicks(style.names), today: true) + AxisPainter.labelGap + 10 : 0
        let lanes = Lanes(rows: rows, intervals: intervals, style: style)
        // The lanes widen the node column: its middle stays the line, the lanes run right of it.
        let builder = VerticalRows(
            card: card, rows: rows, labels: labels, width: width - axisLeft, laneRoom: lanes.extraWidth,
            groupOpacity: 0.07, rightToLeft: rightToLeft, measurer: measurer)
        let headers = SectionHeaders(builder, sections: card.sections, measurer: measurer)
        let placed = readablePlacement(
            builder, periods: periods, intervals: intervals, hasAxis: hasAxis, headers: headers)
        let (scale, span, map) = (placed.scale, placed.span, placed.map)
        let (nodes, tops, nameTops) = (placed.nodes, placed.tops, placed.nameTops)

        var drawing = VerticalRows.Drawing()
        drawing.texts = headers.placed(builder, tops: nameTops)
        let (bars, reach, barsBottom) = periodBars(rows, lanes: lanes, map: map, lineX: builder.lineX, centers: nodes)
        var bottom = drawRows(builder, tops: tops, nodes: nodes, into: &drawing, below: barsBottom)

        var content = CardContent()
        content.description = drawing.description
        content.truncations = drawing.truncations
        let boxes = groupBoxes(builder, tops: tops, reach: reach)
        // The axis runs to the span's end, which a single item's padded span puts past its node.
        bottom = max(bottom, boxes.bottom, hasAxis ? map.position(span.end) + 4 : 0)
        let axis =
            hasAxis
            ? axis(map: map, span: span, rows: rows, texts: drawing.texts, axisLeft: axisLeft, painter: painter) : nil
        if axis?.today == true { content.description.append("Today") }
        content.timeAxis = axis?.record
        content.timeMarks = TimeRecords.marks(
            rows, paths: ordered.paths, nodes: nodes, barEnds: bars.ends, zone: card.timeZone)
        let bands = sectionBands(
            builder, runs: headers.runs, tops: (tops, nameTops), nodes: nodes, bars: bars.rects, right: width - axisLeft
        )
        let stops = drawing.stops.sorted { $0.center.y < $1.center.y }
        let line = TimeMarks.line(stops, breaks: scale.cuts.map(map.breakPosition), style: style, vertical: true)
        let layers = [
            bands, boxes.nodes, line, drawing.leaders, bars.nodes, drawing.markers, drawing.texts, drawing.links,
        ]
        content.layers = [axis?.drawing.under ?? []] + Self.shifted(layers, by: axisLeft) + [axis?.drawing.axis ?? []]
        content.width = width
        content.minimumWidth = builder.minimumWidth + axisLeft
        content.promisedWidth = builder.promisedWidth + axisLeft
        content.height = max(bottom, 0)
        return content
    }

    /// Draws every row at its top and node; the bottom of the lowest, or `below` if that is lower.
    private func drawRows(
        _ builder: VerticalRows, tops: [Double], nodes: [Double], into drawing: inout VerticalRows.Drawing,
        below: Double
    ) -> Double {
        var bottom = below
        for (index, row) in builder.rows.enumerated() {
            builder.draw(index, top: tops[index], node: nodes[index], into: &drawing)
            bottom = max(
                bottom, tops[index] + builder.shapes[index].height + style.groupPadding * Double(row.closesGroups),
                nodes[index] + builder.shapes[index].size / 2)
        }
        return bottom
    }

    /// The scale, the span its axis covers and the map of instants to positions: one scale places
    /// every node, bar end, tick and Today, and the axis's first tick, at or before the first
    /// item, sits where the first row's centre would.
    func placement(
        _ builder: VerticalRows, scale: TimeScale, periods: [(Double, Double)], hasAxis: Bool, headers: SectionHeaders
    ) -> (scale: TimeScale, span: (start: Double, end: Double), map: AxisMap) {
        let rows = builder.rows
        let lead = Self.nameRooms(headers).first { $0.first == 0 }?.room ?? 0
        let span =
            hasAxis
            ? TimeAxisMarks.coveringSpan(
                scale: scale, zone: card.timeZone, names: style.names,
                daysOnly: TimeAxisMarks.daysOnly(rows.map(\.item)))
            : (start: periods.map(\.0).min() ?? scale.origin, end: scale.last)
        let map = AxisMap(
            scale: scale,
            origin: builder.firstTop + lead + builder.shapes[0].centerOffset - scale.position(span.start))
        return (scale, span, map)
    }

    /// Room each section's name row takes, before the row it heads.
    static func nameRooms(_ headers: SectionHeaders) -> [(first: Int, room: Double)] {
        zip(headers.runs, headers.names).map { (first: $0.first, room: $1.height + SectionBands.headerGap) }
    }

    /// The section bands behind the rows: each from its name's row (at `tops.names`) over its
    /// rows' texts (at `tops.rows`), following its nodes (at `nodes`) and period `bars` past them.
    private func sectionBands(
        _ builder: VerticalRows, runs: [SectionBands.Run], tops: (rows: [Double], names: [Double]), nodes: [Double],
        bars: [Rect?], right: Double
    ) -> [Primitive] {
        let shapes = builder.shapes
        var spans = shapes.indices.map { (top: tops.rows[$0], bottom: tops.rows[$0] + shapes[$0].height) }
        for (run, top) in zip(runs, tops.names) { spans[run.first].top = min(spans[run.first].top, top) }
        let marks = shapes.indices.map { index in
            let size = shapes[index].size
            let node = Rect(x: builder.lineX - size / 2, y: nodes[index] - size / 2, width: size, height: size)
            return [node] + [bars[index]].compactMap { $0 }
        }
        return SectionBands.vertical(runs, spans: spans, marks: marks, left: -7, right: right, style: style)
    }

    /// Rows in the order of their dates (an undated row stays after the one before it), with
    /// each row's place in the card as written; a card with groups keeps its order, as its
    /// groups hold their rows together.
    static func inDateOrder(_ input: (rows: [ItemRow], labels: [String?])) -> (
        rows: [ItemRow], labels: [String?], paths: [String]
    ) {
        let paths = TimeRecords.paths(input.rows)
        guard input.rows.allSatisfy({ $0.level == 0 && $0.groupEnd == nil }) else {
            return (input.rows, input.labels, paths)
        }
        let starts = TimeAxisMarks.intervals(input.rows.map(\.item)).map { $0?.start ?? -.infinity }
        let order = input.rows.indices.sorted { starts[$0] < starts[$1] || (starts[$0] == starts[$1] && $0 < $1) }
        return (order.map { input.rows[$0] }, order.map { input.labels[$0] }, order.map { paths[$0] })
    }

    /// From the first row's centre to the last one's, with every row's text one after another.
    static func textLength(_ builder: VerticalRows) -> Double {
        let shapes = builder.shapes
        guard let first = shapes.first, let last = shapes.last, shapes.count > 1 else { return 0 }
        let stacked = shapes.indices.reduce(0) { total, index in
            total + shapes[index].height + (index + 1 < shapes.count ? builder.gap(after: index) : 0)
        }
        return stacked - first.centerOffset - (last.height - last.centerOffset)
    }

    /// The bars of periods, each in its lane from its node to where it ends, with their boxes and
    /// ends; where each row's bar ends (else its node's centre), and the lowest bar's bottom.
    private func periodBars(_ rows: [ItemRow], lanes: Lanes, map: AxisMap, lineX: Double, centers: [Double]) -> (
        bars: (nodes: [Primitive], rects: [Rect?], ends: [Double?]), reach: [Double], bottom: Double
    ) {
        var bars: [Primitive] = []
        var rects = [Rect?](repeating: nil, count: rows.count)
        var ends = [Double?](repeating: nil, count: rows.count)
        var reach = centers
        var bottom: Double = 0
        for (index, row) in rows.enumerated() {
            guard let end = row.item.end, let lane = lanes.lane[index] else { continue }
            let endY = max(centers[index], map.position(end.instant))
            let color = NodeLook(item: row.item, style: style, isOverdue: row.item.isOverdue(now: card.now)).color
            let from = Point(x: lineX, y: centers[index])
            let bar = lanes.bar(lane: lane, from: from, to: endY, color: color, vertical: true)
            if case .box(let box) = bar.last { rects[index] = box.rect }
            bars += bar
            reach[index] = endY
            ends[index] = endY
            bottom = max(bottom, endY + lanes.thickness / 2)
        }
        return ((bars, rects, ends), reach, bottom)
    }

    /// Tops of the rows' texts and of the sections' names: each row wanted beside its node, each
    /// name in a row of its own just above its run's first row, then pushed apart so no text runs
    /// into the next one; the nodes stay at their dates, and leaders join them.
    func rowTops(_ builder: VerticalRows, nodes: [Double], headers: SectionHeaders)
        -> (rows: [Double], names: [Double])
    {
        let shapes = builder.shapes
        let names = headers.names
        let named = Dictionary(uniqueKeysWithValues: headers.runs.indices.map { (headers.runs[$0].first, $0) })
        var (wanted, heights, gaps) = ([Double](), [Double](), [Double]())
        var rowBlock: [Int] = []
        var nameBlock: [Int] = []
        for index in shapes.indices {
            let top = nodes[index] - shapes[index].centerOffset
            if index > 0 { gaps.append(builder.gap(after: index - 1)) }
            if let run = named[index] {
                let room = names[run].height
                nameBlock.append(wanted.count)
                wanted.append(top - room - SectionBands.headerGap)
                heights.append(room)
                gaps.append(SectionBands.headerGap)
            }
            rowBlock.append(wanted.count)
            wanted.append(top)
            heights.append(shapes[index].height)
        }
        let starts = OverlapResolver.resolve(wanted: wanted, heights: heights, gaps: gaps, minimum: builder.firstTop)
        return (rowBlock.map { starts[$0] }, nameBlock.map { starts[$0] })
    }

    /// The axis left of the content; `texts` are the rows' texts, which the Today line avoids.
    private func axis(
        map: AxisMap, span: (start: Double, end: Double), rows: [ItemRow], texts: [Primitive], axisLeft: Double,
        painter: AxisPainter
    ) -> (drawing: AxisPainter.Drawing, today: Bool, record: TimeAxisRecord) {
        let marks = TimeAxisMarks.marks(
            map: map, style: style, now: card.now, zone: card.timeZone, names: style.names,
            minimumPitch: AxisPainter.verticalPitch, daysOnly: TimeAxisMarks.daysOnly(rows.map(\.item)), span: span)
        let shifted = texts.map { text -> Primitive in
            var moved = text
            moved.translate(dx: axisLeft, dy: 0)
            return moved
        }
        let drawing = painter.vertical(
            marks, column: axisLeft - AxisPainter.labelGap - 10, right: width, texts: shifted)
        let record = TimeRecords.axis(
            map: map, marks: marks, drawing: drawing, zone: card.timeZone, vertical: true, span: span)
        return (drawing, marks.today != nil, record)
    }

    /// `layers` moved `dx` to the right and `dy` down.
    static func shifted(_ layers: [[Primitive]], by dx: Double, dy: Double = 0) -> [[Primitive]] {
        layers.map { layer in
            layer.map { primitive in
                var moved = primitive
                moved.translate(dx: dx, dy: dy)
                return moved
            }
        }
    }

    /// Labels as wide as any tick's in these names, to size the axis column before the ticks are known.
    static func sampleTicks(_ names: DateNames) -> [AxisTick] {
        let days = (1...12).map {
            names.day(
                CivilDate(secondsSinceEpoch: Int64(CivilDate.daysSinceEpoch(year: 2026, month: $0, day: 28)) * 86_400))
        }
        return (days + ["2026", "00:00", "Q4"]).map { AxisTick(instant: 0, label: $0, context: nil) }
    }

    /// Group boxes around their rows and every period bar that starts inside them.
    private func groupBoxes(_ builder: VerticalRows, tops: [Double], reach: [Double]) -> (
        nodes: [Primitive], bottom: Double
    ) {
        let rows = builder.rows
        var bottoms = rows.indices.map { tops[$0] + builder.shapes[$0].height }
        for (index, row) in rows.enumerated() {
            guard let end = row.groupEnd, let barEnd = reach[index...end].max() else { continue }
            bottoms[end] = max(bottoms[end], barEnd + style.shapeSize / 2)
        }
        let bottom = rows.compactMap { $0.groupEnd.map { bottoms[$0] + style.groupPadding } }.max() ?? 0
        return (builder.groupBoxes(tops: tops, bottoms: bottoms), bottom)
    }
}
