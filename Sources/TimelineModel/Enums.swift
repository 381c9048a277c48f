/// SAP Fiori timeline node kinds.
public enum Status: String, CaseIterable, Sendable, Codable {
    /// Before the start: a node before the line begins (`before-start`).
    case beforeStart = "before-start"
    /// The start: no line before it.
    case start
    /// Not started yet; overdue once its date is past. The default.
    case open
    /// Under way; overdue once its date is past (`in-progress`).
    case inProgress = "in-progress"
    /// Done.
    case complete
    /// Will not happen, or no longer matters.
    case inactive
    /// Ended before its time: no line after it (`early-end`).
    case earlyEnd = "early-end"
    /// Just before the end (`before-end`).
    case beforeEnd = "before-end"
    /// The end: no line after it.
    case end

    /// Whether a date in the past makes this item overdue.
    public var canBeOverdue: Bool { self == .open || self == .inProgress }
    /// No line segment is drawn before this node.
    public var cutsLeadingLine: Bool { self == .start }
    /// No line segment is drawn after this node.
    public var cutsTrailingLine: Bool { self == .end || self == .earlyEnd }
}

/// The outline of a node.
public enum Shape: String, CaseIterable, Sendable, Codable {
    /// A filled circle, a filled square, a square on its corner, a hexagon, an unfilled circle,
    /// or no outline at all (an icon alone).
    case circle, square, diamond, hexagon, ring, none
}

/// How a card places its items.
public enum LayoutKind: String, CaseIterable, Sendable, Codable {
    /// One after another (`list`), where their dates fall on an axis (`time`), or a strip of a
    /// few items in columns (`preview`).
    case list, time, preview
}

/// Which way a card's line runs.
public enum Direction: String, CaseIterable, Sendable, Codable {
    /// Top to bottom, or left to right.
    case vertical, horizontal
}

/// How a list card groups its items.
public enum Grouping: String, CaseIterable, Sendable, Codable {
    /// Not at all, or in sections by day.
    case none, day
}

/// Which way a card or an item reads: `auto` mirrors a card when most of its items read right to
/// left, and an item's cell when its title reads the other way from its card.
public enum TextDirection: String, CaseIterable, Sendable, Codable {
    /// From the text, left to right, or right to left.
    case auto, ltr, rtl
}
