import TimelineModel

/// A period written as a range: "Nov 3 – Nov 7", "Nov 3, 09:00 – 11:30", "Dec 28, 2026 – Jan 4, 2027".
enum DateRangeText {
    /// Both ends in `pattern` when one is given, else in the shortest form that is still clear.
    /// Within each end the spaces are no-break spaces, except before a time of day, so a narrow
    /// column wraps after the dash or between day and time, never inside "Nov 3".
    /// `years`: the range names its year even when both ends share it (a card whose dates cross a year).
    static func range(
        _ start: DateValue, _ end: DateValue, pattern: String?, names: DateNames = .english, years: Bool = false
    ) -> String {
        if let pattern, case .success(let parsed) = DatePattern.parse(pattern) {
            // Within one day the day is named once: "Tue 09:00 – 10:30".
            let sameDay = !start.isDay && start.civil.dayNumber == end.civil.dayNumber && start.instant != end.instant
            let endText =
                (sameDay ? parsed.formatTimeOfDay(end, names: names) : nil) ?? parsed.format(end, names: names)
            return keptTogether(parsed.format(start, names: names)) + " – " + keptTogether(endText)
        }
        let (from, to) = automatic(start, end, names: names, years: years)
        return names.localDigits(keptTogether(from) + " – " + keptTogether(to))
    }

    /// One date in the short form a range's ends take: "Nov 3", "Nov 3, 09:00" ("Nov 3, 2026" with
    /// its `year`).
    static func point(_ date: DateValue, names: DateNames = .english, year: Bool = false) -> String {
        names.localDigits(keptTogether(day(date.civil, names: names, year: year) + time(date, names: names)))
    }

    static func keptTogether(_ text: String) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(joined)
        var result = words.first ?? ""
        for word in words.dropFirst() {
            result += (word.contains(":") ? " " : "\u{00A0}") + word
        }
        return result
    }

    /// A word of Chinese, Japanese or Korean characters ("2027年1月20日") with word joiners
    /// between them: those scripts break between any two characters, and a date must not.
    private static func joined(_ word: Substring) -> String {
        guard word.unicodeScalars.contains(where: isBreakable) else { return String(word) }
        return word.map(String.init).joined(separator: "\u{2060}")
    }

    private static func isBreakable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF: return true
        default: return false
        }
    }

    private static func automatic(_ start: DateValue, _ end: DateValue, names: DateNames, years: Bool) -> (
        String, String
    ) {
        let (from, to) = (start.civil, end.civil)
        if !start.isDay, !end.isDay, from.dayNumber == to.dayNumber, from.hour == to.hour, from.minute == to.minute,
            start.instant != end.instant
        {
            // Within one minute: the seconds tell the ends apart ("00:00:00 – 00:00:01", not "00:00 – 00:00").
            return (
                day(from, names: names, year: years) + names.dateTimeSeparator + clock(from) + ":"
                    + padded(from.second),
                clock(to) + ":" + padded(to.second)
            )
        }
        // A range within one year names it once: at its end ("Nov 3 – Nov 7, 2026"), or at its start
        // where the year comes first ("2027年1月5日 – 1月20日"); within one day, at its day.
        let crossing = from.year != to.year
        let oneDay = from.dayNumber == to.dayNumber && !end.isDay && !start.isDay
        let yearFirst = names.yearDayPattern.hasPrefix("y")
        let startText =
            day(from, names: names, year: crossing || (years && (oneDay || yearFirst))) + time(start, names: names)
        if oneDay { return (startText, clock(to)) }
        return (startText, day(to, names: names, year: crossing || (years && !yearFirst)) + time(end, names: names))
    }

    private static func day(_ civil: CivilDate, names: DateNames, year: Bool) -> String {
        year ? names.yearDay(civil) : names.day(civil)
    }

    /// A day's time of day, joined as the locale joins them ("، 09:00" in Arabic).
    private static func time(_ date: DateValue, names: DateNames) -> String {
        date.isDay ? "" : names.dateTimeSeparator + clock(date.civil)
    }

    private static func padded(_ value: Int) -> String { (value < 10 ? "0" : "") + String(value) }

    private static func clock(_ civil: CivilDate) -> String {
        (civil.hour < 10 ? "0" : "") + String(civil.hour) + ":" + (civil.minute < 10 ? "0" : "") + String(civil.minute)
    }
}
