/// The words dates are written with: month and weekday names and the Today label. English by
/// default; a locale's names come from ICU's CLDR data (see `LocaleNames`).
public struct DateNames: Hashable, Sendable, Codable {
    /// January first.
    public var months: [String]
    /// Short month names ("Jan"), January first.
    public var shortMonths: [String]
    /// Sunday first.
    public var weekdays: [String]
    /// Short weekday names ("Sun"), Sunday first.
    public var shortWeekdays: [String]
    /// The Today line's and marker's label.
    public var today: String
    /// How a day of a month is written: "MMM d" in English, "d. MMM" in German, "M月d日" in Japanese.
    public var dayPattern = "MMM d"
    /// How a day with its year is written: "MMM d, yyyy" in English, "d. MMM yyyy" in German,
    /// "yyyy年M月d日" in Japanese.
    public var yearDayPattern = "MMM d, yyyy"
    /// The legend's status names, in `Status.allCases` order (`LabelWords`).
    public var statuses: [String] = LabelWords.table["en"]?.statuses ?? []
    /// The preview strip's "+N more", `%d` standing for the count.
    public var morePattern = "+%d more"
    /// What joins a day to its time of day: ", " in English ("Nov 3, 09:00"), "، " in Arabic and
    /// Persian, a space in Japanese (CLDR's date-time pattern, `{1}, {0}`, without its fields).
    public var dateTimeSeparator = ", "
    /// The digits 0 to 9 as the locale writes them: `٠`…`٩` in Arabic, `۰`…`۹` in Persian.
    public var digits = "0123456789"
    /// The locale these names are of, as written (BCP 47, "de-DE"); nil: English by default.
    /// Words too long for their line are hyphenated by its dictionary.
    public var language: String?

    /// Names in a language, `dayPattern` left at the English one.
    public init(months: [String], shortMonths: [String], weekdays: [String], shortWeekdays: [String], today: String) {
        self.months = months
        self.shortMonths = shortMonths
        self.weekdays = weekdays
        self.shortWeekdays = shortWeekdays
        self.today = today
    }

    /// English names, `Today`.
    public static let english = DateNames(
        months: DatePattern.monthNames, shortMonths: DatePattern.monthNames.map { String($0.prefix(3)) },
        weekdays: DatePattern.weekdayNames, shortWeekdays: DatePattern.weekdayNames.map { String($0.prefix(3)) },
        today: "Today")

    /// The short name of `month` (1 to 12).
    public func shortMonth(_ month: Int) -> String { Self.pick(shortMonths, month - 1) }
    /// The name of `month` (1 to 12).
    public func month(_ month: Int) -> String { Self.pick(months, month - 1) }
    /// Weekday 0 is Sunday.
    public func weekday(_ weekday: Int) -> String { Self.pick(weekdays, weekday) }
    /// The short name of `weekday`; 0 is Sunday.
    public func shortWeekday(_ weekday: Int) -> String { Self.pick(shortWeekdays, weekday) }

    /// A day in `dayPattern` ("Nov 3").
    public func day(_ civil: CivilDate) -> String {
        guard case .success(let pattern) = DatePattern.parse(dayPattern) else {
            return shortMonth(civil.month) + " " + String(civil.day)
        }
        return pattern.format(civil: civil, names: self)
    }

    /// A day with its year, in `yearDayPattern` ("Nov 3, 2026").
    public func yearDay(_ civil: CivilDate) -> String {
        guard case .success(let pattern) = DatePattern.parse(yearDayPattern) else {
            return day(civil) + ", " + String(civil.year)
        }
        return pattern.format(civil: civil, names: self)
    }

    private static func pick(_ names: [String], _ index: Int) -> String {
        names.indices.contains(index) ? names[index] : ""
    }
}
