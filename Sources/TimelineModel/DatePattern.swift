/// Formats dates with Unicode-style patterns ("HH:mm", "EEE\ndd", "d MMM yyyy") in English,
/// without the machine's locale or time zone, so output is the same everywhere.
public struct DatePattern: Hashable, Sendable {
    enum Token: Hashable, Sendable {
        case literal(String)
        case field(Character, Int)
    }

    static let fieldLetters: Set<Character> = ["y", "M", "d", "E", "H", "h", "m", "s", "a"]
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    let tokens: [Token]
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
                // 'quoted text'; '' is a single quote.
                var end = index + 1
                var quoted = ""
                while end < characters.count, characters[end] != "'" {
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

    public struct PatternError: Error, Hashable, Sendable {
        public var letter: Character
    }

    /// The date written in its own UTC offset.
    public func format(_ date: DateValue) -> String {
        let civil = date.civil
        var output = ""
        for token in tokens {
            switch token {
            case .literal(let text):
                output += text
            case .field(let letter, let count):
                output += Self.field(letter, count: count, civil)
            }
        }
        return output
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    private static func field(_ letter: Character, count: Int, _ civil: CivilDate) -> String {
        switch letter {
        case "y": return count == 2 ? padded(civil.year % 100, 2) : padded(civil.year, count)
        case "M":
            switch count {
            case 1, 2: return padded(civil.month, count)
            case 3: return String(monthNames[civil.month - 1].prefix(3))
            default: return monthNames[civil.month - 1]
            }
        case "d": return padded(civil.day, count)
        case "E": return count >= 4 ? weekdayNames[civil.weekday] : String(weekdayNames[civil.weekday].prefix(3))
        case "H": return padded(civil.hour, count)
        case "h": return padded(civil.hour % 12 == 0 ? 12 : civil.hour % 12, count)
        case "m": return padded(civil.minute, count)
        case "s": return padded(civil.second, count)
        case "a": return civil.hour < 12 ? "AM" : "PM"
        default: return ""
        }
    }
}
