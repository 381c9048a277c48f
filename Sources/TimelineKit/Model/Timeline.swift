/// A timeline document built in Swift: the cards to draw and what they share. Each property is a
/// key of the input format (docs/format.md) under the same name; a property left nil is the
/// theme's, so `Timeline(cards: [card])` draws as a YAML file with only `version` and `cards`.
///
/// `Codable` to and from the format: `JSONEncoder` writes a document the renderer reads, and
/// `Timeline(decoding:)` reads a YAML, JSON or Mermaid input into these values.
public struct Timeline: Hashable, Sendable, Codable {
    /// The format version, 1.
    public var version = 1
    /// "Today" (ISO 8601 date or date-time) for overdue items, the Today line and the preview strip.
    public var now: String?
    /// The zone dates are shown in: a UTC offset (`+01:00`) or a zone name (`Europe/Berlin`).
    public var timeZone: String?
    /// A built-in theme (`timeline-cards themes`) or a theme file beside the document.
    public var theme: String?
    /// The look every card starts from, over the theme's.
    public var style: Style?
    /// BCP 47 locale of month and day names and labels (`de-DE`).
    public var locale: String?
    /// Words over the locale's own.
    public var labels: Labels?
    /// How the cards stand in a strip (`RenderOptions.feed`).
    public var feed: Feed?
    /// The cards, one image each.
    public var cards: [Card]

    /// A document of `cards`; every other key is optional.
    /// - Parameters:
    ///   - cards: the cards, one image each.
    ///   - now: "today" as an ISO 8601 date, for overdue items and the Today line.
    ///   - theme: a built-in theme's name or a theme file.
    ///   - style: the look every card starts from.
    ///   - locale: the BCP 47 locale of dates and labels.
    ///   - timeZone: the UTC offset or zone name dates are shown in.
    public init(
        cards: [Card], now: String? = nil, theme: String? = nil, style: Style? = nil, locale: String? = nil,
        timeZone: String? = nil
    ) {
        self.cards = cards
        self.now = now
        self.theme = theme
        self.style = style
        self.locale = locale
        self.timeZone = timeZone
    }

    /// Words a card shows, over its locale's own.
    public struct Labels: Hashable, Sendable, Codable {
        /// The Today line's and marker's label.
        public var today: String?
        /// The preview strip's count of items left out, `%d` the number (`+%d more`).
        public var more: String?
        /// The legend's name of each status given, over the locale's word.
        public var statuses: [Status: String]

        /// Labels of the locale, with the words given over its own.
        /// - Parameters:
        ///   - today: the Today line's and marker's label.
        ///   - more: the preview's count of items left out, `%d` the number.
        ///   - statuses: the legend's name of each status given.
        public init(today: String? = nil, more: String? = nil, statuses: [Status: String] = [:]) {
            self.today = today
            self.more = more
            self.statuses = statuses
        }

        /// The format's keys: `today`, `more` and each status by its name (`in-progress`).
        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        /// Reads the format's `labels` object.
        /// - Parameter decoder: the decoder positioned at it.
        public init(from decoder: any Decoder) throws {
            let keys = try decoder.container(keyedBy: Key.self)
            today = try keys.decodeIfPresent(String.self, forKey: Key(stringValue: "today"))
            more = try keys.decodeIfPresent(String.self, forKey: Key(stringValue: "more"))
            statuses = [:]
            for status in Status.allCases {
                if let word = try keys.decodeIfPresent(String.self, forKey: Key(stringValue: status.rawValue)) {
                    statuses[status] = word
                }
            }
        }

        /// Writes the format's `labels` object.
        /// - Parameter encoder: the encoder to write it to.
        public func encode(to encoder: any Encoder) throws {
            var keys = encoder.container(keyedBy: Key.self)
            try keys.encodeIfPresent(today, forKey: Key(stringValue: "today"))
            try keys.encodeIfPresent(more, forKey: Key(stringValue: "more"))
            for status in Status.allCases {
                try keys.encodeIfPresent(statuses[status], forKey: Key(stringValue: status.rawValue))
            }
        }
    }

    /// How cards are stacked into one strip.
    public struct Feed: Hashable, Sendable, Codable {
        /// Gap between cards in points (default 20).
        public var spacing: Double?
        /// Space around the cards (default 20).
        public var margins: Style.Lengths?
        /// Strip background.
        public var background: String?
        /// Card titles above each card.
        public var titleColor: String?
        /// Card subtitles above each card.
        public var subtitleColor: String?

        /// The theme's strip, with the values given over it.
        /// - Parameters:
        ///   - spacing: gap between cards in points.
        ///   - margins: space around the cards.
        ///   - background: the strip's color, `#rrggbb` or a CSS name.
        public init(spacing: Double? = nil, margins: Style.Lengths? = nil, background: String? = nil) {
            self.spacing = spacing
            self.margins = margins
            self.background = background
        }
    }
}
