import Foundation
import TimelineModel
import XCTest

@testable import TimelineSpec

/// One display zone per document, and locale names in the Gregorian calendar.
final class DisplayZoneTests: XCTestCase {
    private func document(_ yaml: String, timeZone: String? = nil) throws -> Document {
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

    /// The first date-time in reading order, a group's children before the items after it, an
    /// end as well as a date, bare days passed over (#48: the items are read in place).
    func testTheFirstDateTimeIsFoundInReadingOrderThroughGroups() throws {
        let yaml = """
            version: 1
            cards:
              - items:
                  - { title: Day, date: 2026-11-01 }
                  - title: Group
                    items:
                      - { title: Inner day, date: 2026-11-01 }
                      - { title: Inner, date: 2026-11-01, end: "2026-11-02T10:00:00+02:00" }
                  - { title: Later, date: "2026-11-03T09:00:00-05:00" }
            """
        let cards = try document(yaml).cards
        XCTAssertEqual(cards[0].timeZone, .fixed(7200))
        XCTAssertEqual(cards[0].items[2].date?.civil.hour, 16, "09:00-05:00 shown at +02:00")
        XCTAssertEqual(DisplayZone.firstOffset(cards), 7200)
        let days = try document("version: 1\ncards: [{ items: [{ title: A, date: 2026-11-01 }] }]\n").cards
        XCTAssertNil(DisplayZone.firstOffset(days))
        XCTAssertEqual(days[0].timeZone, .fixed(0))
    }

    func testTimeZoneKeyAndFlagChooseTheZone() throws {
        let keyed = try document(
            log.replacingOccurrences(of: "version: 1\n", with: "version: 1\ntimeZone: \"+01:00\"\n"))
        let flagged = try document(log, timeZone: "-05:00")
        XCTAssertEqual(keyed.cards[0].items.map { $0.date?.civil.hour }, [10, 9, 0])
        XCTAssertEqual(flagged.cards[0].items.map { $0.date?.civil.hour }, [4, 3, 0])
        // A day is the same calendar day, from midnight in the zone.
        XCTAssertEqual(keyed.cards[0].items[2].date?.civil.day, 3)
        XCTAssertEqual(
            keyed.cards[0].items[2].date?.instant,
            (DocumentDecoder.parseDate("2026-11-03")?.instant ?? 0) - 3600)
    }

    func testAnUnknownZoneIsAnErrorAtItsPlaceWithTheClosestName() {
        let cases = [
            ("Europe/Berln", "'Europe/Berln'", " (did you mean 'Europe/Berlin'?)"),
            ("new york", "'new york'", " (did you mean 'America/New_York'?)"),
            ("Mars/Olympus", "'Mars/Olympus'", ""),
        ]
        for (name, quoted, hint) in cases {
            XCTAssertThrowsError(try document("version: 1\ntimeZone: \(name)\ncards: [{ items: [{ title: A }] }]\n")) {
                error in
                XCTAssertEqual(
                    (error as? DiagnosticsError)?.diagnostics.map(\.description),
                    [
                        "t:2:11: error: timeZone: \(quoted) is neither a UTC offset (+01:00, -05:30, Z, UTC) nor a "
                            + "time zone name such as Europe/Berlin\(hint)"
                    ])
            }
        }
        XCTAssertNil(DocumentDecoder.timeZoneProblem("America/New_York"))
        XCTAssertNil(DocumentDecoder.timeZoneProblem("+05:30"))
        XCTAssertNotNil(DocumentDecoder.timeZoneProblem("CEST+1"))
    }

    /// Europe/Berlin leaves summer time at 01:00 UTC on 2026-10-25: each date takes the offset in
    /// force at its instant, and a bare day starts at its own local midnight.
    func testANamedZoneFollowsDaylightSavingTime() throws {
        let document = try document(
            """
            version: 1
            timeZone: Europe/Berlin
            now: "2026-10-25T12:00:00Z"
            cards:
              - items:
                  - { title: Summer, date: "2026-10-25T00:59:00Z" }
                  - { title: Winter, date: "2026-10-25T01:00:00Z" }
                  - { title: Sunday, date: 2026-10-25 }
                  - { title: Monday, date: 2026-10-26 }
            """)
        let dates = document.cards[0].items.compactMap(\.date)
        XCTAssertEqual(dates.map(\.utcOffset), [7200, 3600, 7200, 3600])
        XCTAssertEqual(dates.map(\.civil.hour), [2, 2, 0, 0])
        XCTAssertEqual(dates[2].instant, DocumentDecoder.parseDate("2026-10-24T22:00:00Z")?.instant)
        XCTAssertEqual(dates[3].instant, DocumentDecoder.parseDate("2026-10-25T23:00:00Z")?.instant)
        XCTAssertEqual(document.now?.utcOffset, 3600)
        let zone = document.cards[0].timeZone
        XCTAssertEqual(zone.name, "Europe/Berlin")
        // Wall-clock times back to instants: 02:30 happens twice (the first is taken), and in
        // spring 02:30 on 2027-03-28 does not happen at all (it reads as 03:30, just after the change).
        let local = { (text: String) in DocumentDecoder.parseDate(text + "Z")?.instant ?? .nan }
        XCTAssertEqual(zone.instant(local: local("2026-10-25T02:30:00")), local("2026-10-25T00:30:00"))
        XCTAssertEqual(zone.instant(local: local("2026-10-25T03:30:00")), local("2026-10-25T02:30:00"))
        XCTAssertEqual(zone.instant(local: local("2027-03-28T02:30:00")), local("2027-03-28T01:30:00"))
        XCTAssertEqual(zone.offset(at: local("2027-03-28T01:30:00")), 7200)
    }

    /// `--time-zone` wins over the document's key, named or not.
    func testTheFlagNamesAZoneToo() throws {
        let document = try document(
            log.replacingOccurrences(of: "version: 1\n", with: "version: 1\ntimeZone: \"+01:00\"\n"),
            timeZone: "America/New_York")
        XCTAssertEqual(document.cards[0].items.map { $0.date?.utcOffset }, [-18_000, -18_000, -18_000])
        XCTAssertEqual(document.cards[0].items.map { $0.date?.civil.hour }, [4, 3, 0])
        XCTAssertNotNil(ICUZones.dataVersion, "ICU's zone data is there")
    }

    /// fa-IR's own calendar is Persian: its names are asked for in the Gregorian one, so the
    /// eleventh month is November (نوامبر), not Bahman; extensions are dropped.
    func testLocaleNamesAreTheGregorianMonths() throws {
        XCTAssertEqual(ICUDates.icuLocale("ja-JP-u-ca-japanese"), "ja_JP@calendar=gregorian")
        XCTAssertEqual(ICUDates.icuLocale("fa-IR"), "fa_IR@calendar=gregorian")
        let persian = try XCTUnwrap(ICUDates.names(for: "fa-IR"), "ICU is installed by make deps")
        XCTAssertEqual(persian.months[10], "نوامبر")
        // A day with its year, in the locale's order, the year written in full.
        XCTAssertEqual(persian.yearDayPattern.contains("yyyy"), true, persian.yearDayPattern)
        XCTAssertEqual(ICUDates.names(for: "ja-JP")?.yearDayPattern, "yyyy年M月d日")
        XCTAssertEqual(ICUDates.names(for: "de-DE")?.yearDayPattern, "d. MMM yyyy")
    }
}
