/// One timeline entry; with `children` it is a group.
public struct Item: Hashable, Sendable, Codable {
    public var title: String?
    public var subtitle: String?
    public var date: DateValue?
    public var end: DateValue?
    public var event: String?
    public var status: Status = .open
    public var shape: Shape?
    public var color: Color?
    /// Absolute path of the icon file, already checked to lie inside the input's folder; its
    /// bytes are in the document's `icons`.
    public var icon: String?
    public var attribute: String?
    public var subAttribute: String?
    public var statusText: String?
    public var subStatusText: String?
    public var link: String?
    /// Which way the item's cell reads; `auto` follows its title's first strong letter.
    public var textDirection: TextDirection = .auto
    /// Non-nil makes this item a group.
    public var children: [Item]?
    /// Where the item starts in its input, for messages about it.
    public var location: SourceLocation?

    public init() {}

    public var isGroup: Bool { children != nil }
}

/// One image's worth of timeline.
public struct Card: Hashable, Sendable, Codable {
    public var id: String
    public var title: String?
    public var subtitle: String?
    /// The preview strip header's attribute, beside the title (FUITimelinePreviewView).
    public var attribute: String?
    public var header: Band?
    public var footer: Band?
    public var layout: LayoutKind = .list
    public var direction: Direction = .vertical
    public var groupBy: Grouping = .none
    public var style: Style
    public var items: [Item]
    /// The document's "today", used for overdue items and the preview strip.
    public var now: DateValue?
    public var location: SourceLocation?

    public init(id: String, style: Style, items: [Item]) {
        self.id = id
        self.style = style
        self.items = items
    }
}

/// A decoded input file.
public struct Document: Hashable, Sendable, Codable {
    public var version = 1
    public var now: DateValue?
    public var feed = Feed()
    public var cards: [Card]
    public var source: String
    /// Every icon the items name, by absolute path.
    public var icons: [String: IconFile] = [:]

    public init(cards: [Card], source: String) {
        self.cards = cards
        self.source = source
    }
}
