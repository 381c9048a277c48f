/// One entry of a card; with `items` of its own it is a group (`Item.group`).
public struct Item: Hashable, Sendable, Codable {
    /// The text in bold beside the node; needed unless the item has an icon or items.
    public var title: String?
    /// The line under the title.
    public var subtitle: String?
    /// When it happens, an ISO 8601 date or date-time (`2026-03-02`, `2026-03-02T09:45:00Z`).
    public var date: String?
    /// When a period that starts at `date` ends.
    public var end: String?
    /// The text left of the line (`"9:45\nAM"`); default: the date in the card's event format.
    public var event: String?
    /// The node's kind (default open).
    public var status: Status?
    /// The node's outline, instead of its status's own.
    public var shape: Shape?
    /// The node's color, `#rrggbb` or a CSS name.
    public var color: String?
    /// A PNG or SVG file, relative to the folder the timeline is rendered from.
    public var icon: String?
    /// The attribute line under the subtitle.
    public var attribute: String?
    /// A second attribute line.
    public var subAttribute: String?
    /// The status column, right of the text.
    public var statusText: String?
    /// The status column's second line.
    public var subStatusText: String?
    /// An http, https or mailto URL the item links to in SVG and PDF.
    public var link: String?
    /// Which way its cell reads: auto (default) follows its title's first letter.
    public var textDirection: TextDirection?
    /// The group's items: non-nil makes this item a group.
    public var items: [Item]?
    /// The section it belongs to (`Card.sections`).
    public var section: String?
    /// Body text under the subtitle, with `**bold**`, `*italic*`, code in backticks and `[links](https://…)`.
    public var description: String?

    /// An item; every key is optional.
    /// - Parameters:
    ///   - title: the text in bold beside the node.
    ///   - subtitle: the line under the title.
    ///   - date: when it happens, ISO 8601.
    ///   - end: when a period from `date` ends.
    ///   - event: the text left of the line.
    ///   - status: the node's kind (default open).
    ///   - statusText: the status column.
    ///   - description: body text under the subtitle.
    public init(
        _ title: String? = nil, subtitle: String? = nil, date: String? = nil, end: String? = nil,
        event: String? = nil, status: Status? = nil, statusText: String? = nil, description: String? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.date = date
        self.end = end
        self.event = event
        self.status = status
        self.statusText = statusText
        self.description = description
    }

    /// A group: a titled item holding `items`, drawn with a box around them.
    /// - Parameters:
    ///   - title: the group's title.
    ///   - status: the group's node kind (default open).
    ///   - items: the items it holds, at least one.
    public static func group(_ title: String? = nil, status: Status? = nil, items: [Item]) -> Item {
        var group = Item(title, status: status)
        group.items = items
        return group
    }

    /// Whether the item is a group.
    public var isGroup: Bool { items != nil }
}
