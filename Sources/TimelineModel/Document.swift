/// One timeline entry; with `children` it is a group.
public struct Item: Hashable, Sendable, Codable {
    /// The text in bold beside the node.
    public var title: String?
    /// The line under the title.
    public var subtitle: String?
    /// When it happens; places the item on the time layout and in day groups.
    public var date: DateValue?
    /// When it ends, for a span on the time layout.
    public var end: DateValue?
    /// The event column, left of the node (a time, "Today").
    public var event: String?
    /// The node's kind: start, open, in progress, complete, end and the rest.
    public var status: Status = .open
    /// The node's shape, over the status's own.
    public var shape: Shape?
    /// The node's color, over the status's and the section's.
    public var color: Color?
    /// Absolute path of the icon file, already checked to lie inside the input's folder; its
    /// bytes are in the document's `icons`.
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

    /// An untitled, open item.
    public init() {}

    /// Whether the item is a group of `children`.
    public var isGroup: Bool { children != nil }
}

/// One image's worth of timeline.
public struct Card: Hashable, Sendable, Codable {
    /// Names the card's image: `<id>.svg`.
    public var id: String
    /// The card's title in a feed's header and in the preview strip's header row.
    public var title: String?
    /// The card's subtitle in a feed's header.
    public var subtitle: String?
    /// The preview strip header's attribute, beside the title (FUITimelinePreviewView).
    public var attribute: String?
    /// The band above the items.
    public var header: Band?
    /// The band below the items.
    public var footer: Band?
    /// A list, a time axis or a preview strip.
    public var layout: LayoutKind = .list
    /// Items top to bottom, or left to right.
    public var direction: Direction = .vertical
    /// Items grouped under a label per day, or not.
    public var groupBy: Grouping = .none
    /// Colors, fonts and sizes, the theme's with the card's own keys over them.
    public var style: Style
    /// The entries, in order.
    public var items: [Item]
    /// Sections named by `sections` or by items, in that order, each with its color.
    public var sections: [Section] = []
    /// `theme: auto`: the same look in the dark theme's colors, for readers who prefer dark.
    public var darkStyle: Style?
    /// The document's "today", used for overdue items and the preview strip.
    public var now: DateValue?
    /// The zone its dates are shown in (`timeZone:`), which its axis counts days and hours in.
    public var timeZone: DisplayTimeZone = .utc
    /// Where the card starts in its input, for messages about it.
    public var location: SourceLocation?

    /// A list card of `items`.
    public init(id: String, style: Style, items: [Item]) {
        self.id = id
        self.style = style
        self.items = items
    }
}

/// A named part of a card's items (Mermaid's `section`, a markwhen tag), with its color.
public struct Section: Hashable, Sendable, Codable {
    /// The name items give in `section`.
    public var name: String
    /// The color of its items' nodes and of its band and legend entry.
    public var color: Color

    /// A section of the given name and color.
    public init(name: String, color: Color) {
        self.name = name
        self.color = color
    }
}

/// A decoded input file.
public struct Document: Hashable, Sendable, Codable {
    /// The format version, 1.
    public var version = 1
    /// The day that counts as today, for every card that does not set its own.
    public var now: DateValue?
    /// How the cards stand in a feed strip (`--feed`): gap, margins, background.
    public var feed = Feed()
    /// `theme: auto`: the feed in the dark theme's colors.
    public var darkFeed: Feed?
    /// The cards, in order: one image each, or one strip together.
    public var cards: [Card]
    /// The input as named in messages.
    public var source: String
    /// Every icon the items name, by absolute path.
    public var icons: [String: IconFile] = [:]
    /// Every file the document read besides itself (its icons, a theme file), by path: what its
    /// images must never be written over.
    public var filesRead: [String] = []
    /// The theme the document names (`theme:`), or `--theme`; nil when neither names one.
    public var theme: String?
    /// What was read and not used (a Mermaid diagram's configuration keys), printed under `--verbose`.
    public var notes: [ReadingNote] = []
    /// Every font the input or its theme names (`font`, `titleFont`, `subtitleFont`), where it
    /// names it: a family the fonts do not hold is bad input, found once the fonts are loaded.
    public var fontsNamed: [FontNamed] = []

    /// A document of `cards`, named `source` in messages.
    public init(cards: [Card], source: String) {
        self.cards = cards
        self.source = source
    }
}

/// A font an input names, and where: `font` names a family, `titleFont` and `subtitleFont` a
/// Pango font description ("Inter Semi-Bold 14") whose family is checked.
public struct FontNamed: Hashable, Sendable, Codable {
    /// The value as written.
    public var value: String
    /// Whether `value` is a whole font description rather than a family.
    public var isDescription: Bool
    /// The key's path, as messages name it ("style.font", "cards[0].style.titleFont").
    public var key: String
    /// Where the value is written.
    public var location: SourceLocation

    /// `value`, written at `location` under `key`.
    public init(value: String, isDescription: Bool, key: String, location: SourceLocation) {
        self.value = value
        self.isDescription = isDescription
        self.key = key
        self.location = location
    }
}

/// Something an input holds that was read and not used, at its place (`--verbose` prints it as
/// `file:line:column: note: message`).
public struct ReadingNote: Hashable, Sendable, Codable {
    /// Where it is written.
    public var location: SourceLocation
    /// What was not used, and why.
    public var message: String

    /// A note at `location`.
    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }
}
