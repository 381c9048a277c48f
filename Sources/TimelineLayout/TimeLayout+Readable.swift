import TimelineModel

/// A vertical time card keeps each text by its own mark (#50, rule 1): where texts pushed apart
/// would sit more than a row from their nodes, or nearer another item's node than their own, the
/// quiet stretches are cut first (with break marks, the dates shown on both sides), then the
/// scale is stretched, up to the card's `maxLength`. Marks stay at their dates on the scale
/// chosen; only which scale changes.
extension TimeLayout {
    /// A scale, the axis's span and map, and where the nodes, rows and section names go on it.
    struct Placed {
        var scale: TimeScale
        var span: (start: Double, end: Double)
        var map: AxisMap
        var nodes: [Double]
        var tops: [Double]
        var nameTops: [Double]
    }

    /// How much a scale is stretched, one after another, until every text reads as its node's.
    static let stretches: [Double] = [1, 1.5, 2, 3, 4, 6]

    /// The first placement, in order of `stretches` (each cut, then uncut), whose texts all read as
    /// their own nodes'; else the one with the fewest texts astray. The card as it was drawn
    /// before comes first, so a card that reads right is unchanged.
    func readablePlacement(
        _ builder: VerticalRows, periods: [(Double, Double)], intervals: [(start: Double, end: Double)?],
        hasAxis: Bool, headers: SectionHeaders
    ) -> Placed {
        let between = Self.nameRooms(headers).filter { $0.first > 0 }.reduce(0) { $0 + $1.room }
        let maxLength = TimeScale.maxLength(style, rows: builder.rows.count)
        let textLength = Self.textLength(builder) + between
        func placed(cutting: Bool, stretch: Double) -> Placed {
            let scale = TimeScale.vertical(
                intervals: periods, dayScale: style.dayScale, maxLength: maxLength, cutLength: style.maxGap,
                textLength: textLength, cutting: cutting, stretch: stretch)
            let (_, span, map) = placement(builder, scale: scale, periods: periods, hasAxis: hasAxis, headers: headers)
            let nodes = intervals.map { map.position($0?.start ?? scale.origin) }
            let (tops, names) = rowTops(builder, nodes: nodes, headers: headers)
            return Placed(scale: scale, span: span, map: map, nodes: nodes, tops: tops, nameTops: names)
        }
        var best = placed(cutting: false, stretch: 1)
        var astray = Self.astray(best, builder)
        guard astray > 0 else { return best }
        let cuttings = TimeScale.outlyingGaps(periods).isEmpty ? [false] : [true, false]
        for stretch in Self.stretches {
            for cutting in cuttings where cutting || stretch > 1 {
                let candidate = placed(cutting: cutting, stretch: stretch)
                let count = Self.astray(candidate, builder)
                if count == 0 { return candidate }
                if count < astray { (best, astray) = (candidate, count) }
            }
        }
        // A single instant has no stretch to cut or spread: its texts stack under its one node.
        let instants = periods.flatMap { [$0.0, $0.1] }
        guard let first = instants.min(), let final = instants.max(), final > first else { return best }
        let elastic = elasticPlacement(
            builder, periods: periods, intervals: intervals, hasAxis: hasAxis, headers: headers,
            textLength: textLength, maxLength: maxLength)
        // Rule 1 first: a text more than a row from its node, with its leader, still reads as its own.
        let (strays, elasticStrays) = (Self.strays(best, builder).count, Self.strays(elastic, builder).count)
        return elasticStrays < strays || (elasticStrays == strays && Self.astray(elastic, builder) < astray)
            ? elastic : best
    }

    /// The last resort, when no stretch of the scale up to `maxLength` keeps every text by its own
    /// node (many rows on a few dates, one date far from the rest, a period across the quiet
    /// stretch): every quiet stretch is cut (`TimeScale.quietGaps`, periods across it or not),
    /// then, pass by pass, a cut between a stray text's node and the node it reads nearer grows by
    /// what it lacks, or, where no cut lies between them, the scale does, and the stretches four
    /// times as long as theirs are cut as it grows (`farStretches`). The card grows past
    /// `maxLength` if it must (a text by another item's mark is a misreading, a long card is not),
    /// up to `elasticLimit` times the rows' texts one after another.
    func elasticPlacement(
        _ builder: VerticalRows, periods: [(Double, Double)], intervals: [(start: Double, end: Double)?],
        hasAxis: Bool, headers: SectionHeaders, textLength: Double, maxLength: Double
    ) -> Placed {
        let origin = periods.map(\.0).min() ?? 0
        let last = periods.map { max($0.0, $0.1) }.max() ?? origin
        var cuts = last > origin ? TimeScale.quietGaps(periods) : []
        let uncut = (last - origin) - cuts.reduce(0) { $0 + $1.end - $1.start }
        let spread = uncut > 0 ? max(0, min(textLength, maxLength) - Double(cuts.count) * style.maxGap) / uncut : 0
        // The day scale, down to what fits `maxLength` (as `TimeScale.vertical` has it), then
        // up to the texts' length.
        let fitting = uncut > 0 ? max(0, maxLength - Double(cuts.count) * style.maxGap) / uncut : 0
        var perSecond = max(min(max(0, style.dayScale) / 86_400, fitting), spread)
        var (best, fewest, short): (Placed?, Int, Double) = (nil, .max, perSecond)
        func place(_ pointsPerSecond: Double, shrink: Double = 1) -> Placed {
            let scale = TimeScale(
                origin: origin, last: last, pointsPerSecond: pointsPerSecond,
                cuts: Self.shrunk(cuts, by: shrink, to: style.maxGap), cutLength: style.maxGap)
            return placed(
                builder, scale: scale, periods: periods, intervals: intervals, hasAxis: hasAxis, headers: headers)
        }
        for _ in 0..<24 {
            let candidate = place(perSecond)
            // Texts spread many times over, with room between, are as long as any reading needs.
            guard candidate.scale.length <= Self.elasticLimit * max(textLength, 1) || best == nil else { break }
            let strays = Self.strays(candidate, builder)
            if strays.count < fewest { (best, fewest) = (candidate, strays.count) }
            guard !strays.isEmpty else {
                return Self.tightened(candidate, builder, between: short, and: perSecond) { place($0, shrink: $1) }
            }
            short = perSecond
            var (growth, tightest) = (1.0, Double.infinity)
            for stray in strays {
                let (from, to) = (min(stray.own, stray.other), max(stray.own, stray.other))
                let within = intervals.compactMap { $0?.start }
                guard let early = within.first(where: { abs(candidate.map.position($0) - from) <= 0.5 }),
                    let late = within.first(where: { abs(candidate.map.position($0) - to) <= 0.5 })
                else { continue }
                if let index = cuts.firstIndex(where: { $0.start >= early && $0.end <= late }) {
                    cuts[index].length = (cuts[index].length ?? style.maxGap) + stray.by
                } else if to - from > 0.5 {
                    growth = max(growth, (to - from + stray.by) / (to - from))
                    tightest = min(tightest, late - early)
                }
            }
            perSecond *= min(growth, 4)
            // In time order, as the axis record reads them.
            cuts = (cuts + Self.farStretches(periods, from: cuts, than: tightest, longerThan: style.maxGap / perSecond))
                .sorted { $0.start < $1.start }
        }
        return best
            ?? placed(
                builder,
                scale: TimeScale.vertical(
                    intervals: periods, dayScale: style.dayScale, maxLength: .infinity, cutLength: style.maxGap),
                periods: periods, intervals: intervals, hasAxis: hasAxis, headers: headers)
    }

    /// The stretches between neighbouring instants (dates and ends) not yet in `cuts`, four times
    /// `tightest` (the stretch a stray text needs grown) or longer, and longer than a cut is
    /// drawn: growing the whole scale for two dates a day apart would stretch the quiet weeks
    /// after them as much (round 998 of ReadabilityPropertyTests: 2,417 pt for five rows).
    static func farStretches(
        _ periods: [(Double, Double)], from cuts: [TimeScale.Cut], than tightest: Double, longerThan: Double
    ) -> [TimeScale.Cut] {
        guard tightest.isFinite else { return [] }
        let instants = Set(periods.flatMap { [$0.0, max($0.0, $0.1)] }).sorted()
        return zip(instants, instants.dropFirst()).filter { start, end in
            end - start >= tightest * 4 && end - start > longerThan
                && !cuts.contains { $0.start < end && $0.end > start }
        }.map { TimeScale.Cut(start: $0, end: $1) }
    }

    /// Whether every title reads nearest its own node and no row runs past the middle of a break
    /// after (or before) its node: a row of the crowded day beside the first tick after the break
    /// would read as that date's.
    private static func holds(_ placed: Placed, _ builder: VerticalRows) -> Bool {
        guard strays(placed, builder).isEmpty else { return false }
        let middles = placed.scale.cuts.map { (placed.map.position($0.start) + placed.map.position($0.end)) / 2 }
        return builder.shapes.indices.allSatisfy { index in
            let (node, top) = (placed.nodes[index], placed.tops[index])
            let bottom = top + builder.shapes[index].height
            return middles.allSatisfy { node < $0 ? bottom <= $0 : top >= $0 }
        }
    }

    /// `cuts` with each grown one taken back towards `cutLength`: `shrink` 1 keeps it, 0 undoes
    /// its growth.
    static func shrunk(_ cuts: [TimeScale.Cut], by shrink: Double, to cutLength: Double) -> [TimeScale.Cut] {
        cuts.map { cut in
            var cut = cut
            cut.length = cut.length.map { cutLength + max(0, $0 - cutLength) * shrink }
            return cut
        }
    }

    /// The shortest of the scales from `short` (texts astray) to `long` (none, `found`) that still
    /// leaves none astray, by halving, then its grown cuts as short as leaves none: the last pass
    /// may have grown the scale up to four times past what the texts need (round 590 of
    /// ReadabilityPropertyTests was 5,267 pt long), and the cuts by what each pass lacked.
    private static func tightened(
        _ found: Placed, _ builder: VerticalRows, between short: Double, and long: Double,
        place: (Double, Double) -> Placed
    ) -> Placed {
        var (low, high, shortest) = (short, long, found)
        for _ in 0..<10 where high - low > high / 100 {
            let middle = (low + high) / 2
            let candidate = place(middle, 1)
            if holds(candidate, builder) { (high, shortest) = (middle, candidate) } else { low = middle }
        }
        // Then the cuts, grown pass by pass by what a text lacked, back to what the texts need.
        var (less, more) = (0.0, 1.0)
        for _ in 0..<8 {
            let middle = (less + more) / 2
            let candidate = place(high, middle)
            if holds(candidate, builder) { (more, shortest) = (middle, candidate) } else { less = middle }
        }
        return shortest
    }

    /// How long the last resort may make a card, in its rows' texts one after another: at 1,000 a
    /// 9-item card with sections grew to 49,852 pt chasing a text its section name pushed away.
    static let elasticLimit: Double = 10

    /// `builder`'s rows placed on `scale`.
    private func placed(
        _ builder: VerticalRows, scale: TimeScale, periods: [(Double, Double)],
        intervals: [(start: Double, end: Double)?], hasAxis: Bool, headers: SectionHeaders
    ) -> Placed {
        let (_, span, map) = placement(builder, scale: scale, periods: periods, hasAxis: hasAxis, headers: headers)
        let nodes = intervals.map { map.position($0?.start ?? scale.origin) }
        let (tops, names) = rowTops(builder, nodes: nodes, headers: headers)
        return Placed(scale: scale, span: span, map: map, nodes: nodes, tops: tops, nameTops: names)
    }

    /// Each row whose title reads nearer another node than its own: both nodes, and by how much
    /// (with half a point to spare).
    static func strays(_ placed: Placed, _ builder: VerticalRows) -> [(own: Double, other: Double, by: Double)] {
        let sorted = placed.nodes.sorted()
        return builder.shapes.indices.compactMap { index in
            let shape = builder.shapes[index]
            let node = placed.nodes[index]
            let top = placed.tops[index] + shape.centerOffset - shape.stack.firstLineHeight / 2
            let bottom = top + (shape.stack.blocks.first?.height ?? shape.size)
            let own = max(0, top - node, node - bottom)
            let others = sorted.filter { abs($0 - node) > 0.5 }
            guard let other = others.min(by: { max(0, top - $0, $0 - bottom) < max(0, top - $1, $1 - bottom) })
            else { return nil }
            let distance = max(0, top - other, other - bottom)
            return distance < own - 0.5 ? (node, other, own - distance + 1) : nil
        }
    }

    /// How many rows' titles sit more than a row from their node (under the rows of the same
    /// date before them), or nearer another item's node than their own.
    static func astray(_ placed: Placed, _ builder: VerticalRows) -> Int {
        let sorted = placed.nodes.sorted()
        var sharing: Double = 0
        return builder.shapes.indices.filter { index in
            let shape = builder.shapes[index]
            let node = placed.nodes[index]
            let wanted = node - shape.centerOffset
            // Rows of one date stack under its one node: each may sit a row under the one before.
            let same = index > 0 && abs(placed.nodes[index - 1] - node) <= 0.5
            sharing = same ? sharing + builder.shapes[index - 1].height : 0
            if abs(placed.tops[index] - wanted) > shape.height + sharing + 0.5 { return true }
            let top = placed.tops[index] + shape.centerOffset - shape.stack.firstLineHeight / 2
            let bottom = top + (shape.stack.blocks.first?.height ?? shape.size)
            let own = max(0, top - node, node - bottom)
            return nearestOther(sorted, from: top, to: bottom, own: node) < own - 0.5
        }.count
    }

    /// The distance from `top...bottom` to the nearest of the `sorted` nodes not at `own`.
    private static func nearestOther(_ sorted: [Double], from top: Double, to bottom: Double, own: Double) -> Double {
        // The first node at or below the top, by halving.
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < top { low = middle + 1 } else { high = middle }
        }
        var nearest = Double.infinity
        var above = low - 1
        while above >= 0, abs(sorted[above] - own) <= 0.5 { above -= 1 }
        if above >= 0 { nearest = top - sorted[above] }
        var below = low
        while below < sorted.count, abs(sorted[below] - own) <= 0.5 { below += 1 }
        if below < sorted.count { nearest = min(nearest, max(0, sorted[below] - bottom)) }
        return nearest
    }
}
