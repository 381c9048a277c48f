import TimelineICU
import TimelineModel

/// Month and weekday names, the day pattern and the word "Today" of a locale, from ICU's CLDR
/// data. ICU (libicui18n, Debian's libicu72; libicucore on macOS) is opened (`TimelineICU`) the
/// first time a locale other than English is asked for, so documents in English never load it.
package enum ICUDates {
    /// The names of `locale` (BCP 47, e.g. "de-DE"); nil when ICU is missing or has no data for
    /// the locale's language. Days and years are counted in the Gregorian calendar, so the names
    /// are the Gregorian months' in the locale's language: a locale whose own calendar is another
    /// (fa-IR Persian, ar-SA Islamic, a `-u-ca-` extension) would otherwise name a Persian month
    /// beside a Gregorian day and year, a date that does not exist.
    package static func names(for locale: String) -> DateNames? {
        guard let icu = ICULibrary.shared else { return nil }
        return icu.names(for: icuLocale(locale))
    }

    /// `fa-IR` as ICU's `fa_IR@calendar=gregorian`; BCP 47 extensions (`-u-ca-japanese`) are dropped.
    static func icuLocale(_ locale: String) -> String {
        var subtags: [Substring] = []
        for subtag in locale.split(separator: "-") {
            // A singleton (`u`, `x`, `t`) opens the extensions: only language, script and region stay.
            if subtag.count == 1 { break }
            subtags.append(subtag)
        }
        return subtags.joined(separator: "_") + "@calendar=gregorian"
    }
}

/// The few ICU C functions used, looked up by their versioned names (`udat_open_72`).
final class ICULibrary: @unchecked Sendable {
    typealias Open =
        @convention(c) (
            Int32, Int32, UnsafePointer<CChar>?, UnsafePointer<UInt16>?, Int32,
            UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<Int32>
        ) -> OpaquePointer?
    typealias Format =
        @convention(c) (
            OpaquePointer?, Double, UnsafeMutablePointer<UInt16>?, Int32, OpaquePointer?,
            UnsafeMutablePointer<Int32>
        ) -> Int32
    typealias Close = @convention(c) (OpaquePointer?) -> Void
    typealias GeneratorOpen = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>) -> OpaquePointer?
    typealias BestPattern =
        @convention(c) (
            OpaquePointer?, UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<UInt16>?, Int32,
            UnsafeMutablePointer<Int32>
        ) -> Int32
    typealias DateTimeFormat =
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> UnsafePointer<UInt16>?
    typealias RelativeOpen =
        @convention(c) (UnsafePointer<CChar>?, OpaquePointer?, Int32, Int32, UnsafeMutablePointer<Int32>) ->
        OpaquePointer?
    typealias RelativeFormat =
        @convention(c) (
            OpaquePointer?, Double, Int32, UnsafeMutablePointer<UInt16>?, Int32,
            UnsafeMutablePointer<Int32>
        ) -> Int32

    let open: Open, format: Format, close: Close
    let generatorOpen: GeneratorOpen, bestPattern: BestPattern, generatorClose: Close
    let relativeOpen: RelativeOpen, relativeFormat: RelativeFormat, relativeClose: Close
    /// `udatpg_getDateTimeFormat`, the pattern joining a date and a time; optional, as an ICU without
    /// it still names months.
    let dateTimeFormat: DateTimeFormat?
    /// The zone functions (`ICUZones`), looked up as these are.
    let zones: ICUZoneFunctions?

    /// Looked up once, on first use (a lazily initialised global), in libicui18n as `ICU` opened it.
    static let shared: ICULibrary? = ICU.internationalization.flatMap(ICULibrary.init)

    private init?(icu: ICU) {
        func symbol<T>(_ name: String, _ type: T.Type) -> T? { icu.symbol(name, type) }
        guard let open = symbol("udat_open", Open.self), let format = symbol("udat_format", Format.self),
            let close = symbol("udat_close", Close.self),
            let generatorOpen = symbol("udatpg_open", GeneratorOpen.self),
            let bestPattern = symbol("udatpg_getBestPattern", BestPattern.self),
            let generatorClose = symbol("udatpg_close", Close.self),
            let relativeOpen = symbol("ureldatefmt_open", RelativeOpen.self),
            let relativeFormat = symbol("ureldatefmt_format", RelativeFormat.self),
            let relativeClose = symbol("ureldatefmt_close", Close.self)
        else { return nil }
        (self.open, self.format, self.close) = (open, format, close)
        (self.generatorOpen, self.bestPattern, self.generatorClose) = (generatorOpen, bestPattern, generatorClose)
        (self.relativeOpen, self.relativeFormat, self.relativeClose) = (relativeOpen, relativeFormat, relativeClose)
        dateTimeFormat = symbol("udatpg_getDateTimeFormat", DateTimeFormat.self)
        zones = ICUZoneFunctions(icu: icu)
    }

    func names(for locale: String) -> DateNames? {
        guard isKnown(locale) else { return nil }
        let months = (1...12).map { instant(2026, $0, 15) }
        let sunday = instant(2026, 11, 1)
        let weekdays = (0..<7).map { sunday + Double($0) * 86_400_000 }
        guard let long = formatted(months, pattern: "LLLL", locale: locale),
            let short = formatted(months, pattern: "LLL", locale: locale),
            let days = formatted(weekdays, pattern: "cccc", locale: locale),
            let shortDays = formatted(weekdays, pattern: "ccc", locale: locale)
        else { return nil }
        var names = DateNames(
            months: long, shortMonths: short, weekdays: days, shortWeekdays: shortDays,
            today: today(locale) ?? DateNames.english.today)
        if let words = LabelWords.words(for: locale) { (names.statuses, names.morePattern) = words }
        names.digits = digits(locale) ?? names.digits
        names.dateTimeSeparator = dateTimeSeparator(locale) ?? names.dateTimeSeparator
        // Stand-alone letters (L, c) read as their format twins; a pattern we cannot read keeps English's.
        if let day = best("MMMd", locale: locale).map(Self.formatLetters), case .success = DatePattern.parse(day) {
            names.dayPattern = day
        }
        if let day = best("yMMMd", locale: locale).map(Self.formatLetters).map(Self.fullYear),
            case .success = DatePattern.parse(day)
        {
            names.yearDayPattern = day
        }
        return names
    }

    /// The digits the locale writes days with: January 1 to 9 give 1 to 9, the 10th its 0.
    private func digits(_ locale: String) -> String? {
        let days = (1...10).map { instant(2026, 1, $0) }
        guard let written = formatted(days, pattern: "d", locale: locale) else { return nil }
        let ones = written.prefix(9).compactMap { $0.count == 1 ? $0.first : nil }
        guard ones.count == 9, let zero = written.last?.last, written.last?.count == 2 else { return nil }
        return String([zero] + ones)
    }

    /// What the locale's date-time pattern puts between its date (`{1}`) and its time (`{0}`):
    /// "، " in Arabic, Persian and Urdu, where the ICU patterns of a day alone carry no comma to copy.
    private func dateTimeSeparator(_ locale: String) -> String? {
        var status: Int32 = 0
        guard let dateTimeFormat, let generator = generatorOpen(locale, &status), status <= 0 else { return nil }
        defer { generatorClose(generator) }
        var length: Int32 = 0
        guard let pattern = dateTimeFormat(generator, &length), length > 0 else { return nil }
        let text = String(decoding: UnsafeBufferPointer(start: pattern, count: Int(length)), as: UTF16.self)
        return Self.separator(inDateTimePattern: text)
    }

    /// "{1}، {0}" gives "، "; nil when the date does not come first or anything is quoted.
    static func separator(inDateTimePattern pattern: String) -> String? {
        guard pattern.hasPrefix("{1}"), pattern.hasSuffix("{0}"), pattern.count > 6 else { return nil }
        let between = String(pattern.dropFirst(3).dropLast(3))
        guard !between.contains("'"), !between.contains("{") else { return nil }
        return between
    }

    private static func formatLetters(_ pattern: String) -> String {
        String(pattern.map { $0 == "L" ? "M" : $0 == "c" ? "E" : $0 })
    }

    /// ICU's `y` (the year, unpadded) as the `yyyy` date patterns here write.
    private static func fullYear(_ pattern: String) -> String {
        var result = ""
        var run = 0
        for character in pattern + "\u{0}" {
            if character == "y" {
                run += 1
                continue
            }
            if run > 0 { result += run == 2 ? "yy" : "yyyy" }
            run = 0
            if character != "\u{0}" { result.append(character) }
        }
        return result
    }

    /// Whether ICU has data for the locale's language: for one it has not, it falls back to its
    /// root locale (months "M01", "M02", …) or to the machine's default (English).
    private func isKnown(_ locale: String) -> Bool {
        guard let january = formatted([instant(2026, 1, 15)], pattern: "LLLL", locale: locale)?.first else {
            return false
        }
        return !january.isEmpty && january != "M01" && january != "January"
    }

    private func instant(_ year: Int, _ month: Int, _ day: Int) -> Double {
        Double(CivilDate.daysSinceEpoch(year: year, month: month, day: day)) * 86_400_000
    }

    private func formatted(_ dates: [Double], pattern: String, locale: String) -> [String]? {
        var status: Int32 = 0
        let utf16 = Array(pattern.utf16)
        guard let formatter = open(-2, -2, locale, Array("UTC".utf16), 3, utf16, Int32(utf16.count), &status),
            status <= 0
        else { return nil }
        defer { close(formatter) }
        return dates.map { date in
            read { buffer, capacity, status in format(formatter, date, buffer, capacity, nil, status) } ?? ""
        }
    }

    /// The locale's own pattern for a skeleton ("MMMd" gives "d. MMM" in German).
    private func best(_ skeleton: String, locale: String) -> String? {
        var status: Int32 = 0
        guard let generator = generatorOpen(locale, &status), status <= 0 else { return nil }
        defer { generatorClose(generator) }
        let utf16 = Array(skeleton.utf16)
        return read { buffer, capacity, status in
            bestPattern(generator, utf16, Int32(utf16.count), buffer, capacity, status)
        }
    }

    /// "Today" as the start of a sentence: the relative day 0.
    private func today(_ locale: String) -> String? {
        var status: Int32 = 0
        // Long style, capitalized for the beginning of a sentence.
        guard let formatter = relativeOpen(locale, nil, 0, 258, &status), status <= 0 else { return nil }
        defer { relativeClose(formatter) }
        return read { buffer, capacity, status in relativeFormat(formatter, 0, 4, buffer, capacity, status) }
    }

    private func read(_ call: (UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<Int32>) -> Int32) -> String? {
        var buffer = [UInt16](repeating: 0, count: 128)
        var status: Int32 = 0
        let length = buffer.withUnsafeMutableBufferPointer { pointer -> Int32 in
            guard let base = pointer.baseAddress else { return 0 }
            return call(base, Int32(pointer.count), &status)
        }
        guard status <= 0, length > 0, length <= buffer.count else { return nil }
        return String(decoding: buffer[0..<Int(length)], as: UTF16.self)
    }
}
