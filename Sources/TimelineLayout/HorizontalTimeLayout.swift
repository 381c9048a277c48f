import TimelineModel
import TimelineScene

/// `layout: time, direction: horizontal`: the span fitted to the card's width, event text above
/// the line, period bars in lanes under it, each label at its own node (centred under it or
/// hanging beside it, in tiers where labels meet, `LabelTiers`: a label's nearest mark is its own)
/// and the dated axis at the bottom. Labels wrap narrower before a card takes many tiers, and
/// quiet gaps are cut before a card is refused. A card with sections is drawn as lanes, one for
/// each (`SectionLanes`), where they fit.
struct HorizontalTimeLayout {
    let card: Card
    let width: Double
    let measurer: any TextMeasuring

    private var style: Style { card.style }
    /// Label widths allowed before wrapping.
    private static let labelWidths: ClosedRange<Double> = 64...150
    static let axisGap: Double = 14

    func layout() -> CardContent {
        // Sections as lanes, each named in the label column, where every lane's labels fit.
        if let lanes = SectionLanes(layout: self).content() { return lanes }
        guard let builder = HorizontalRows(card: card, inDateOrder: true) else { return CardContent() }
        let (rows, inset) = (builder.rows, builder.inset)
        let intervals = TimeAxisMarks.intervals(rows.map(\.item))
        let lanes = Lanes(rows: rows, intervals: intervals, style: style)
        let natural = naturalWidths(builder)
        let floors = floors(builder, natural: natural)
        let end = style.axis == .none ? nil : AxisEnd(rows: rows, names: style.names, zone: card.timeZone)
        let runs = SectionBands.runs(rows, sections: card.sections)
        func refused() -> CardContent {
            CardContent(
                minimumWidth: minimumWidth(
                    builder, natural: natural, floors: floors, intervals: intervals, end: end, runs: runs))
        }
        // No tier holds some label even wrapped to its widest word: the card is refused.
        guard
            let (fitted, tiers) = arrangement(
                builder, natural: natural, floors: floors, intervals: intervals, end: end, runs: runs, width: width)
        else { return refused() }
        let (widths, scale, centers) = (fitted.widths, fitted.scale, fitted.centers)
        // One scale places every node, bar end, tick and Today; labels were only pushed apart.
        let left = inset + (widths.first ?? 0) / 2
        let map = AxisMap(scale: scale, origin: left)
        let nodes = intervals.map { map.position($0?.start ?? scale.origin) }
        let drawing = builder.draw(
            builder.texts(widths: widths, measurer: measurer), centers: centers, widths: widths,
            below: lanes.extraWidth + lanes.thickness / 2, nodes: nodes, tiers: tiers)
        let bars = periodBars(rows, lanes: lanes, map: map, nodes: nodes, lineY: drawing.lineY)
        let spans = rows.indices.map { (left: centers[$0] - widths[$0] / 2, right: centers[$0] + widths[$0] / 2) }
        let bands = SectionBands.horizontal(
            runs, spans: spans, marks: Self.marks(builder, nodes: nodes, bars: bars.rects, lineY: drawing.lineY),
            top: 0, bottom: drawing.bottom, style: style, measurer: measurer)
        var bottom = drawing.bottom + bands.height
        let boxes = builder.groupBoxes(centers: centers, widths: widths, reach: bars.reach, bottom: bottom)

        var content = CardContent()
        content.description = drawing.description
        content.truncations = drawing.truncations
        // The Today line stops at the section bands' names as at the items' texts.
        let axis = axis(
            map: map, scale: scale, rows: rows, texts: drawing.texts + bands.nodes, top: bottom + Self.axisGap)
        bottom += axis.map { Self.axisGap + $0.drawing.extent } ?? 0
        if axis?.today == true { content.description.append("Today") }
        content.timeAxis = axis?.record
        content.timeMarks = TimeRecords.marks(
            rows, paths: builder.paths, nodes: nodes, barEnds: bars.ends, zone: card.timeZone)
        let stops = drawing.stops.sorted { $0.center.x < $1.center.x }
        let line = TimeMarks.line(stops, breaks: scale.cuts.map(map.breakPosition), style: style, vertical: false)
        content.layers = [
            axis?.drawing.under ?? [], bands.nodes, boxes, line, drawing.leaders, bars.nodes, drawing.markers,
            drawing.texts, axis?.drawing.axis ?? [], drawing.links,
        ]
        content.width = width
        // Labels in reading order (a group card whose dates go back and forth) may not share the width.
        if tiers == nil, !fits(fitted, width: width, inset: inset) { content.minimumWidth = refused().minimumWidth }
        content.height = bottom
        return content
    }

    /// Each row's marks on the line: its node, and its period's bar if it has one.
    private static func marks(_ builder: HorizontalRows, nodes: [Double], bars: [Rect?], lineY: Double) -> [[Rect]] {
        builder.rows.indices.map { index in
            let size = builder.sizes[index]
            let node = Rect(x: nodes[index] - size / 2, y: lineY - size / 2, width: size, height: size)
            return [node] + [bars[index]].compactMap { $0 }
        }
    }

    /// Where the labels go at `width`: each at its own node, in tiers (`tiers`), at the widest
    /// widths that take at most `comfortableTiers` tiers with no two dates' nodes huddled into
    /// one column of labels, wrapped narrower level by level down to
    /// their widest words, on the span at true scale or, failing that, with its outlying quiet gaps
    /// cut; else the shallowest of these. Nil when no tier holds some label at any of these.
    /// Only a group card whose dates go back and forth keeps its labels in reading order, pushed
    /// apart along the line (`tiers` nil): its tiers could not run in date order.
    private func arrangement(
        _ builder: HorizontalRows, natural: [Double], floors: [Double], intervals: [(start: Double, end: Double)?],
        end: AxisEnd?, runs: [SectionBands.Run], width: Double, probing: Bool = false
    ) -> (fitted: Fitted, tiers: LabelTiers?)? {
        let inset = builder.inset
        let starts = intervals.map { $0?.start ?? -.infinity }
        if builder.hasGroups, zip(starts, starts.dropFirst()).contains(where: { $0 > $1 }) {
            return (fit(natural, floors: floors, intervals: intervals, end: end, inset: inset, width: width), nil)
        }
        let spans = intervals.compactMap { $0 }.map { ($0.start, $0.end) }
        let cuttings = TimeScale.outlyingGaps(spans).isEmpty ? [false] : [false, true]
        let titles = titleWidths(builder)
        // Section runs keep clear of one another where they can; where two sections share a date
        // they cannot, and their bands give way to the labels.
        let indices = Self.runIndices(runs, builder.rows.count)
        for runs in indices.contains(where: { $0 != nil }) ? [indices, indices.map { _ in nil }] : [indices] {
            var crowded: (fitted: Fitted, tiers: LabelTiers)?
            // Probing whether any arrangement fits, the narrowest labels are the ones to try.
            let levels = Self.narrowings(natural, floors: floors)
            for widths in probing ? Array(levels.suffix(1)) : levels {
                for cutting in cuttings {
                    guard
                        let tiered = staggered(
                            widths, intervals: intervals, end: end, inset: inset, runs: runs, cutting: cutting,
                            width: width, shallowest: !probing, titles: titles)
                    else { continue }
                    if probing || tiered.tiers.depth <= Self.comfortableTiers, !tiered.tiers.huddled {
                        return (tiered.fitted, tiered.tiers)
                    }
                    // Else the shallowest, nodes apart where they can be.
                    func cost(_ tiers: LabelTiers) -> Int { tiers.depth + (tiers.huddled ? 1_000 : 0) }
                    if crowded.map({ cost(tiered.tiers) < cost($0.tiers) }) ?? true { crowded = tiered }
                }
            }
            if let crowded { return (crowded.fitted, crowded.tiers) }
        }
        return nil
    }

    /// Tiers a card's labels may take before they are wrapped narrower: deeper ones sit far
    /// from their line.
    static let comfortableTiers = 3
    /// The caps labels are wrapped to, one after another, before the card takes more tiers.
    static let wrapLevels: [Double] = [120, 100, 84, 72]

    /// `natural` widths, then each level of `wrapLevels` (never under a label's widest word,
    /// `floors`), then the floors themselves: each different from the one before.
    static func narrowings(_ natural: [Double], floors: [Double]) -> [[Double]] {
        let capped = wrapLevels.map { level in zip(natural, floors).map { max(min($0, $1), min($0, level)) } }
        let all = [natural] + capped + [zip(natural, floors).map { min($0, $1) }]
        return all.enumerated().compactMap { index, widths in index > 0 && widths == all[index - 1] ? nil : widths }
    }

    /// The bars of periods, each in its lane under the line at `lineY` from its node to where it
    /// ends: their primitives, where each row's bar reaches (else its node), ends and boxes.
    func periodBars(_ rows: [ItemRow], lanes: Lanes, map: AxisMap, nodes: [Double], lineY: Double) -> (
        nodes: [Primitive], reach: [Double], ends: [Double?], rects: [Rect?]
    ) {
        var bars: [Primitive] = []
        var reach = nodes
        var ends = [Double?](repeating: nil, count: rows.count)
        var rects = [Rect?](repeating: nil, count: rows.count)
        for (index, row) in rows.enumerated() {
            guard let end = row.item.end, let lane = lanes.lane[index] else { continue }
            let endX = max(nodes[index], map.position(end.instant))
            let color = NodeLook(item: row.item, style: style, isOverdue: row.item.isOverdue(now: card.now)).color
            let bar = lanes.bar(
                lane: lane, from: Point(x: nodes[index], y: lineY), to: endX, color: color, vertical: false)
            if case .box(let box) = bar.last { rects[index] = box.rect }
            bars += bar
            reach[index] = endX + lanes.thickness / 2
            ends[index] = endX
        }
        return (bars, reach, ends, rects)
    }

    /// The dated axis under everything else, at `top`, when the card has one; `texts` are the
    /// rows' texts, which the Today line avoids.
    func axis(map: AxisMap, scale: TimeScale, rows: [ItemRow], texts: [Primitive], top: Double) -> (
        drawing: AxisPainter.Drawing, today: Bool, record: TimeAxisRecord
    )? {
        guard style.axis != .none, scale.last > scale.origin else { return nil }
        let marks = TimeAxisMarks.marks(
            map: map, style: style, now: card.now, zone: card.timeZone, names: style.names,
            minimumPitch: AxisPainter.horizontalPitch, daysOnly: TimeAxisMarks.daysOnly(rows.map(\.item)))
        let painter = AxisPainter(style: style, measurer: measurer, names: style.names)
        let drawing = painter.horizontal(marks, y: top, top: 0, texts: texts)
        let record = TimeRecords.axis(
            map: map, marks: marks, drawing: drawing, zone: card.timeZone, vertical: false)
        return (drawing, marks.today != nil, record)
    }

    private struct Fitted {
        var widths: [Double]
        var scale: TimeScale
        var centers: [Double]
        /// Right edge of the rightmost label.
        var extent: Double
    }

    /// The labels at their natural `widths`, each centred under its node on the span fitted to the
    /// width, staggered into tiers where they meet; nil when some label finds no tier.
    private func staggered(
        _ widths: [Double], intervals: [(start: Double, end: Double)?], end: AxisEnd?, inset: Double, runs: [Int?],
        cutting: Bool, width: Double, shallowest: Bool, titles: [Double]
    ) -> (fitted: Fitted, tiers: LabelTiers)? {
        let spans = intervals.compactMap { $0 }.map { ($0.start, $0.end) }
        let left = inset + (widths.first ?? 0) / 2
        let length = max(0, width - inset - (widths.last ?? 0) / 2 - left)
        let scale = covering(
            TimeScale.fitted(intervals: spans, length: length, cutLength: style.maxGap, cutting: cutting), end: end,
            intervals: spans, length: length)
        let nodes = intervals.map { left + scale.position($0?.start ?? scale.origin) }
        guard width - inset > inset,
            let tiers = LabelTiers.staggered(
                nodes: nodes, widths: widths, runs: runs, gutter: HorizontalRows.gutter,
                bounds: inset...(width - inset),
                shallowest: shallowest, titles: titles)
        else { return nil }
        let extent = zip(tiers.centers, widths).map { $0 + $1 / 2 }.max() ?? 0
        return (Fitted(widths: widths, scale: scale, centers: tiers.centers, extent: extent), tiers)
    }

    /// Each row's section run, by index, if it has one.
    static func runIndices(_ runs: [SectionBands.Run], _ count: Int) -> [Int?] {
        var indices = [Int?](repeating: nil, count: count)
        for (index, run) in runs.enumerated() {
            for row in run.first...run.last { indices[row] = index }
        }
        return indices
    }

    /// Labels placed in `width`: when they cannot all share it, the widest wrap narrower first,
    /// each down to its widest word (`floors`), before the card is refused.
    private func fit(
        _ natural: [Double], floors: [Double], intervals: [(start: Double, end: Double)?], end: AxisEnd?,
        inset: Double, width: Double
    ) -> Fitted {
        var widths = natural
        var (scale, centers) = place(intervals: intervals, widths: widths, end: end, inset: inset, width: width)
        var extent = zip(centers, widths).map { $0 + $1 / 2 }.max() ?? 0
        for _ in 0..<12 {
            // Nodes are kept inside the card, so a label still past its edge means the labels
            // and gutters together are wider than the card: that much comes off the widest.
            let excess = extent - (width - inset)
            guard excess > 0.01 else { break }
            let narrower = Self.capped(widths, floors: floors, removing: excess)
            guard narrower != widths else { break }
            widths = narrower
            (scale, centers) = place(intervals: intervals, widths: widths, end: end, inset: inset, width: width)
            extent = zip(centers, widths).map { $0 + $1 / 2 }.max() ?? 0
        }
        return Fitted(widths: widths, scale: scale, centers: centers, extent: extent)
    }

    /// `widths` with `excess` points taken off the widest: each capped at one level, never under
    /// its floor, so short labels keep their one line while long ones wrap.
    static func capped(_ widths: [Double], floors: [Double], removing excess: Double) -> [Double] {
        let floors = zip(widths, floors).map { min($0, $1) }
        let target = widths.reduce(0, +) - excess
        func total(_ level: Double) -> Double { zip(widths, floors).reduce(0) { $0 + max($1.1, min($1.0, level)) } }
        var (low, high) = (0.0, widths.max() ?? 0)
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if total(middle) > target { high = middle } else { low = middle }
        }
        return zip(widths, floors).map { max($1, min($0, low.rounded(.down))) }
    }

    /// Whether the labels placed in `width` stay inside it.
    private func fits(_ fitted: Fitted, width: Double, inset: Double) -> Bool {
        fitted.extent <= width - inset + 0.01
    }

    /// The narrowest width, above `width`, at which the labels fit, tried in whole points from
    /// `width` so the card width a refusal names is one that was tried: what it names renders.
    /// Infinite when none fits.
    private func minimumWidth(
        _ builder: HorizontalRows, natural: [Double], floors: [Double], intervals: [(start: Double, end: Double)?],
        end: AxisEnd?, runs: [SectionBands.Run]
    ) -> Double {
        let inset = builder.inset
        func fits(_ extra: Double) -> Bool {
            let candidate = width + extra
            guard
                let (fitted, tiers) = arrangement(
                    builder, natural: natural, floors: floors, intervals: intervals, end: end, runs: runs,
                    width: candidate, probing: true)
            else { return false }
            return tiers != nil || self.fits(fitted, width: candidate, inset: inset)
        }
        // Under the widest label's widest word, nothing fits; in reading order, under the floors
        // and gutters side by side.
        let labels = zip(floors, natural).map { min($0, $1) }
        let least =
            (builder.hasGroups
                ? labels.reduce(0, +) + HorizontalRows.gutter * Double(max(0, floors.count - 1))
                : labels.max() ?? 0) + inset * 2
        var failing = max(0, (least - width).rounded(.up) - 1)
        var step = max(8, (width * 0.05).rounded())
        var fitting = failing + step
        var found = false
        for _ in 0..<40 {
            if fits(fitting) {
                found = true
                break
            }
            (failing, step) = (fitting, step * 2)
            fitting += step
        }
        // No width fits (labels whose dates go back and forth push one another past the end at
        // every width tried, the widest 40 doublings away): the card is refused as such.
        guard found else { return .infinity }
        // Halved down to the point; fitting need not grow with the width (a gap is cut or not),
        // so only a width that was seen to fit is kept. Past 2^53 points a half may round to an
        // end, which would never move.
        while fitting - failing > 1 {
            let middle = ((failing + fitting) / 2).rounded(.down)
            guard middle > failing, middle < fitting else { break }
            if fits(middle) { fitting = middle } else { failing = middle }
        }
        return width + fitting
    }

    /// The scale and node centres: the span, up to the tick that covers its `end`, fitted to the
    /// width; if labels then push a node more than `maxGap` points from its date, the outlying
    /// quiet gaps are cut and the rest fitted again.
    private func place(
        intervals: [(start: Double, end: Double)?], widths: [Double], end: AxisEnd?, inset: Double, width: Double
    ) -> (TimeScale, [Double]) {
        let spans = intervals.compactMap { $0 }.map { ($0.start, $0.end) }
        let left = inset + (widths.first ?? 0) / 2
        let length = max(0, width - inset - (widths.last ?? 0) / 2 - left)
        var result: (TimeScale, [Double]) = (
            TimeScale.fitted(intervals: spans, length: length, cutLength: style.maxGap, cutting: false), []
        )
        for cutting in [false, true] {
            let scale = covering(
                TimeScale.fitted(intervals: spans, length: length, cutLength: style.maxGap, cutting: cutting),
                end: end, intervals: spans, length: length)
            let wanted = widths.indices.map {
                left + (intervals[$0].map { scale.position($0.start) } ?? 0) - widths[$0] / 2
            }
            let gaps = widths.indices.dropLast().map { index -> Double in
                guard let a = intervals[index]?.start, let b = intervals[index + 1]?.start,
                    scale.cuts.contains(where: { $0.start >= a && $0.end <= b })
                else { return HorizontalRows.gutter }
                return max(
                    HorizontalRows.gutter,
                    scale.position(b) - scale.position(a) - (widths[index] + widths[index + 1]) / 2)
            }
            let starts = OverlapResolver.resolve(
                wanted: wanted, heights: widths, gaps: gaps, minimum: inset, maximum: width - inset)
            result = (scale, widths.indices.map { starts[$0] + widths[$0] / 2 })
            let pushed = zip(starts, wanted).map { abs($0 - $1) }.max() ?? 0
            if pushed <= style.maxGap || scale.last <= scale.origin { break }
        }
        return result
    }

    /// `scale` run on to the tick boundary at or after its last instant, so the axis's ticks
    /// cover the span's end as they cover a vertical one's. A longer span may take a coarser step,
    /// whose boundary lies later again: the step is chosen anew until its boundary is the end.
    func covering(_ scale: TimeScale, end: AxisEnd?, intervals: [(Double, Double)], length: Double)
        -> TimeScale
    {
        // A span that ends where a cut does ends on a tick already: the first date after a cut
        // is labelled in full.
        guard let end, scale.last > scale.origin, scale.cuts.last?.end != scale.last else { return scale }
        var result = scale
        for _ in 0..<TickUnit.ladder.count {
            let boundary = TimeAxisMarks.coveringSpan(
                scale: result, zone: end.zone, names: end.names, daysOnly: end.daysOnly,
                minimumPitch: AxisPainter.horizontalPitch
            ).end
            guard boundary > result.last + 0.5 else { break }
            result = TimeScale.fitted(
                intervals: intervals, length: length, cutLength: style.maxGap, cutting: !scale.cuts.isEmpty,
                through: boundary)
        }
        return result
    }

    /// How narrow each label may wrap: its widest word, or its natural width if narrower.
    func floors(_ builder: HorizontalRows, natural: [Double]) -> [Double] {
        builder.rows.indices.map {
            min(natural[$0], widestWord(builder.rows[$0].item, label: builder.labels[$0]))
        }
    }

    /// The widest piece of an item's title and event text that no line may break (a word, a
    /// date with its year, a range's date with its dash): narrower, it would be broken.
    private func widestWord(_ item: Item, label: String?) -> Double {
        var texts: [(text: String, font: String)] = []
        if let title = item.title { texts.append((title, style.resolvedTitleFont)) }
        if let label { texts.append((label, style.resolvedEventFont)) }
        return (measurer.widestUnbreakable(texts, hyphenated: false) + 1).rounded(.up)
    }

    /// How wide each item's title is on one line (`LabelTiers` stacks a label under another only
    /// where its title spans its node).
    func titleWidths(_ builder: HorizontalRows) -> [Double] {
        let maxWidth = Self.labelWidths.upperBound
        let texts = builder.texts(widths: builder.rows.map { _ in maxWidth }, measurer: measurer)
        return texts.map { $0.labels.blocks.first?.measured.width ?? 0 }
    }

    /// How wide each item's labels want to be, within `labelWidths`.
    func naturalWidths(_ builder: HorizontalRows) -> [Double] {
        let maxWidth = Self.labelWidths.upperBound
        let texts = builder.texts(widths: builder.rows.map { _ in maxWidth }, measurer: measurer)
        return texts.map { column in
            let natural = max(column.labels.blocks.map(\.measured.width).max() ?? 0, column.event?.measured.width ?? 0)
            // A point of slack so wrapping again at this width keeps the same lines.
            return min(maxWidth, max(Self.labelWidths.lowerBound, (natural + 1).rounded(.up)))
        }
    }
}

/// What the tick that ends a horizontal axis is counted in: the display zone, the date names
/// and whether every date is a day.
struct AxisEnd {
    let zone: DisplayTimeZone
    let names: DateNames
    let daysOnly: Bool

    init(rows: [ItemRow], names: DateNames, zone: DisplayTimeZone) {
        self.zone = zone
        self.names = names
        daysOnly = TimeAxisMarks.daysOnly(rows.map(\.item))
    }
}
