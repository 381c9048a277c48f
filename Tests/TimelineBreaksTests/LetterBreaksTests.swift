import XCTest

@testable import TimelineBreaks

/// Words of scripts without hyphenation: never hyphenated by another language's patterns, and
/// broken between letters (the last resort) without a hyphen, in Arabic where no letter changes
/// shape.
final class LetterBreaksTests: XCTestCase {
    func testArabicHebrewAndPersianAreNeverHyphenatedByLatinPatterns() {
        for language in [nil, "en", "de", "fa-IR", "ar", "he"] {
            for word in ["مراجعة", "طراحی", "تصميم", "בדיקה", "المستخدم"] {
                XCTAssertEqual(
                    LineBreaks.hyphenationPoints(word, language: language), [], "\(word) in \(language ?? "-")")
                XCTAssertEqual(LineBreaks.hyphenated(word, language: language), [word])
            }
        }
        // Latin words in those cards still have their points in an English one.
        XCTAssertEqual(LineBreaks.hyphenated("Purchase", language: "en"), ["Pur-", "chase"])
    }

    func testTheNarrowestLinesOfAnArabicTitleAreItsWholeWords() {
        XCTAssertEqual(LineBreaks.narrowestLines("مراجعة التصميم 1", language: "fa-IR"), ["مراجعة", "التصميم", "1"])
        XCTAssertEqual(LineBreaks.narrowestLines("مراجعة التصميم", language: "en"), ["مراجعة", "التصميم"])
    }

    func testOnlyHyphenatingAlphabetsMarkALetterBreak() {
        for word in ["Housewarming", "Überprüfung", "Προγραμματισμός", "Планирование", "WP-2026-000123"] {
            XCTAssertTrue(LineBreaks.marksLetterBreaks(word), word)
        }
        for word in ["مراجعة", "طراحی", "בדיקה", "新製品発表会", "프로젝트", "การประชุม"] {
            XCTAssertFalse(LineBreaks.marksLetterBreaks(word), word)
        }
    }

    func testArabicLettersThatJoinTheNextAreKnown() {
        // مراجعة: meem joins reh; reh and alef join nothing after them; jeem and ain join the next.
        let joins = Array("مراجعة").map(LineBreaks.joinsNext)
        XCTAssertEqual(joins, [true, false, false, true, true, false])
        // Hebrew and Latin letters join nothing: any cut keeps their shapes.
        XCTAssertFalse(Array("בדיקה").contains(where: LineBreaks.joinsNext))
        XCTAssertFalse(Array("Design").contains(where: LineBreaks.joinsNext))
    }
}
