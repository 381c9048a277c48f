import XCTest

@testable import TimelineBreaks

/// Where lines may break: each "never" of the typesetting rules, on the texts the issue found
/// broken badly.
final class LineBreaksTests: XCTestCase {
    /// The lines a text may be cut into at every opportunity: the texts between them.
    private func pieces(_ text: String) -> [String] {
        LineBreaks.unbreakablePieces(text).map(String.init)
    }

    func testTheBundledRulesAreLoaded() {
        XCTAssertNotNil(ICULineRules.shared, "ICU or Data/line.brk is missing: breaks fall back to spaces")
    }

    func testOrdinaryWordsBreakBetweenWords() {
        XCTAssertEqual(pieces("Purchase requisition approved"), ["Purchase", "requisition", "approved"])
    }

    /// Unicode 15.1's LB15a and LB15b, which ICU 72's rules lack and Pango 1.56 has: quotes set
    /// with ordinary spaces stay with their words; marks that only look alike, in other languages'
    /// order, do not glue.
    func testAQuotationMarkSetApartByASpaceStaysWithItsWords() {
        XCTAssertEqual(
            pieces("c'est ? « Guillemets » et ponctuation"), ["c'est ?", "« Guillemets »", "et", "ponctuation"])
        XCTAssertEqual(pieces("« Oui »,  dit-il"), ["« Oui »,", "dit-", "il"])
        XCTAssertEqual(pieces("(« a » b)"), ["(« a »", "b)"])
        XCTAssertEqual(pieces("« a\n» b"), ["« a", "»", "b"], "a hard break is still one")
        // German's closing “ is an initial mark after a letter; Swedish's opening ” a final one before one.
        XCTAssertEqual(pieces("er sagte „Ja“ und ging"), ["er", "sagte", "„Ja“", "und", "ging"])
        XCTAssertEqual(pieces("hon sa ”hej” till mig"), ["hon", "sa", "”hej”", "till", "mig"])
        XCTAssertEqual(pieces("“ quoted ” text"), ["“ quoted ”", "text"])
        XCTAssertEqual(pieces("plain ASCII \" text \" here"), ["plain", "ASCII", "\"", "text", "\"", "here"])
    }

    func testADateAndATimeWithItsAMPMStayWhole() {
        XCTAssertEqual(pieces("Sep 10, 8:15 AM"), ["Sep 10,", "8:15 AM"])
        XCTAssertEqual(pieces("Sep 10, 2026"), ["Sep 10, 2026"])
        XCTAssertEqual(pieces("24. Nov. 2026"), ["24. Nov. 2026"])
        XCTAssertEqual(pieces("9:30 p.m."), ["9:30 p.m."])
    }

    func testARangeBreaksAfterItsDashOnly() {
        XCTAssertEqual(pieces("Nov 24 – Dec 2"), ["Nov 24 –", "Dec 2"])
        XCTAssertEqual(pieces("10:00–11:30"), ["10:00–11:30"])
    }

    func testANumberKeepsItsUnit() {
        XCTAssertEqual(pieces("load 40 MiB under 1 GiB"), ["load", "40 MiB", "under", "1 GiB"])
        XCTAssertEqual(pieces("up 5 % at 20 €"), ["up", "5 %", "at", "20 €"])
    }

    func testAFlagAndIdentifiersAreNeverBroken() {
        XCTAssertEqual(pieces("run --engine=pcre2 now"), ["run", "--engine=pcre2", "now"])
        XCTAssertEqual(pieces("--max-columns-preview"), ["--max-columns-preview"])
        XCTAssertEqual(pieces("fix snake_case_name"), ["fix", "snake_case_name"])
        XCTAssertEqual(pieces("see camelCaseName-v2 here"), ["see", "camelCaseName-v2", "here"])
        XCTAssertEqual(pieces("TimelineCairo.PangoTextMeasurer-x"), ["TimelineCairo.PangoTextMeasurer-x"])
    }

    func testAURLBreaksOnlyAfterASlash() {
        XCTAssertEqual(
            pieces("see https://example.com/docs/read-me?x=1-2"),
            ["see", "https://example.com/", "docs/", "read-me?x=1-2"])
    }

    func testKoreanKeepsItsWordsWhole() {
        XCTAssertEqual(pieces("첫 프로젝트 출시"), ["첫", "프로젝트", "출시"])
    }

    func testNoCJKCharacterIsAloneAtTheEnd() {
        let pieces = pieces("新製品発表会")
        XCTAssertGreaterThan(pieces.last?.count ?? 0, 1, "\(pieces)")
        XCTAssertEqual(pieces.joined(), "新製品発表会")
        // Closing punctuation after it does not leave it alone either.
        XCTAssertGreaterThan(self.pieces("準備を開始。").last?.count ?? 0, 2)
    }

    func testAHardLineBreakIsAnOpportunity() {
        XCTAssertEqual(pieces("one\ntwo"), ["one", "two"])
    }

    /// Each paragraph breaks as it would alone, whatever rules remove opportunities before and
    /// after it (an orphan's break is found after the words of later paragraphs).
    func testParagraphsBreakAsTheyWouldAlone() {
        let paragraphs = [
            "新製品発表会", "Nov 24 – Dec 2", "첫 프로젝트 출시", "run --engine=pcre2 now", "see https://example.com/docs/x",
            "準備を開始。", "Sep 10, 8:15 AM",
        ]
        XCTAssertEqual(pieces(paragraphs.joined(separator: "\n")), paragraphs.flatMap(pieces))
        XCTAssertEqual(pieces(paragraphs.reversed().joined(separator: "\n")), paragraphs.reversed().flatMap(pieces))
    }

    func testOpportunitiesAreUTF8Offsets() {
        let text = "Ärger über 첫 프로젝트"
        for offset in LineBreaks.opportunities(in: text) {
            let utf8 = Array(text.utf8)
            XCTAssertTrue(offset > 0 && offset < utf8.count && utf8[offset] & 0xC0 != 0x80, "\(offset)")
        }
    }

    /// ICU counts in UTF-16, where a scalar outside the BMP takes two units: each boundary is
    /// turned back into the UTF-8 offset of its scalar (#48 fills both in one pass).
    func testICUBoundariesAfterSurrogatePairsAreUTF8Offsets() throws {
        let rules = try XCTUnwrap(ICULineRules.shared)
        // a(0) (1) 😀(2–5) (6) b(7) (8) 𝒜(9–12) (13) c(14): a line may start after each space.
        XCTAssertEqual(rules.opportunities(in: "a 😀 b 𝒜 c"), [2, 7, 9, 14])
        // 😀(0–3) (4) Ärger(5–10) (11) 𝒜(12–15)
        XCTAssertEqual(rules.opportunities(in: "😀 Ärger 𝒜"), [5, 12])
        XCTAssertEqual(rules.opportunities(in: ""), [])
        XCTAssertEqual(rules.opportunities(in: "𝒜"), [])
    }
}
