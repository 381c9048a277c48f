/// One card, one image: a list of items, a time axis or a preview strip.
public struct Card: Hashable, Sendable, Codable {
    /// Names its image, `<id>.svg`: a to z, 0 to 9, `-`, `_` and `.` (default `card-N`).
    public var id: String?
    /// The title above the card in a feed, and in a preview strip's header row.
    public var title: String?
    /// The subtitle above the card in a feed.
    public var subtitle: String?
    /// A preview strip's text at the right of its header row.
    public var attribute: String?
    /// The band at the top of the card.
    public var header: Header?
    /// The band at the bottom of the card.
    public var footer: Footer?
    /// A list (default), a time axis or a preview strip.
    public var layout: LayoutKind?
    /// Vertical (default) or horizontal.
    public var direction: Direction?
    /// Items under a label per day, or not (default).
    public var groupBy: Grouping?
    /// The card's look, over the document's.
    public var style: Style?
    /// BCP 47 locale of its dates and labels, over the document's.
    public var locale: String?
    /// Words over the locale's own.
    public var labels: Timeline.Labels?
    /// Sections in legend order, each with its color.
    public var sections: [Section]?
    /// The items, in order; a group is an item with items of its own (`Item.group`).
    public var items: [Item]

    /// A card of `items`; every other key is optional.
    /// - Parameters:
    ///   - id: names its image (`<id>.svg`).
    ///   - title: the title above it in a feed.
    ///   - layout: list (default), time or preview.
    ///   - direction: vertical (default) or horizontal.
    ///   - style: its look, over the document's.
    ///   - items: the items, in order.
    public init(
        id: String? = nil, title: String? = nil, layout: LayoutKind? = nil, direction: Direction? = nil,
        style: Style? = nil, items: [Item]
    ) {
        self.id = id
        self.title = title
        self.layout = layout
        self.direction = direction
        self.style = style
        self.items = items
    }

    /// The band at the top of a card.
    public struct Header: Hashable, Sendable, Codable {
        /// Its title line.
        public var title: String?
        /// The line under its title.
        public var subtitle: String?
        /// The band's color, `#rrggbb` or a CSS name.
        public var background: String?
        /// Its text color (default: white or dark, whichever reads on the band).
        public var color: String?

        /// A band with these texts and colors.
        /// - Parameters:
        ///   - title: its title line.
        ///   - subtitle: the line under it.
        ///   - background: the band's color.
        ///   - color: its text color.
        public init(title: String? = nil, subtitle: String? = nil, background: String? = nil, color: String? = nil) {
            self.title = title
            self.subtitle = subtitle
            self.background = background
            self.color = color
        }
    }

    /// The band at the bottom of a card.
    public struct Footer: Hashable, Sendable, Codable {
        /// Its text.
        public var text: String?
        /// The band's color.
        public var background: String?
        /// Its text color (default: the subtitle color, made readable on the band).
        public var color: String?

        /// A band with this text and these colors.
        /// - Parameters:
        ///   - text: its text.
        ///   - background: the band's color.
        ///   - color: its text color.
        public init(text: String? = nil, background: String? = nil, color: String? = nil) {
            self.text = text
            self.background = background
            self.color = color
        }
    }

    /// A named part of a card's items, with its color (items name it in `section`).
    public struct Section: Hashable, Sendable, Codable {
        /// The name items give in `section`.
        public var name: String
        /// Its items' node color, its band's and its legend entry's: `#rrggbb` or a CSS name.
        public var color: String

        /// A section of this name and color.
        /// - Parameters:
        ///   - name: the name items give in `section`.
        ///   - color: its color.
        public init(_ name: String, color: String) {
            self.name = name
            self.color = color
        }
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, subtitle, attribute, header, footer, layout, direction, groupBy, style, locale, labels
        case sections, items
    }

    /// Reads a card; `sections` as the format writes it, a mapping of names to colors in the order
    /// written, or a list of `{ name, color }`.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        id = try keys.decodeIfPresent(String.self, forKey: .id)
        title = try keys.decodeIfPresent(String.self, forKey: .title)
        subtitle = try keys.decodeIfPresent(String.self, forKey: .subtitle)
        attribute = try keys.decodeIfPresent(String.self, forKey: .attribute)
        header = try keys.decodeIfPresent(Header.self, forKey: .header)
        footer = try keys.decodeIfPresent(Footer.self, forKey: .footer)
        layout = try keys.decodeIfPresent(LayoutKind.self, forKey: .layout)
        direction = try keys.decodeIfPresent(Direction.self, forKey: .direction)
        groupBy = try keys.decodeIfPresent(Grouping.self, forKey: .groupBy)
        style = try keys.decodeIfPresent(Style.self, forKey: .style)
        locale = try keys.decodeIfPresent(String.self, forKey: .locale)
        labels = try keys.decodeIfPresent(Timeline.Labels.self, forKey: .labels)
        items = try keys.decode([Item].self, forKey: .items)
        guard keys.contains(.sections), try !keys.decodeNil(forKey: .sections) else { return }
        if let list = try? keys.decode([Section].self, forKey: .sections) {
            sections = list
        } else {
            let named = try keys.nestedContainer(keyedBy: SectionName.self, forKey: .sections)
            sections = try named.allKeys.map {
                Section($0.stringValue, color: try named.decode(String.self, forKey: $0))
            }
        }
    }

    /// A section's name as a key of the mapping form.
    private struct SectionName: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
