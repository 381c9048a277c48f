import TimelineModel

/// A period written as a range: "Nov 3 – Nov 7", "Nov 3, 09:00 – 11:30", "Dec 28, 2026 – Jan 4, 2027".
enum DateRangeText {
    /// Both ends in `pattern` when one is given, else in the shortest form that is still clear.
    /// Each end's spaces are no-break spaces, so a narrow column wraps after the dash only.
    static func range(_ start: DateValue, _ end: DateValue, pattern: String?, names: DateNames = .english) -> String {
        let (from, to) = ends(start, end, pattern: pattern, names: names)
        return keptTogether(from) + " – " + keptTogether(to)
    }

    private static func keptTogether(_ text: String) -> String {
        String(text.map { $0 == " " ? "\u{00A0}" : $0 })
    }

    private static func ends(_ start: DateValue, _ end: DateValue, pattern: String?, names: DateNames) -> (String, String) {
        if let pattern, case .success(let parsed) = DatePattern.parse(pattern) {
            return (parsed.format(start, names: names), parsed.format(end, names: names))
        }
        let (from, to) = (start.civil, end.civil)
        let years = from.year != to.year
        let startText = day(from, names: names, year: years) + time(start)
        if from.dayNumber == to.dayNumber, !end.isDay, !start.isDay { return (startText, clock(to)) }
        return (startText, day(to, names: names, year: years) + time(end))
    }

    private static func day(_ civil: CivilDate, names: DateNames, year: Bool) -> String {
        names.day(civil) + (year ? ", " + String(civil.year) : "")
    }

    private static func time(_ date: DateValue) -> String { date.isDay ? "" : ", " + clock(date.civil) }

    private static func clock(_ civil: CivilDate) -> String {
        (civil.hour < 10 ? "0" : "") + String(civil.hour) + ":" + (civil.minute < 10 ? "0" : "") + String(civil.minute)
    }
}
