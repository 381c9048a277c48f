import TimelineKit

/// When `assertTimelineSnapshot` writes goldens, as `TIMELINE_RECORD` says.
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// Record every image, matching or not, and fail so that the run is repeated.
    case all
    /// Record images that have no golden yet (and fail: "recorded, run again"). The default.
    case missing
    /// Record missing goldens and replace the ones that do not match (and fail).
    case failed
    /// Never write a golden: a missing one is a failure (for CI).
    case never

    /// `TIMELINE_RECORD=all|missing|failed|never`; `missing` when unset. `1` and `true` mean `all`,
    /// so scripts written before 0.1.0 keep working. Nil for any other value.
    public static func fromEnvironment() -> SnapshotRecordMode? {
        fromEnvironment(Environment.value("TIMELINE_RECORD"))
    }

    /// The mode a `TIMELINE_RECORD` value names, as `fromEnvironment()` reads it (nil: unset).
    public static func fromEnvironment(_ value: String?) -> SnapshotRecordMode? {
        guard let value, !value.isEmpty else { return .missing }
        if ["1", "true", "yes"].contains(value.lowercased()) { return .all }
        return SnapshotRecordMode(rawValue: value.lowercased())
    }
}
