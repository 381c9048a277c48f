/// SAP Fiori timeline node kinds.
public enum Status: String, CaseIterable, Sendable, Codable {
    case beforeStart = "before-start"
    case start
    case open
    case inProgress = "in-progress"
    case complete
    case inactive
    case earlyEnd = "early-end"
    case beforeEnd = "before-end"
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
    case circle, square, diamond, hexagon, ring, none
}

public enum LayoutKind: String, CaseIterable, Sendable, Codable {
    case list, time, preview
}

public enum Direction: String, CaseIterable, Sendable, Codable {
    case vertical, horizontal
}

public enum Grouping: String, CaseIterable, Sendable, Codable {
    case none, day
}

/// Which way a card or an item reads: `auto` mirrors a card when most of its items read right to
/// left, and an item's cell when its title reads the other way from its card.
public enum TextDirection: String, CaseIterable, Sendable, Codable {
    case auto, ltr, rtl
}
