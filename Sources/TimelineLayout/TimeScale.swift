import TimelineModel

/// Where instants fall along a time layout, from its first: proportional to time, with
/// long quiet gaps cut to `cutLength` points when the layout would otherwise be too long. A cut
/// only ever spans time no item and no period covers, so no period is broken.
struct TimeScale {
    /// A stretch of time drawn `cutLength` points long instead of to scale.
    struct Cut: Equatable {
        var start: Double
        var end: Double
        /// Its drawn length when not the scale's `cutLength`: a vertical card's quiet stretch cut to
        /// the room its texts take (`TimeLayout.elasticPlacement`).
        var length: Double?
    }

    /// The earliest instant: position 0.
    let origin: Double
    /// The latest instant covered by an item or period.
    let last: Double
    let pointsPerSecond: Double
    let cuts: [Cut]
    let cutLength: Double

    /// Position of `instant` in points from `origin`.
    func position(_ instant: Double) -> Double {
        var position = (instant - origin) * pointsPerSecond
        for cut in cuts where instant > cut.start {
            let inside = min(instant, cut.end) - cut.start
            position += (cut.length ?? cutLength) * inside / (cut.end - cut.start) - inside * pointsPerSecond
        }
        return position
    }

    /// Whether a position lies inside a cut, where the scale does not hold.
    func isCut(_ instant: Double) -> Bool { cuts.contains { instant > $0.start && instant < $0.end } }

    var length: Double { position(last) }

    /// Vertical layouts: `dayScale` points a day, or more when the span would be shorter than
    /// `textLength` (what the rows' texts take one after another: the card grows so they can sit
    /// near their dates), times `stretch`, while the span fits `maxLength`; beyond it the outlying
    /// quiet gaps are cut, then the rest is scaled down until it fits. `cutting` cuts the outlying
    /// quiet gaps whatever the length, so that the rest spreads over the texts' length.
    static func vertical(
        intervals: [(Double, Double)], dayScale: Double, maxLength: Double, cutLength: Double, textLength: Double = 0,
        cutting: Bool = false, stretch: Double = 1
    ) -> TimeScale {
        let (origin, last) = bounds(intervals)
        let early = cutting ? outlyingGaps(intervals) : []
        let uncut = (last - origin) - early.reduce(0) { $0 + $1.end - $1.start }
        let textRoom = min(textLength, maxLength) - Double(early.count) * cutLength
        let stretched = uncut > 0 ? max(0, textRoom) / uncut : 0
        let natural = max(max(0, dayScale) / 86_400, stretched) * stretch
        guard uncut * natural + Double(early.count) * cutLength > maxLength else {
            return TimeScale(origin: origin, last: last, pointsPerSecond: natural, cuts: early, cutLength: cutLength)
        }
        let cuts = outlyingGaps(intervals)
        let rest = (last - origin) - cuts.reduce(0) { $0 + $1.end - $1.start }
        let room = max(0, maxLength - Double(cuts.count) * cutLength)
        let scale = rest > 0 ? min(natural, room / rest) : natural
        return TimeScale(origin: origin, last: last, pointsPerSecond: scale, cuts: cuts, cutLength: cutLength)
    }

    /// Horizontal layouts: the span fitted to `length` points exactly, the outlying quiet gaps
    /// cut first when `cutting` (the labels would not fit otherwise); the span runs on to
    /// `through` when that is later (the tick that covers its end).
    static func fitted(
        intervals: [(Double, Double)], length: Double, cutLength: Double, cutting: Bool, through: Double? = nil
    ) -> TimeScale {
        let (origin, latest) = bounds(intervals)
        let last = max(latest, through ?? latest)
        let cuts = cutting ? outlyingGaps(intervals) : []
        let rest = (last - origin) - cuts.reduce(0) { $0 + $1.end - $1.start }
        let room = max(0, length - Double(cuts.count) * cutLength)
        let scale = rest > 0 ? room / rest : 0
        return TimeScale(origin: origin, last: last, pointsPerSecond: scale, cuts: cuts, cutLength: cutLength)
    }

    /// The maximum length of a vertical layout of `count` rows: `maxLength`, else 120 points a
    /// row, between 480 and 1600.
    static func maxLength(_ style: Style, rows count: Int) -> Double {
        style.maxLength ?? min(1600, max(480, Double(count) * 120))
    }

    /// The span of `intervals`; a single instant is given the day before and after it, so its
    /// axis can say when it is.
    private static func bounds(_ intervals: [(Double, Double)]) -> (Double, Double) {
        let origin = intervals.map(\.0).min() ?? 0
        let last = intervals.map { max($0.0, $0.1) }.max() ?? origin
        return last > origin || intervals.isEmpty ? (origin, last) : (origin - 86_400, last + 86_400)
    }

    /// Quiet stretches whether or not a period runs across them: between two neighbouring instants
    /// (dates and ends, so that no mark and no bar end falls inside one) at least four times the
    /// median distance between them apart.
    static func quietGaps(_ intervals: [(Double, Double)]) -> [Cut] {
        let instants = Set(intervals.flatMap { [$0.0, max($0.0, $0.1)] }).sorted()
        let steps = zip(instants, instants.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.sorted()
        guard !steps.isEmpty else { return [] }
        let median = steps[steps.count / 2]
        return zip(instants, instants.dropFirst()).filter { $1 - $0 >= median * 4 }.map { Cut(start: $0, end: $1) }
    }

    /// Quiet gaps (covered by no item or period) at least four times the median distance between
    /// neighbouring instants and a fifth of the whole span: the gaps a reader sees as "much later".
    static func outlyingGaps(_ intervals: [(Double, Double)]) -> [Cut] {
        let sorted = intervals.map { ($0.0, max($0.0, $0.1)) }.sorted { $0.0 < $1.0 }
        guard let first = sorted.first else { return [] }
        let instants = Set(sorted.flatMap { [$0.0, $0.1] }).sorted()
        let steps = zip(instants, instants.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.sorted()
        guard !steps.isEmpty else { return [] }
        let median = steps[steps.count / 2]
        let span = (instants.last ?? first.0) - first.0
        var cuts: [Cut] = []
        var coveredUntil = first.1
        for interval in sorted.dropFirst() {
            let gap = interval.0 - coveredUntil
            if gap > 0, gap >= median * 4, gap >= span / 5 {
                cuts.append(Cut(start: coveredUntil, end: interval.0))
            }
            coveredUntil = max(coveredUntil, interval.1)
        }
        return cuts
    }
}

/// The scale placed on the card: every instant at `origin` plus its `TimeScale` position. One
/// map places every node, bar end, tick, break and the Today line; texts move, marks do not.
struct AxisMap {
    let scale: TimeScale
    /// Where the scale's origin falls on the card.
    let origin: Double

    /// The position of `instant` on the card.
    func position(_ instant: Double) -> Double { origin + scale.position(instant) }

    /// The position of the middle of a cut, where its break mark goes.
    func breakPosition(_ cut: TimeScale.Cut) -> Double {
        origin + scale.position(cut.start) + (cut.length ?? scale.cutLength) / 2
    }
}
