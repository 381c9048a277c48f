/// A card's look: each property a key of the format's `style` (docs/format.md), nil for the
/// theme's value. A document's style applies to every card, a card's over it.
public struct Style: Hashable, Sendable, Codable {
    /// Card width in points (default 480).
    public var width: Double?
    /// Card background, `#rrggbb`, `#rrggbbaa` or a CSS name.
    public var background: String?
    /// Card border.
    public var border: Border?
    /// Card corner radius (default 12).
    public var cornerRadius: Double?
    /// Space inside the card (default 20).
    public var margins: Lengths?
    /// Color of the timeline line.
    public var lineColor: String?
    /// Width of the timeline line (default 2).
    public var lineWidth: Double?
    /// Node outline for every item, instead of each status's own.
    public var shape: Shape?
    /// Node size (default 14).
    public var shapeSize: Double?
    /// Node size of a group (default 20).
    public var groupShapeSize: Double?
    /// Node size of a group's children (default 10).
    public var subShapeSize: Double?
    /// Node color.
    public var nodeColor: String?
    /// Node and text color of overdue items.
    public var overdueColor: String?
    /// Space between items (default 16).
    public var itemSpacing: Double?
    /// Space around a group's children (default 8).
    public var groupPadding: Double?
    /// Indent of each group level (default 16).
    public var nestIndent: Double?
    /// Fixed width of the event column (default: its widest text, up to a third of the card).
    public var eventColumnWidth: Double?
    /// Widest the status column gets before its text wraps (default 88).
    public var statusColumnWidth: Double?
    /// Font family (default Inter): a bundled one, serif, sans-serif, monospace, or one of the font folders'.
    public var font: String?
    /// Pango font description of titles ("Inter Semi-Bold 14").
    public var titleFont: String?
    /// Pango font description of subtitles and columns.
    public var subtitleFont: String?
    /// Title color.
    public var titleColor: String?
    /// Subtitle, attribute and status color.
    public var subtitleColor: String?
    /// Event and day label color.
    public var eventColor: String?
    /// Icon size relative to its node (default 0.65).
    public var iconScale: Double?
    /// Date pattern of the event column ("HH:mm").
    public var eventFormat: String?
    /// Date pattern of day labels (default "EEE\ndd").
    public var dayFormat: String?
    /// Title lines kept before an ellipsis.
    public var maxTitleLines: Int?
    /// Columns of the preview strip (default 4).
    public var columns: Int?
    /// Length of a gap the time layout compresses (default 64).
    public var maxGap: Double?
    /// Points per day on the vertical time layout (default 24).
    public var dayScale: Double?
    /// Longest vertical time layout before quiet gaps are compressed.
    public var maxLength: Double?
    /// The time layout's axis: none, ticks (default) or grid.
    public var axis: AxisMode?
    /// Whether the time layout marks today: auto (default) or none.
    public var today: TodayMode?
    /// A legend of the sections and statuses used, under the card (default false).
    public var legend: Bool?
    /// Card drop shadow.
    public var shadow: Shadow?
    /// auto (default), ltr or rtl: rtl mirrors the card.
    public var textDirection: TextDirection?

    /// A style of the values given, the theme's for the rest; set any other key as a property.
    /// - Parameters:
    ///   - width: card width in points.
    ///   - background: card background.
    ///   - nodeColor: node color.
    ///   - font: font family.
    public init(width: Double? = nil, background: String? = nil, nodeColor: String? = nil, font: String? = nil) {
        self.width = width
        self.background = background
        self.nodeColor = nodeColor
        self.font = font
    }

    /// A card's border.
    public struct Border: Hashable, Sendable, Codable {
        /// Border color.
        public var color: String?
        /// Border width in points (0: none).
        public var width: Double?

        /// A border of this color and width.
        /// - Parameters:
        ///   - color: its color.
        ///   - width: its width in points.
        public init(color: String? = nil, width: Double? = nil) {
            self.color = color
            self.width = width
        }
    }

    /// A card's drop shadow.
    public struct Shadow: Hashable, Sendable, Codable {
        /// Shadow color, usually translucent (`#00000033`).
        public var color: String?
        /// Blur radius in points.
        public var blur: Double?
        /// Offset in points: `[y]` or `[x, y]`.
        public var offset: Lengths?

        /// A shadow of this color, blur and offset.
        /// - Parameters:
        ///   - color: its color.
        ///   - blur: its blur radius in points.
        ///   - offset: `[y]` or `[x, y]` in points.
        public init(color: String? = nil, blur: Double? = nil, offset: Lengths? = nil) {
            self.color = color
            self.blur = blur
            self.offset = offset
        }
    }

    /// One to four lengths in points, in CSS order (top, right, bottom, left; missing sides mirror
    /// their opposite): `20`, `[12, 20]`. The format writes one alone as a number.
    public struct Lengths: Hashable, Sendable, Codable, ExpressibleByArrayLiteral, ExpressibleByFloatLiteral,
        ExpressibleByIntegerLiteral
    {
        /// The lengths, as written.
        public var values: [Double]

        /// These lengths.
        /// - Parameter values: one to four lengths in points.
        public init(_ values: [Double]) { self.values = values }
        /// These lengths, written as a list literal.
        /// - Parameter elements: one to four lengths in points.
        public init(arrayLiteral elements: Double...) { values = elements }
        /// One length, written as a number.
        /// - Parameter value: the length in points.
        public init(floatLiteral value: Double) { values = [value] }
        /// One length, written as a whole number.
        /// - Parameter value: the length in points.
        public init(integerLiteral value: Int) { values = [Double(value)] }

        /// Reads a number or a list of numbers.
        public init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let one = try? value.decode(Double.self) {
                values = [one]
            } else {
                values = try value.decode([Double].self)
            }
        }

        /// Writes the list (one value too: the format takes both).
        public func encode(to encoder: any Encoder) throws {
            var value = encoder.singleValueContainer()
            try value.encode(values)
        }
    }
}
