import Foundation
import TimelineModel
import XCTest

@testable import TimelineSpec

/// One display zone per document, and locale names in the Gregorian calendar.
final class DisplayZoneTests: XCTestCase {
    private func document(_ yaml: String, timeZone: Int? = nil) throws -> Document {
        try DocumentDecoder().decode(
            Data(yaml.utf8), file: "t", baseDirectory: NSTemporaryDirectory(), timeZone: timeZone)
    }

    private let log = """
        version: 1
        cards:
          - layout: time
            items:
              - { title: Alert, date: "2026-11-02T09:02:00Z" }
              - { title: Rollback, date: "2026-11-02T09:31:00+01:00" }
              - { title: Review, date: 2026-11-03 }
        """

    func testOffsetsAreRead() {
        let table: [(String, Int?)] = [
            ("UTC", 0), ("Z", 0), ("+01:00", 3600), ("-05:30", -19_800), ("+0530", 19_800), ("+09", 32_400),
            ("CET", nil), ("+1", nil), ("+19:00", nil), ("+01:60", nil), ("01:00", nil), ("+01:0", nil),
        ]
        for (text, expected) in table { XCTAssertEqual(DisplayZone.offset(text), expected, text) }
    }

    /// Without `timeZone`, the first date-time's offset (UTC here) is every date's: the instant of
    /// 09:31+01:00 is kept and it reads 08:31; a bare day stays its calendar day.
    func testTheFirstDateTimesOffsetIsShownEverywhere() throws {
        let items = try document(log).cards[0].items
        XCTAssertEqual(items.map { $0.date?.utcOffset }, [0, 0, 0])
        XCTAssertEqual(items[1].date?.instant, DocumentDecoder.parseDate("2026-11-02T08:31:00Z")?.instant)
        XCTAssertEqual(items[1].date?.civil.hour, 8)
        XCTAssertEqual(items[2].date?.civil.day, 3)
    }

    func testTimeZoneKeyAndFlagChooseTheZone() throws {
        let keyed = try document(
            log.replacingOccurrences(of: "version: 1\n", with: "version: 1\ntimeZone: \"+01:00\"\n"))
        let flagged = try document(log, timeZone: -18_000)
        XCTAssertEqual(keyed.cards[0].items.map { $0.date?.civil.hour }, [10, 9, 0])
        XCTAssertEqual(flagged.cards[0].items.map { $0.date?.civil.hour }, [4, 3, 0])
        // A day is the same calendar day, from midnight in the zone.
        XCTAssertEqual(keyed.cards[0].items[2].date?.civil.day, 3)
        XCTAssertEqual(
            keyed.cards[0].items[2].date?.instant,
            (DocumentDecoder.parseDate("2026-11-03")?.instant ?? 0) - 3600)
    }

    func testAZoneThatIsNotAnOffsetIsAnErrorAtItsPlace() {
        XCTAssertThrowsError(try document("version: 1\ntimeZone: Europe/Berlin\ncards: [{ items: [{ title: A }] }]\n"))
        {
            error in
            XCTAssertEqual(
                (error as? DiagnosticsError)?.diagnostics.map(\.description),
                ["t:2:11: error: timeZone: 'Europe/Berlin' is not a UTC offset, such as +01:00, -05:30, Z or UTC"])
        }
    }

    /// fa-IR's own calendar is Persian: its names are asked for in the Gregorian one, so the
    /// eleventh month is November (نوامبر), not Bahman; extensions are dropped.
    func testLocaleNamesAreTheGregorianMonths() throws {
        XCTAssertEqual(ICUDates.icuLocale("ja-JP-u-ca-japanese"), "ja_JP@calendar=gregorian")
        XCTAssertEqual(ICUDates.icuLocale("fa-IR"), "fa_IR@calendar=gregorian")
        let persian = try XCTUnwrap(ICUDates.names(for: "fa-IR"), "ICU is installed by make deps")
        XCTAssertEqual(persian.months[10], "نوامبر")
    }
}
