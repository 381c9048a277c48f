/// A card's fully resolved look. Themes, the document's `style` and the card's `style` are applied
/// to it in that order by the decoder, so layout never sees a missing value.
public struct Style: Hashable, Sendable, Codable {
    /// A card's border: its color and width.
    public struct Border: Hashable, Sendable, Codable {
        /// The border's color.
        public var color: Color
        /// Its width in points; 0 draws none.
        public var width: Double
        /// A border of `width` points in `color`.
        public init(color: Color, width: Double) {
            self.color = color
            self.width = width
        }
    }

    /// A card's drop shadow.
    public struct Shadow: Hashable, Sendable, Codable {
        /// The shadow's color, its alpha included.
        public var color: Color
        /// Blur radius in points.
        public var blur: Double
        /// Horizontal offset in points, positive to the right.
        public var offsetX: Double
        /// Vertical offset in points, positive downwards.
        public var offsetY: Double
        /// A shadow of `color`, blurred by `blur` points and moved by the offsets.
        public init(color: Color, blur: Double, offsetX: Double, offsetY: Double) {
            self.color = color
            self.blur = blur
            self.offsetX = offsetX
            self.offsetY = offsetY
        }
    }

    /// Card width in points.
    public var width: Double = 480
    /// Card background.
    public var background: Color = .white
    /// Card border; none by default (width 0).
    public var border = Border(color: Color(hex: 0xd1d1d6), width: 0)
    /// Card corner radius in points.
    public var cornerRadius: Double = 12
    /// Space inside the card.
    public var margins = Insets(all: 20)
    /// Color of the timeline line.
    public var lineColor = Color(hex: 0xc7c7cc)
    /// Width of the timeline line in points.
    public var lineWidth: Double = 2
    /// When set, every node uses this outline instead of its status's own.
    public var shape: Shape?
    /// Node size in points.
    public var shapeSize: Double = 14
    /// Node size of a group, in points.
    public var groupShapeSize: Double = 20
    /// Node size of a group's children, in points.
    public var subShapeSize: Double = 10
    /// Node color, unless an item or its section gives one.
    public var nodeColor = Color(hex: 0x0a6ed1)
    /// Node and text color of overdue items.
    public var overdueColor = Color(hex: 0xbb0000)
    /// Space between items in points.
    public var itemSpacing: Double = 16
    /// Space around a group's children in points.
    public var groupPadding: Double = 8
    /// Indent of each group level in points.
    public var nestIndent: Double = 16
    /// Fixed width of the event column; nil: as wide as its widest text, up to a third of the card or
    /// its widest word.
    public var eventColumnWidth: Double?
    /// Widest the status column gets before its text wraps, in points; narrower when its texts are.
    public var statusColumnWidth: Double = 88
    /// Font family used where no full description is given.
    public var font = "Inter"
    /// Pango font description of titles; nil: `font` Semi-Bold 14.
    public var titleFont: String?
    /// Pango font description of subtitles and columns; nil: `font` 12 (Medium for event labels).
    public var subtitleFont: String?
    /// Title color.
    public var titleColor = Color(hex: 0x1d1d1f)
    /// Subtitle, attribute and status color.
    public var subtitleColor = Color(hex: 0x6e6e73)
    /// Event and day label color.
    public var eventColor = Color(hex: 0x6e6e73)
    /// Icon size relative to its node.
    public var iconScale: Double = 0.65
    /// Date pattern of dates in the event column ("HH:mm"); nil: the layout's own.
    public var eventFormat: String?
    /// Date pattern for day labels.
    public var dayFormat = "EEE\ndd"
    /// Title lines kept before an ellipsis; nil: every line.
    public var maxTitleLines: Int?
    /// Columns of the preview strip.
    public var columns = 4
    /// Length, in points, of a gap the time layout compresses (shown by a break mark).
    public var maxGap: Double = 64
    /// Points per day on the vertical time layout's axis (horizontal ones fit their width).
    public var dayScale: Double = 24
    /// Longest vertical time layout, in points, before long quiet gaps are compressed; nil: 120
    /// points per item, at least 480 and at most 1600.
    public var maxLength: Double?
    /// The time layout's axis: none, ticks or grid.
    public var axis: AxisMode = .ticks
    /// Whether the time layout marks today when it falls inside the span.
    public var today: TodayMode = .auto
    /// A legend of the sections and statuses used, under the content.
    public var legend = false
    /// Month and weekday names and labels in the card's `locale`, with its `labels` over them.
    public var names = DateNames.english
    /// Card drop shadow; nil: none.
    public var shadow: Shadow?
    /// `rtl` mirrors vertical cards (event column right, status column left), `ltr` never does.
    public var textDirection: TextDirection = .auto

    /// The default look, before any theme or style is applied.
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
    /// The band's title line.
    public var title: String?
    /// The line under its title.
    public var subtitle: String?
    /// Band color.
    public var background: Color
    /// Text color; nil: white or dark, whichever reads on `background`.
    public var color: Color?

    /// A band of `background` with its texts; `color` nil picks a readable one.
    public init(title: String?, subtitle: String?, background: Color, color: Color?) {
        self.title = title
        self.subtitle = subtitle
        self.background = background
        self.color = color
    }
}

/// How cards are stacked into one strip.
public struct Feed: Hashable, Sendable, Codable {
    /// Gap between cards in points.
    public var spacing: Double = 20
    /// Space around the cards.
    public var margins = Insets(all: 20)
    /// Strip background.
    public var background = Color(hex: 0xf2f2f7)
    /// Feed heading colors; nil: the document's title and subtitle colors, made readable on
    /// `background` when they are not.
    public var titleColor: Color?
    /// Feed subheading color; nil as for `titleColor`.
    public var subtitleColor: Color?

    /// The default strip.
    public init() {}
}
