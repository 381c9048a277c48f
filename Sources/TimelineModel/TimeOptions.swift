/// What a time layout draws along its axis.
public enum AxisMode: String, CaseIterable, Sendable, Codable {
    /// No axis: nodes alone tell the dates.
    case none
    /// A rule with tick marks and date labels.
    case ticks
    /// Ticks, plus faint gridlines across the card.
    case grid
}

/// Whether `now` is marked on a card.
public enum TodayMode: String, CaseIterable, Sendable, Codable {
    /// A Today line (time layouts) or marker (lists) when `now` falls inside the card's span.
    case auto
    /// Never.
    case none
}
