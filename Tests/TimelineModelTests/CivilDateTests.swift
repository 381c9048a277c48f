import Foundation
import TimelineModel
import TimelineTestSupport
import XCTest

/// `CivilDate` does calendar arithmetic by hand so that the model needs no calendar or time zone;
/// Foundation's Gregorian calendar in UTC is the oracle. Foundation switches to the Julian
/// calendar before 15 October 1582, where `CivilDate` stays proleptic Gregorian, so the dates
/// checked start in 1583.
final class CivilDateTests: XCTestCase {
    static let firstSecond: Int64 = -12_212_553_600 // 1583-01-01T00:00:00Z
    static let lastSecond: Int64 = 253_402_300_799 // 9999-12-31T23:59:59Z

    static var utcCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    /// Edges of days, months, leap days and centuries, the epoch, and seconds drawn from a fixed seed.
    static func seconds() -> [Int64] {
        var seconds: [Int64] = [
            0, -1, 1, 86_399, 86_400, -86_400, -86_401, 951_782_400, 951_868_799, 951_868_800,
            4_107_542_400, 4_107_628_799, 4_107_628_800, -2_203_891_200, firstSecond, lastSecond,
        ]
        var generator = SeededGenerator()
        for _ in 0..<3000 { seconds.append(Int64.random(in: firstSecond...lastSecond, using: &generator)) }
        for _ in 0..<1000 { seconds.append(Int64.random(in: -3_000_000_000...5_000_000_000, using: &generator)) }
        return seconds
    }

    func testFieldsAreFoundationsGregorianFieldsInUTC() {
        let calendar = Self.utcCalendar
        for second in Self.seconds() {
            let civil = CivilDate(secondsSinceEpoch: second)
            let expected = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second, .weekday],
                from: Date(timeIntervalSince1970: TimeInterval(second)))
            let fields = [
                civil.year, civil.month, civil.day, civil.hour, civil.minute, civil.second, civil.weekday + 1,
            ]
            let oracle = [
                expected.year, expected.month, expected.day, expected.hour, expected.minute, expected.second,
                expected.weekday,
            ].map { $0 ?? -1 }
            XCTAssertEqual(fields, oracle, "\(second)")
        }
    }

    func testDaysSinceEpochIsFoundationsDayCount() throws {
        let calendar = Self.utcCalendar
        var generator = SeededGenerator()
        var days: [(Int, Int, Int)] = [
            (1970, 1, 1), (1969, 12, 31), (2000, 2, 29), (1900, 3, 1), (2100, 2, 28),
            (1583, 1, 1), (9999, 12, 31), (2026, 11, 23),
        ]
        for _ in 0..<2000 {
            let year = Int.random(in: 1583...9999, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let first = try XCTUnwrap(calendar.date(from: DateComponents(year: year, month: month)))
            let length = try XCTUnwrap(calendar.range(of: .day, in: .month, for: first))
            days.append((year, month, Int.random(in: length, using: &generator)))
        }
        for (year, month, day) in days {
            let date = try XCTUnwrap(calendar.date(from: DateComponents(year: year, month: month, day: day)))
            let expected = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
            XCTAssertEqual(
                CivilDate.daysSinceEpoch(year: year, month: month, day: day), expected,
                "\(year)-\(month)-\(day)")
            let civil = CivilDate(secondsSinceEpoch: Int64(expected) * 86_400)
            XCTAssertEqual([civil.year, civil.month, civil.day, civil.dayNumber], [year, month, day, expected])
        }
    }

    func testDateValueIsReadInItsOwnOffset() {
        // 2026-11-23T01:30:00+05:30 is 2026-11-22T20:00:00Z.
        let date = DateValue(instant: 1_795_377_600, utcOffset: 19_800)
        let civil = date.civil
        XCTAssertEqual([civil.year, civil.month, civil.day, civil.hour, civil.minute], [2026, 11, 23, 1, 30])
        XCTAssertEqual(DateValue(instant: 1_795_377_600).civil.day, 22)
        XCTAssertEqual(
            DateValue(instant: -0.5).civil.second, 59,
            "a fraction before the epoch is in the second before it")
    }
}
