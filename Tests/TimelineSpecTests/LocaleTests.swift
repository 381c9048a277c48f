import Foundation
import TimelineModel
import XCTest

@testable import TimelineSpec

/// Day and month names through ICU's CLDR data, and the `locale` / `labels` keys.
final class LocaleTests: XCTestCase {
    private struct Expected {
        var locale: String
        var november: String
        var monday: String
        var today: String
    }

    func testDayAndMonthNamesInEightLanguages() throws {
        let expected = [
            Expected(locale: "de-DE", november: "November", monday: "Montag", today: "Heute"),
            Expected(locale: "fr", november: "novembre", monday: "lundi", today: "Aujourd’hui"),
            Expected(locale: "es-ES", november: "noviembre", monday: "lunes", today: "Hoy"),
            Expected(locale: "ja", november: "11月", monday: "月曜日", today: "今日"),
            Expected(locale: "zh", november: "十一月", monday: "星期一", today: "今天"),
            Expected(locale: "ar", november: "نوفمبر", monday: "الاثنين", today: "اليوم"),
            Expected(locale: "he", november: "נובמבר", monday: "יום שני", today: "היום"),
        ]
        for test in expected {
            let names = try XCTUnwrap(ICUDates.names(for: test.locale), test.locale)
            XCTAssertEqual(names.month(11), test.november, test.locale)
            XCTAssertEqual(names.weekday(1), test.monday, test.locale)
            XCTAssertEqual(names.today, test.today, test.locale)
        }
        XCTAssertEqual(DateNames.english.month(11), "November")
        XCTAssertEqual(DateNames.english.weekday(1), "Monday")
    }

    func testPatternsAndDayLabelsFollowTheLocale() throws {
        let german = try XCTUnwrap(ICUDates.names(for: "de-DE"))
        let day = DateValue(
            instant: Double(CivilDate.daysSinceEpoch(year: 2026, month: 11, day: 2)) * 86_400, isDay: true)
        XCTAssertEqual(try DatePattern.parse("EEEE, d. MMMM").get().format(day, names: german), "Montag, 2. November")
        XCTAssertEqual(german.day(day.civil), "2. Nov")
        let japanese = try XCTUnwrap(ICUDates.names(for: "ja"))
        XCTAssertEqual(japanese.day(day.civil), "11月2日")
    }

    /// A day and its time are joined as the locale joins them: the Arabic comma in Arabic and
    /// Persian (ICU's day patterns carry no comma; its date-time pattern "{1}، {0}" does).
    func testADayAndItsTimeAreJoinedByTheLocalesOwnComma() throws {
        XCTAssertEqual(try XCTUnwrap(ICUDates.names(for: "ar-EG")).dateTimeSeparator, "، ")
        XCTAssertEqual(try XCTUnwrap(ICUDates.names(for: "fa-IR")).dateTimeSeparator, "، ")
        XCTAssertEqual(try XCTUnwrap(ICUDates.names(for: "de-DE")).dateTimeSeparator, ", ")
        XCTAssertEqual(try XCTUnwrap(ICUDates.names(for: "ja")).dateTimeSeparator, " ")
        XCTAssertEqual(DateNames.english.dateTimeSeparator, ", ")
        XCTAssertEqual(ICULibrary.separator(inDateTimePattern: "{1}، {0}"), "، ")
        XCTAssertNil(ICULibrary.separator(inDateTimePattern: "{1} 'at' {0}"), "a quoted word keeps the default")
        XCTAssertNil(ICULibrary.separator(inDateTimePattern: "{0} {1}"), "time first keeps the default")
    }

    private func decode(_ yaml: String, locale: String? = nil) throws -> Document {
        try DocumentDecoder().decode(
            Data(yaml.utf8), file: "t.yaml", format: .yaml, baseDirectory: "/tmp", locale: locale)
    }

    func testDocumentCardAndCommandLineLocales() throws {
        let yaml = """
            version: 1
            locale: de-DE
            labels: { today: Jetzt }
            cards:
              - items: [{ title: A }]
              - locale: fr
                items: [{ title: B }]
              - locale: en-GB
                labels: { today: Now }
                items: [{ title: C }]
            """
        let document = try decode(yaml)
        XCTAssertEqual(document.cards.map(\.style.names.today), ["Jetzt", "Aujourd’hui", "Now"])
        XCTAssertEqual(document.cards[0].style.names.month(3), "März")
        let overridden = try decode(yaml, locale: "es")
        XCTAssertEqual(overridden.cards.map { $0.style.names.month(1) }, ["enero", "enero", "enero"], "--locale wins")
    }

    func testMisusedLocaleAndLabelsAreReportedWithTheirPlace() {
        let yaml = """
            version: 1
            locale: german
            cards:
              - locale: xx-YY
                labels: { today: Heute, tomorrow: Morgen }
                items: [{ title: A }]
            """
        XCTAssertThrowsError(try decode(yaml)) { error in
            let messages = (error as? DiagnosticsError)?.diagnostics.map(\.description) ?? []
            XCTAssertTrue(
                messages.contains { $0.hasPrefix("t.yaml:2:9:") && $0.contains("not a BCP 47 locale") }, "\(messages)")
            XCTAssertTrue(
                messages.contains { $0.hasPrefix("t.yaml:4:13:") && $0.contains("no date names for 'xx-YY'") },
                "\(messages)")
            XCTAssertTrue(messages.contains { $0.hasPrefix("t.yaml:5:29:") && $0.contains("tomorrow") }, "\(messages)")
        }
    }
}
