/// A date as written in the input: an instant, the offset it was written in, and whether it was a bare day.
public struct DateValue: Hashable, Sendable, Codable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var instant: Double
    /// Offset from UTC in seconds the date was written with; 0 for `Z` and bare days.
    public var utcOffset: Int
    /// `2026-11-02` rather than a date-time.
    public var isDay: Bool

    /// A date at `instant`, written with `utcOffset`.
    public init(instant: Double, utcOffset: Int = 0, isDay: Bool = false) {
        self.instant = instant
        self.utcOffset = utcOffset
        self.isDay = isDay
    }

    /// Earlier instants first, whatever their offsets.
    public static func < (lhs: DateValue, rhs: DateValue) -> Bool { lhs.instant < rhs.instant }

    /// Civil fields in the date's own offset, computed without calendars or the machine's time zone.
    public var civil: CivilDate { CivilDate(secondsSinceEpoch: Int64(instant.rounded(.down)) + Int64(utcOffset)) }
}

/// Year, month, day, weekday and time of day: proleptic Gregorian, no locale.
public struct CivilDate: Hashable, Sendable {
    /// The year, astronomical: 0 is 1 BC.
    public var year: Int
    /// 1 to 12.
    public var month: Int
    /// 1 to 31.
    public var day: Int
    /// 0 to 23.
    public var hour: Int
    /// 0 to 59.
    public var minute: Int
    /// 0 to 59.
    public var second: Int
    /// 0 = Sunday.
    public var weekday: Int

    /// The civil date `seconds` after 1970-01-01T00:00:00.
    public init(secondsSinceEpoch seconds: Int64) {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
        weekday = ((days % 7) + 7 + 4) % 7
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01 for a civil date (Hinnant's days_from_civil).
    public static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day number this civil date falls on.
    public var dayNumber: Int { Self.daysSinceEpoch(year: year, month: month, day: day) }
}
