import Foundation
import TimelineModel
import TimelineTestSupport
import XCTest

/// `DatePattern` writes the fields of Unicode date patterns itself, without ICU; `DateFormatter`
/// in `en_US_POSIX` and UTC is the oracle for every field it knows, in the widths both write
/// the same way (ICU's five-letter `MMMMM` and `EEEEE` are narrow names, which `DatePattern` does not have).
final class DatePatternTests: XCTestCase {
    static let fields = [
        "y", "yy", "yyyy", "M", "MM", "MMM", "MMMM", "d", "dd", "E", "EEE", "EEEE",
        "H", "HH", "h", "hh", "m", "mm", "s", "ss", "a",
    ]
    static let patterns =
        fields + [
            "HH:mm", "EEE\ndd", "d MMM yyyy", "EEEE, d. MMMM", "h:mm a",
            "yyyy-MM-dd'T'HH:mm:ss", "'week of' MMM d", "d 'o''clock'", "''", "'It''s' HH",
            "MMM d, HH:mm", "dd/MM/yy · HH 'h'",
        ]

    static func formatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateFormat = pattern
        return formatter
    }

    func testFieldsAndLiteralsAreDateFormattersInEnglish() throws {
        var generator = SeededGenerator()
        var seconds: [Int64] = [0, 43_200, 46_800, 86_399, 1_795_377_600, -12_212_553_600]
        for _ in 0..<300 { seconds.append(Int64.random(in: -12_212_553_600...253_402_300_799, using: &generator)) }
        for pattern in Self.patterns {
            let ours = try DatePattern.parse(pattern).get()
            let oracle = Self.formatter(pattern)
            for second in seconds {
                let expected = oracle.string(from: Date(timeIntervalSince1970: TimeInterval(second)))
                let civil = CivilDate(secondsSinceEpoch: second)
                XCTAssertEqual(ours.format(civil: civil), expected, "'\(pattern)' at \(second)")
            }
        }
    }

    func testUnknownLettersAreRefusedByName() {
        XCTAssertEqual(DatePattern.parse("yyyy-QQ").failureLetter, "Q")
        XCTAssertEqual(DatePattern.parse("HH:mm zzz").failureLetter, "z")
        XCTAssertNil(DatePattern.parse("'Quarter' yyyy").failureLetter, "quoted letters are text")
    }

    func testABareDayLeavesOutTimeFieldsAndTheirSeparators() throws {
        let day = DateValue(instant: 1_795_392_000, isDay: true) // 2026-11-23
        XCTAssertEqual(try DatePattern.parse("d MMM, HH:mm").get().format(day), "23 Nov")
        XCTAssertEqual(try DatePattern.parse("EEE dd HH'h'").get().format(day), "Mon 23")
        XCTAssertEqual(try DatePattern.parse("HH:mm").get().format(day), "Nov 23", "time alone: the month and day")
        let morning = DateValue(instant: 1_795_392_000 + 9 * 3600)
        XCTAssertEqual(try DatePattern.parse("d MMM, HH:mm").get().format(morning), "23 Nov, 09:00")
    }
}

extension Result where Success == DatePattern, Failure == DatePattern.PatternError {
    var failureLetter: Character? {
        if case .failure(let error) = self { return error.letter }
        return nil
    }
}
