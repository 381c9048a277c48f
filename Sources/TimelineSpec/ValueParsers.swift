import TimelineModel

/// Parsers for the scalar forms the format accepts; each returns nil or a reason on bad input.
enum ValueParsers {
    /// `#rgb`, `#rrggbb`, `#rrggbbaa` or a CSS color name.
    static func color(_ text: String) -> Color? {
        let trimmed = String(decoding: trimmedBytes(text), as: UTF8.self).lowercased()
        if trimmed.hasPrefix("#") {
            let hex = trimmed.dropFirst()
            guard hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else { return nil }
            switch hex.count {
            case 3:
                let r = UInt8((value >> 8) & 0xf)
                let g = UInt8((value >> 4) & 0xf)
                let b = UInt8(value & 0xf)
                return Color(red: r * 17, green: g * 17, blue: b * 17)
            case 6: return Color(hex: value)
            case 8: return Color(hex: value >> 8, alpha: UInt8(value & 0xff))
            default: return nil
            }
        }
        return CSSColors.named[trimmed]
    }

    /// ISO 8601: `2026-11-02`, `2026-11-02T09:45`, `2026-11-02T09:45:30.5Z`, `2026-11-02 09:45+01:00`.
    /// A date-time without an offset is UTC, never the machine's time zone.
    static func date(_ text: String) -> DateValue? {
        let chars = Array(trimmedBytes(text))
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= chars.count else { return nil }
            var value = 0
            for offset in 0..<digits {
                let c = chars[index + offset]
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            index += digits
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard index < chars.count, chars[index] == c else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        let dayNumber = CivilDate.daysSinceEpoch(year: year, month: month, day: day)
        if index == chars.count {
            return DateValue(instant: Double(dayNumber) * 86_400, utcOffset: 0, isDay: true)
        }
        guard expect(84) || expect(116) || expect(32), let hour = number(2), expect(58), let minute = number(2),
            hour < 24, minute < 60
        else { return nil }
        var seconds = 0.0
        if expect(58) {
            guard let whole = number(2), whole < 61 else { return nil }
            seconds = Double(whole)
            if expect(46) || expect(44) {
                var scale = 0.1
                var digits = 0
                while index < chars.count, chars[index] >= 48, chars[index] <= 57 {
                    seconds += Double(chars[index] - 48) * scale
                    scale /= 10
                    index += 1
                    digits += 1
                }
                guard digits > 0 else { return nil }
            }
        }
        var offset = 0
        if expect(90) || expect(122) {
            offset = 0
        } else if index < chars.count, chars[index] == 43 || chars[index] == 45 {
            let sign = chars[index] == 45 ? -1 : 1
            index += 1
            guard let hours = number(2), hours <= 18 else { return nil }
            _ = expect(58)
            guard let minutes = number(2), minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard index == chars.count else { return nil }
        let local = Double(dayNumber) * 86_400 + Double(hour * 3600 + minute * 60) + seconds
        return DateValue(instant: local - Double(offset), utcOffset: offset, isDay: false)
    }

    /// The text's UTF-8 without leading and trailing spaces and tabs; cheap on long text.
    /// A number in a form of the YAML 1.2 core schema: `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`,
    /// `[-+]?(.[0-9]+|[0-9]+(.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?.inf` and `.nan` in their three
    /// spellings. Anything else is text, however Swift's `Double` would read it (`0x1p3`, `nan`,
    /// `infinity`, `1_000`).
    static func coreNumber(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0"),
            bytes[1] == UInt8(ascii: "x") || bytes[1] == UInt8(ascii: "o")
        {
            return Int(String(decoding: bytes[2...], as: UTF8.self), radix: bytes[1] == UInt8(ascii: "x") ? 16 : 8)
                .flatMap {
                    bytes[2...].allSatisfy { $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") } ? Double($0) : nil
                }
        }
        var index = 0
        let sign: Double = bytes.first == UInt8(ascii: "-") ? -1 : 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        let rest = String(decoding: bytes[index...], as: UTF8.self)
        if [".inf", ".Inf", ".INF"].contains(rest) { return sign * .infinity }
        if index == 0, [".nan", ".NaN", ".NAN"].contains(rest) { return .nan }
        func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }
        let whole = digits()
        var fraction = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fraction = digits()
            // `.5` needs its fraction's digits; `5.` is a float too.
            if whole == 0, fraction == 0 { return nil }
        } else if whole == 0 {
            return nil
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            if digits() == 0 { return nil }
        }
        return index == bytes.count ? Double(text) : nil
    }

    static func trimmedBytes(_ text: String) -> ArraySlice<UInt8> {
        let bytes = Array(text.utf8)
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return bytes[start..<end]
    }

    /// Why a value shaped as a day (`2026-09-31`, maybe with a time after it) names no day: the
    /// month has fewer days, or there is no such month. Nil when the shape itself is wrong or the
    /// day exists (the time part may still be wrong).
    static func missingDay(_ text: String) -> String? {
        let bytes = Array(trimmedBytes(text).prefix(10))
        guard bytes.count == 10, bytes[4] == 45, bytes[7] == 45 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        guard (1...12).contains(month) else { return "there is no month \(month); months go from 01 to 12" }
        if day == 0 { return "days go from 01" }
        let days = daysIn(month: month, year: year)
        guard day > days else { return nil }
        let name = DateNames.english.months[month - 1]
        return month == 2 ? "February \(year) has \(days) days" : "\(name) has \(days) days"
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
