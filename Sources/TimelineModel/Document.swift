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
    /// `description`: body text under the subtitle, with inline `**bold**`, `*italic*`, `` `code` `` and links.
    public var body: String?
    /// The section it belongs to (its color comes from the card's `sections` unless it has one).
    public var section: String?
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
    /// Sections named by `sections` or by items, in that order, each with its color.
    public var sections: [Section] = []
    /// `theme: auto`: the same look in the dark theme's colors, for readers who prefer dark.
    public var darkStyle: Style?
    /// The document's "today", used for overdue items and the preview strip.
    public var now: DateValue?
    public var location: SourceLocation?

    public init(id: String, style: Style, items: [Item]) {
        self.id = id
        self.style = style
        self.items = items
    }
}

/// A named part of a card's items (Mermaid's `section`, a markwhen tag), with its color.
public struct Section: Hashable, Sendable, Codable {
    public var name: String
    public var color: Color

    public init(name: String, color: Color) {
        self.name = name
        self.color = color
    }
}

/// A decoded input file.
public struct Document: Hashable, Sendable, Codable {
    public var version = 1
    public var now: DateValue?
    public var feed = Feed()
    /// `theme: auto`: the feed in the dark theme's colors.
    public var darkFeed: Feed?
    public var cards: [Card]
    public var source: String
    /// Every icon the items name, by absolute path.
    public var icons: [String: IconFile] = [:]

    public init(cards: [Card], source: String) {
        self.cards = cards
        self.source = source
    }
}
