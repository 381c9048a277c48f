import TimelineModel
import TimelineScene

/// A horizontal time card with sections drawn as lanes, one band across the card for each
/// section: its name in a label column on the left, its own line with its items' nodes at their
/// dates on the card's one scale, its bars under that line and its labels staggered into tiers
/// under their nodes. A band holds exactly its section's marks and texts, and the dated axis
/// under the lanes serves them all.
struct SectionLanes {
    let layout: HorizontalTimeLayout
    private var card: Card { layout.card }
    private var style: Style { card.style }

    /// Room around a lane's content inside its band, and between two bands.
    static let padding: Double = 8
    static let laneGap: Double = 6
    /// The label column's widest name, before it wraps.
    static let nameWidth: Double = 140

    /// One section's lane: its rows drawn from the top of the band.
    private struct Lane {
        /// Nil for the lane of items without a section, which has no band.
        var section: Section?
        var builder: HorizontalRows
        /// Each of the lane's rows' place in the card as written.
        var paths: [String]
    }

    /// The card in lanes, or nil when it has groups, no sections, or a lane whose labels fit no tier
    /// (then the card is laid out as one line, its sections as bands along it).
    func content() -> CardContent? {
        guard !card.sections.isEmpty, card.items.allSatisfy({ ($0.children ?? []).isEmpty }) else { return nil }
        let lanes = makeLanes()
        guard !lanes.isEmpty else { return nil }
        let names = lanes.map { lane in
            lane.section.map { SectionBands.name($0, width: Self.nameWidth, style: style, measurer: layout.measurer) }
        }
        let column = (names.compactMap { $0?.measured.width }.max() ?? 0).rounded(.up) + Self.padding * 2
        // Each lane's labels at their natural widths, else wrapped narrower level by level
        // (`HorizontalTimeLayout.narrowings`), before the card gives up its lanes.
        let levels = lanes.map { lane in
            let natural = layout.naturalWidths(lane.builder)
            return HorizontalTimeLayout.narrowings(natural, floors: layout.floors(lane.builder, natural: natural))
        }
        for level in 0..<(levels.map(\.count).max() ?? 0) {
            let widths = levels.map { $0[min(level, $0.count - 1)] }
            if let content = content(lanes, names: names, column: column, widths: widths) { return content }
        }
        return nil
    }

    /// The lanes drawn with their labels `widths` wide, or nil when some lane's labels fit no tiers.
    private func content(_ lanes: [Lane], names: [TextBlock?], column: Double, widths: [[Double]]) -> CardContent? {
        let all = lanes.flatMap(\.builder.rows)
        let intervals = TimeAxisMarks.intervals(all.map(\.item))
        let spans = intervals.compactMap { $0 }.map { ($0.start, $0.end) }
        let starts = zip(lanes, widths).flatMap { lane, widths in
            zip(TimeAxisMarks.intervals(lane.builder.rows.map(\.item)), widths).map { ($0?.start ?? .infinity, $1) }
        }
        // The first and last dates' labels are centred on their nodes inside the card.
        let first = starts.min { $0.0 < $1.0 }?.1 ?? 0
        let last = starts.max { $0.0 < $1.0 }?.1 ?? 0
        let left = column + first / 2
        let length = max(0, layout.width - Self.padding - last / 2 - left)
        let end = style.axis == .none ? nil : AxisEnd(rows: all, names: style.names, zone: layout.card.timeZone)
        let scale = layout.covering(
            TimeScale.fitted(intervals: spans, length: length, cutLength: style.maxGap, cutting: false), end: end,
            intervals: spans, length: length)
        let map = AxisMap(scale: scale, origin: left)
        var drawn: [DrawnLane] = []
        var top: Double = 0
        for (index, lane) in lanes.enumerated() {
            guard
                let lane = draw(
                    lane, widths: widths[index], name: names[index], map: map, column: column, top: top)
            else { return nil }
            drawn.append(lane)
            top = lane.bottom + Self.laneGap
        }
        return assemble(drawn, all: all, map: map, scale: scale, bottom: top - Self.laneGap)
    }

    /// The lanes in the order of the card's sections, then one for items without a section.
    private func makeLanes() -> [Lane] {
        var groups: [(section: Section?, indices: [Int])] = card.sections.compactMap { section in
            let indices = card.items.indices.filter { card.items[$0].section == section.name }
            return indices.isEmpty ? nil : (section, indices)
        }
        let named = Set(card.sections.map(\.name))
        let rest = card.items.indices.filter { card.items[$0].section.map { !named.contains($0) } ?? true }
        if !rest.isEmpty { groups.append((nil, rest)) }
        return groups.compactMap { group in
            var sub = card
            sub.items = group.indices.map { card.items[$0] }
            guard let builder = HorizontalRows(card: sub, inDateOrder: true) else { return nil }
            // A lane's paths count its own items: each maps back to the item's place in the card.
            let paths = builder.paths.map { path in Int(path).map { String(group.indices[$0]) } ?? path }
            return Lane(section: group.section, builder: builder, paths: paths)
        }
    }

    /// A lane drawn in its band.
    private struct DrawnLane {
        var layers: [[Primitive]]
        var texts: [Primitive]
        var description: [String]
        var truncations: [Truncation]
        var rows: [ItemRow]
        var paths: [String]
        var nodes: [Double]
        var barEnds: [Double?]
        var bottom: Double
    }

    /// `lane` drawn from `top`, its labels in tiers between the label `column` and the card's right
    /// edge; nil when a label fits no tier.
    private func draw(
        _ lane: Lane, widths: [Double], name: TextBlock?, map: AxisMap, column: Double, top: Double
    ) -> DrawnLane? {
        let rows = lane.builder.rows
        let intervals = TimeAxisMarks.intervals(rows.map(\.item))
        let nodes = intervals.map { map.position($0?.start ?? map.scale.origin) }
        // Labels stay inside the band, clear of its rounded right edge.
        guard layout.width - Self.padding > column,
            let tiers = LabelTiers.staggered(
                nodes: nodes, widths: widths, runs: rows.map { _ in nil }, gutter: HorizontalRows.gutter,
                bounds: column...(layout.width - Self.padding), titles: layout.titleWidths(lane.builder))
        else { return nil }
        let lanes = Lanes(rows: rows, intervals: intervals, style: style)
        let drawing = lane.builder.draw(
            lane.builder.texts(widths: widths, measurer: layout.measurer), centers: tiers.centers, widths: widths,
            below: lanes.extraWidth + lanes.thickness / 2, nodes: nodes, tiers: tiers)
        let bars = layout.periodBars(rows, lanes: lanes, map: map, nodes: nodes, lineY: drawing.lineY)
        let stops = drawing.stops.sorted { $0.center.x < $1.center.x }
        let line = TimeMarks.line(stops, breaks: [], style: style, vertical: false)
        let contentTop = top + Self.padding
        let height = max(drawing.bottom, name.map { drawing.lineY + $0.height / 2 } ?? 0) + Self.padding * 2
        var band: [Primitive] = []
        if let section = lane.section {
            let fill = section.color.withOpacity(SectionBands.tint).rgba
            let rect = Rect(x: 0, y: top, width: layout.width, height: height)
            band.append(.box(BoxNode(rect: rect, corners: CornerRadii(all: 8), fill: fill)))
            band.append(
                .box(
                    BoxNode(
                        rect: Rect(x: 0, y: top, width: 3, height: height), corners: CornerRadii(all: 1.5),
                        fill: section.color.rgba)))
        }
        // The name level with the lane's line, in the label column.
        let nameText: [Primitive] =
            name.map { name in
                let nameTop = max(0, drawing.lineY - name.height / 2)
                return [.text(name.placed(x: Self.padding, top: nameTop, width: column - Self.padding * 2))]
            } ?? []
        let layers = [line, drawing.leaders, bars.nodes, drawing.markers, drawing.texts + nameText, drawing.links]
        let moved = TimeLayout.shifted(layers, by: 0, dy: contentTop)
        return DrawnLane(
            layers: [band] + moved, texts: moved[4], description: drawing.description,
            truncations: drawing.truncations, rows: rows, paths: lane.paths, nodes: nodes, barEnds: bars.ends,
            bottom: top + height)
    }

    /// The lanes one under another, with the dated axis under them.
    private func assemble(_ lanes: [DrawnLane], all: [ItemRow], map: AxisMap, scale: TimeScale, bottom: Double)
        -> CardContent
    {
        var content = CardContent()
        content.description = lanes.flatMap(\.description)
        content.truncations = lanes.flatMap(\.truncations)
        let texts = lanes.flatMap(\.texts)
        let axisTop = bottom + HorizontalTimeLayout.axisGap
        let axis = layout.axis(map: map, scale: scale, rows: all, texts: texts, top: axisTop)
        if axis?.today == true { content.description.append("Today") }
        content.timeAxis = axis?.record
        content.timeMarks = lanes.flatMap { lane in
            TimeRecords.marks(
                lane.rows, paths: lane.paths, nodes: lane.nodes, barEnds: lane.barEnds,
                zone: layout.card.timeZone)
        }
        // Layer by layer across the lanes, so no lane's band covers another's marks.
        let depth = lanes.map(\.layers.count).max() ?? 0
        let layers = (0..<depth).map { layer in lanes.flatMap { layer < $0.layers.count ? $0.layers[layer] : [] } }
        content.layers = [axis?.drawing.under ?? []] + layers + [axis?.drawing.axis ?? []]
        content.width = layout.width
        content.height = bottom + (axis.map { HorizontalTimeLayout.axisGap + $0.drawing.extent } ?? 0)
        return content
    }
}
