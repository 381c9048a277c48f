/// What a time layout's picture means, for `--format scene`: where its axis puts each instant
/// and where each item's mark was drawn, in the scene's points along the axis (y for a vertical
/// card, x for a horizontal one), dates in ISO 8601 with the display offset.
public struct TimeAxisRecord: Hashable, Sendable, Codable {
    /// A stretch of time drawn to one linear scale: `from` at `start`, `to` at `end`. Between two
    /// segments lies a break, time drawn shorter than to scale.
    public struct Segment: Hashable, Sendable, Codable {
        public var from: String
        public var to: String
        public var start: Double
        public var end: Double
        public init(from: String, to: String, start: Double, end: Double) {
            self.from = from
            self.to = to
            self.start = start
            self.end = end
        }
    }

    /// A tick and its label (empty for an unlabelled one).
    public struct Tick: Hashable, Sendable, Codable {
        public var date: String
        public var at: Double
        public var label: String
        public init(date: String, at: Double, label: String) {
            self.date = date
            self.at = at
            self.label = label
        }
    }

    /// "vertical" or "horizontal".
    public var direction: String
    public var segments: [Segment]
    public var ticks: [Tick]

    public init(direction: String, segments: [Segment], ticks: [Tick]) {
        self.direction = direction
        self.segments = segments
        self.ticks = ticks
    }

    /// Moves every position by `offset` along the axis.
    public mutating func shift(by offset: Double) {
        for index in segments.indices {
            segments[index].start += offset
            segments[index].end += offset
        }
        for index in ticks.indices { ticks[index].at += offset }
    }

    /// Mirrors every position in a line of `width` points (a right-to-left horizontal card).
    public mutating func mirror(width: Double) {
        for index in segments.indices {
            segments[index].start = width - segments[index].start
            segments[index].end = width - segments[index].end
        }
        for index in ticks.indices { ticks[index].at = width - ticks[index].at }
    }
}

/// One item's mark on a time axis: its node at `at`, its period's bar from `barStart` to `barEnd`.
public struct TimeMarkRecord: Hashable, Sendable, Codable {
    /// The item's place in its card: indices from 0, a child's after its group's ("2.1").
    public var item: String
    public var title: String?
    public var date: String
    public var end: String?
    public var at: Double
    public var barStart: Double?
    public var barEnd: Double?

    public init(
        item: String, title: String?, date: String, end: String?, at: Double, barStart: Double?, barEnd: Double?
    ) {
        self.item = item
        self.title = title
        self.date = date
        self.end = end
        self.at = at
        self.barStart = barStart
        self.barEnd = barEnd
    }

    /// Moves every position by `offset` along the axis.
    public mutating func shift(by offset: Double) {
        at += offset
        barStart = barStart.map { $0 + offset }
        barEnd = barEnd.map { $0 + offset }
    }

    private enum CodingKeys: String, CodingKey { case item, title, date, end, at, barStart, barEnd }

    /// Absent values are written as null, so every mark has every key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(item, forKey: .item)
        try container.encode(title, forKey: .title)
        try container.encode(date, forKey: .date)
        try container.encode(end, forKey: .end)
        try container.encode(at, forKey: .at)
        try container.encode(barStart, forKey: .barStart)
        try container.encode(barEnd, forKey: .barEnd)
    }

    /// Mirrors every position in a line of `width` points.
    public mutating func mirror(width: Double) {
        at = width - at
        barStart = barStart.map { width - $0 }
        barEnd = barEnd.map { width - $0 }
    }
}
