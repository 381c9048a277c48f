import XCTest

@testable import TimelineBreaks

/// Words too long for their line break only at their dictionary's points, by language.
final class HyphenationTests: XCTestCase {
    func testEnglishBreaksAtItsDictionaryPoints() {
        XCTAssertEqual(LineBreaks.hyphenated("Purchase", language: "en-US"), ["Pur-", "chase"])
        XCTAssertEqual(LineBreaks.hyphenated("requisition", language: "en"), ["req-", "ui-", "si-", "tion"])
        // Too short to break with two letters before and three after: never "Lau-nch".
        XCTAssertEqual(LineBreaks.hyphenated("Launch", language: "en"), ["Launch"])
        XCTAssertEqual(LineBreaks.hyphenated("Design", language: nil), ["De-", "sign"])
    }

    func testGermanBreaksAtItsDictionaryPoints() {
        XCTAssertEqual(
            LineBreaks.hyphenated("Anforderungsanalyse", language: "de-DE"),
            ["An-", "for-", "de-", "rungs-", "ana-", "lyse"])
        XCTAssertEqual(
            LineBreaks.hyphenated("Datenschutzfolgenabschätzung", language: "de-DE"),
            ["Da-", "ten-", "schutz-", "fol-", "gen-", "ab-", "schät-", "zung"])
        let analysis = LineBreaks.hyphenated("Anforderungsanalyse", language: "de-DE")
        XCTAssertEqual(String(analysis.joined().filter { $0 != "-" }), "Anforderungsanalyse")
        XCTAssertTrue(analysis.contains("rungs-"), "\(analysis)")
        XCTAssertFalse(analysis.contains { $0.hasSuffix("sa-") }, "never Anforderungsa-/nalyse: \(analysis)")
        let impact = LineBreaks.hyphenated("Datenschutzfolgenabschätzung", language: "de")
        XCTAssertTrue(impact.contains("schutz-"), "\(impact)")
        XCTAssertFalse(impact.contains { $0.hasSuffix("abschä-") }, "never …abschä-/tzung: \(impact)")
    }

    func testFrenchAndSpanishBreakByTheirOwnPatterns() {
        XCTAssertEqual(
            LineBreaks.hyphenated("développement", language: "fr-FR"), ["dé-", "ve-", "lop-", "pe-", "ment"])
        XCTAssertEqual(LineBreaks.hyphenated("planificación", language: "es"), ["pla-", "ni-", "fi-", "ca-", "ción"])
    }

    func testEveryBundledLanguageLoads() {
        for language in LineBreaks.patternFiles.keys.sorted() {
            XCTAssertNotNil(LineBreaks.hyphenator(for: language), language)
        }
        XCTAssertNil(LineBreaks.hyphenator(for: "ja"), "Japanese breaks between characters, not by patterns")
    }

    func testPunctuationStaysWithItsWord() {
        XCTAssertEqual(LineBreaks.hyphenated("(Purchase),", language: "en"), ["(Pur-", "chase),"])
    }

    func testAWordWithItsOwnHyphenBreaksAfterItToo() {
        XCTAssertEqual(LineBreaks.hyphenated("Sprint-Review", language: "en"), ["Sprint-", "Re-", "view"])
    }

    func testNamesAndNumbersAreNotHyphenated() {
        XCTAssertEqual(LineBreaks.hyphenated("pcre2engine", language: "en"), ["pcre2engine"])
        XCTAssertEqual(LineBreaks.hyphenated("2026", language: "en"), ["2026"])
        XCTAssertEqual(LineBreaks.hyphenated("camelCaseIdentifier", language: "en"), ["camelCaseIdentifier"])
    }

    func testTheNarrowestLinesOfATextAreItsPiecesAndSyllables() {
        XCTAssertEqual(
            LineBreaks.narrowestLines("Purchase requisition --engine=pcre2", language: "en"),
            ["Pur-", "chase", "req-", "ui-", "si-", "tion", "--engine=pcre2"])
    }
}
