import TimelineTestSupport
import XCTest

@testable import TimelineBreaks

/// The shortcuts of #48 that skip work on most texts (a pair of plain words is not looked at, a
/// text without a quotation mark is not read for LB15a and LB15b) give the opportunities that
/// looking at everything gives, over seeded texts in several scripts.
final class BreakShortcutsTests: XCTestCase {
    /// Words of dates, times, numbers with units, ranges, flags, identifiers, URLs, Korean,
    /// Chinese, Japanese, Arabic, Hebrew, Greek and Cyrillic, digits of other scripts, and
    /// quotation marks of French, German, Swedish and English: every rule of the tailoring and
    /// of LB15a and LB15b has words here that it applies to.
    private static let words = [
        "Milestone", "review", "Sep", "Sept.", "10", "10,", "2026", "8:15", "AM", "p.m.", "24.", "Nov.", "kg", "%",
        "€", "°C", "–", "—", "-", "2026-11-24", "10:00–11:30", "3,5", "--engine=pcre2", "-v", "snake_case",
        "camelCase", "dotted.names", "a::b", "key=value", "_private", "https://example.org/a/b/c", "www.example.com",
        "한국어", "텍스트를", "里程碑", "设计评审。", "承認された", "発", "المرحلة", "مراجعة", "שלום", "Ελληνικά",
        "Привет", "١٢", "३४", "１２", "«", "»", "„Ja“", "”hej”", "“", "”", "\"", "'", "(«", "»)", "«a»", "Q3",
        "Sprint", "load", "x", "É", "naïve", "ﬁne", "🎉", "a\u{0301}",
    ]
    private static let separators = [" ", " ", " ", "  ", "\n", "\u{00A0}", "\u{202F}", "", "\t", " \n "]

    /// `count` seeded texts of 1 to 12 words.
    private static func texts(_ count: Int) -> [String] {
        var generator = SeededGenerator(seed: 48)
        return (0..<count).map { _ in
            var text = ""
            for index in 0..<Int.random(in: 1...12, using: &generator) {
                if index > 0 { text += separators.randomElement(using: &generator)! }
                text += words.randomElement(using: &generator)!
            }
            return text
        }
    }

    /// The opportunities the tailoring is given: ICU's on the bundled rules.
    private static func untailored(_ text: String) -> [Int] {
        ICULineRules.shared?.opportunities(in: text) ?? []
    }

    func testSkippingPairsOfPlainWordsRemovesWhatLookingAtEveryPairRemoves() {
        var tailoredSome = 0
        for text in Self.texts(PropertyRounds.of(4_000)) {
            let found = Self.untailored(text)
            let tailored = BreakTailoring.tailored(found, in: text)
            XCTAssertEqual(tailored, BreakTailoring.tailored(found, in: text, everyPair: true), text.debugDescription)
            if tailored != found { tailoredSome += 1 }
        }
        XCTAssertGreaterThan(tailoredSome, PropertyRounds.of(4_000) / 4, "the texts exercise the tailoring")
    }

    func testTextsWithoutAQuotationMarkKeepEveryOpportunity() {
        var forbiddenSome = 0
        for text in Self.texts(PropertyRounds.of(4_000)) {
            let found = BreakTailoring.tailored(Self.untailored(text), in: text)
            let kept = QuotationBreaks.kept(found, in: text)
            XCTAssertEqual(kept, QuotationBreaks.kept(found, in: text, everyText: true), text.debugDescription)
            if kept != found { forbiddenSome += 1 }
        }
        XCTAssertGreaterThan(forbiddenSome, PropertyRounds.of(4_000) / 20, "the texts exercise LB15a and LB15b")
    }

    /// What the pair shortcut rests on: no scalar is both a letter and a decimal digit to the
    /// tailoring, so a plain word (letters only) never starts with a digit nor is a number.
    func testNoScalarIsBothALetterAndADigit() {
        var both: [UInt32] = []
        for value in stride(from: UInt32(0), through: 0x10FFFF, by: PropertyRounds.step) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if BreakTailoring.isLetter(scalar), BreakTailoring.isDigit(scalar) { both.append(value) }
        }
        XCTAssertEqual(both, [])
    }

    func testOnlyInitialAndFinalQuotationMarksCount() {
        XCTAssertTrue(QuotationBreaks.hasQuotationMark("c'est « oui »"))
        XCTAssertTrue(QuotationBreaks.hasQuotationMark("er sagte „Ja“"))
        XCTAssertFalse(QuotationBreaks.hasQuotationMark("plain \"ASCII\" 'quotes'"))
        XCTAssertFalse(QuotationBreaks.hasQuotationMark("Milestone 12 — a long title (里程碑「発表」)"))
    }
}
