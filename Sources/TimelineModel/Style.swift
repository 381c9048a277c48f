/// A card's fully resolved look. Themes, the document's `style` and the card's `style` are applied
/// to it in that order by the decoder, so layout never sees a missing value.
public struct Style: Hashable, Sendable, Codable {
    public struct Border: Hashable, Sendable, Codable {
        public var color: Color
        public var width: Double
        public init(color: Color, width: Double) {
            self.color = color
            self.width = width
        }
    }

    public struct Shadow: Hashable, Sendable, Codable {
        public var color: Color
        public var blur: Double
        public var offsetX: Double
        public var offsetY: Double
        public init(color: Color, blur: Double, offsetX: Double, offsetY: Double) {
            self.color = color
            self.blur = blur
            self.offsetX = offsetX
            self.offsetY = offsetY
        }
    }

    public var width: Double = 480
    public var background: Color = .white
    public var border = Border(color: Color(hex: 0xd1d1d6), width: 0)
    public var cornerRadius: Double = 12
    public var margins = Insets(all: 20)
    public var lineColor = Color(hex: 0xc7c7cc)
    public var lineWidth: Double = 2
    /// When set, every node uses this outline instead of its status's own.
    public var shape: Shape?
    public var shapeSize: Double = 14
    public var groupShapeSize: Double = 20
    public var subShapeSize: Double = 10
    public var nodeColor = Color(hex: 0x0a6ed1)
    public var overdueColor = Color(hex: 0xbb0000)
    public var itemSpacing: Double = 16
    public var groupPadding: Double = 8
    public var nestIndent: Double = 16
    /// Fixed width of the event column; nil: as wide as its widest text, up to a third of the card.
    public var eventColumnWidth: Double?
    public var statusColumnWidth: Double = 88
    /// Font family used where no full description is given.
    public var font = "Inter"
    public var titleFont: String?
    public var subtitleFont: String?
    public var titleColor = Color(hex: 0x1d1d1f)
    public var subtitleColor = Color(hex: 0x6e6e73)
    public var eventColor = Color(hex: 0x6e6e73)
    public var iconScale: Double = 0.65
    public var eventFormat: String?
    public var dayFormat = "EEE\ndd"
    public var maxTitleLines: Int?
    public var columns = 4
    /// Longest gap, in points, the time layout draws before compressing it with a break mark.
    public var maxGap: Double = 120
    /// Points per day on the time layout's axis.
    public var dayScale: Double = 24
    public var shadow: Shadow?
    /// `rtl` mirrors vertical cards (event column right, status column left), `ltr` never does.
    public var textDirection: TextDirection = .auto

    public init() {}

    /// The Pango description used for titles.
    public var resolvedTitleFont: String { titleFont ?? "\(font) Semi-Bold 14" }
    /// The Pango description used for subtitles, attributes and statuses.
    public var resolvedSubtitleFont: String { subtitleFont ?? "\(font) 12" }
    /// The Pango description used for event and day labels.
    public var resolvedEventFont: String { subtitleFont ?? "\(font) Medium 12" }
}

/// A header or footer band inside a card.
public struct Band: Hashable, Sendable, Codable {
    public var title: String?
    public var subtitle: String?
    public var background: Color
    /// Text color; nil: white or dark, whichever reads on `background`.
    public var color: Color?

    public init(title: String?, subtitle: String?, background: Color, color: Color?) {
        self.title = title
        self.subtitle = subtitle
        self.background = background
        self.color = color
    }
}

/// How cards are stacked into one strip.
public struct Feed: Hashable, Sendable, Codable {
    public var spacing: Double = 20
    public var margins = Insets(all: 20)
    public var background = Color(hex: 0xf2f2f7)
    /// Feed heading colors; nil: the document's title and subtitle colors, made readable on
    /// `background` when they are not.
    public var titleColor: Color?
    public var subtitleColor: Color?

    public init() {}
}
