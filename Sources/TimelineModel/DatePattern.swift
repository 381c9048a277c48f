/// Formats dates with Unicode-style patterns ("HH:mm", "EEE\ndd", "d MMM yyyy") with the given
/// names (English by default), without the machine's locale or time zone.
public struct DatePattern: Hashable, Sendable {
    enum Token: Hashable, Sendable {
        case literal(String)
        case field(Character, Int)
    }

    static let fieldLetters: Set<Character> = ["y", "M", "d", "E", "H", "h", "m", "s", "a"]
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December",
    ]
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    let tokens: [Token]
    /// The pattern as written.
    public let source: String

    /// Parses a pattern; fails on letters it does not know, naming the first such letter.
    public static func parse(_ pattern: String) -> Result<DatePattern, PatternError> {
        var tokens: [Token] = []
        var literal = ""
        let characters = Array(pattern)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                // 'quoted text'; '' is a single quote, inside quoted text too ('o''clock').
                var end = index + 1
                var quoted = ""
                while end < characters.count {
                    if characters[end] == "'" {
                        guard end + 1 < characters.count, characters[end + 1] == "'", end > index + 1 else { break }
                        end += 1
                    }
                    quoted.append(characters[end])
                    end += 1
                }
                literal += end == index + 1 ? "'" : quoted
                index = end + 1
            } else if fieldLetters.contains(character) {
                var run = 1
                while index + run < characters.count, characters[index + run] == character { run += 1 }
                if !literal.isEmpty {
                    tokens.append(.literal(literal))
                    literal = ""
                }
                tokens.append(.field(character, run))
                index += run
            } else if character.isASCII, character.isLetter {
                return .failure(PatternError(letter: character))
            } else {
                literal.append(character)
                index += 1
            }
        }
        if !literal.isEmpty { tokens.append(.literal(literal)) }
        return .success(DatePattern(tokens: tokens, source: pattern))
    }

    /// A pattern letter that names no field.
    public struct PatternError: Error, Hashable, Sendable {
        /// The first such letter.
        public var letter: Character
    }

    /// The date written in its own UTC offset. A bare day has no time of day: the pattern's time
    /// fields are left out with the separators beside them, and a pattern of time alone gives "MMM d".
    public func format(_ date: DateValue, names: DateNames = .english) -> String {
        guard date.isDay, hasTimeFields else { return Self.write(tokens, date.civil, names) }
        let day = dayTokens
        return Self.write(day.isEmpty ? Self.fallbackDay : day, date.civil, names)
    }

    /// Civil fields as they are, time of day included.
    public func format(civil: CivilDate, names: DateNames = .english) -> String { Self.write(tokens, civil, names) }

    /// The time of day alone, for a range's end on its start's day ("Tue 09:00 – 10:30"): the
    /// pattern from its first time field to its last. Nil when the pattern names no day or no
    /// time, or the date is a bare day: then the whole pattern is what the end needs.
    public func formatTimeOfDay(_ date: DateValue, names: DateNames = .english) -> String? {
        guard !date.isDay, hasTimeFields, !dayTokens.isEmpty,
            let first = tokens.indices.first(where: isTime), let last = tokens.indices.last(where: isTime)
        else { return nil }
        return Self.write(Array(tokens[first...last]), date.civil, names)
    }

    static let timeLetters: Set<Character> = ["H", "h", "m", "s", "a"]
    private static let fallbackDay: [Token] = [.field("M", 3), .literal(" "), .field("d", 1)]

    private var hasTimeFields: Bool {
        tokens.contains {
            if case .field(let letter, _) = $0 { return Self.timeLetters.contains(letter) } else { return false }
        }
    }

    private func isTime(_ index: Int) -> Bool {
        guard tokens.indices.contains(index), case .field(let letter, _) = tokens[index] else { return false }
        return Self.timeLetters.contains(letter)
    }

    /// The tokens without time fields and without the literals touching one.
    private var dayTokens: [Token] {
        var kept: [Token] = []
        for (index, token) in tokens.enumerated() where !isTime(index) {
            if case .literal = token, isTime(index - 1) || isTime(index + 1) { continue }
            kept.append(token)
        }
        while case .literal(let text)? = kept.last, text.allSatisfy(\.isWhitespace) { kept.removeLast() }
        while case .literal(let text)? = kept.first, text.allSatisfy(\.isWhitespace) { kept.removeFirst() }
        let hasField = kept.contains { if case .field = $0 { return true } else { return false } }
        return hasField ? kept : []
    }

    private static func write(_ tokens: [Token], _ civil: CivilDate, _ names: DateNames) -> String {
        var output = ""
        for token in tokens {
            switch token {
            case .literal(let text):
                output += text
            case .field(let letter, let count):
                output += names.localDigits(field(letter, count: count, civil, names))
            }
        }
        return output
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    private static func field(_ letter: Character, count: Int, _ civil: CivilDate, _ names: DateNames) -> String {
        switch letter {
        case "y": return count == 2 ? padded(civil.year % 100, 2) : padded(civil.year, count)
        case "M":
            switch count {
            case 1, 2: return padded(civil.month, count)
            case 3: return names.shortMonth(civil.month)
            default: return names.month(civil.month)
            }
        case "d": return padded(civil.day, count)
        case "E": return count >= 4 ? names.weekday(civil.weekday) : names.shortWeekday(civil.weekday)
        case "H": return padded(civil.hour, count)
        case "h": return padded(civil.hour % 12 == 0 ? 12 : civil.hour % 12, count)
        case "m": return padded(civil.minute, count)
        case "s": return padded(civil.second, count)
        case "a": return civil.hour < 12 ? "AM" : "PM"
        default: return ""
        }
    }
}
