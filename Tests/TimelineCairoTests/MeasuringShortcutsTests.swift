import TimelineTestSupport
import XCTest

@testable import TimelineCairo

/// Two shortcuts of #48 in measuring answer as the longer ways did: whether a text ends in white
/// space, read from its last bytes, is its last `Character`'s answer; a font's description and
/// itemizing attributes remembered for the last few fonts are the library's.
final class MeasuringShortcutsTests: XCTestCase {
    /// Endings a grapheme cluster or white space could hide in, and seeded texts of many scripts.
    func testEndsInWhitespaceIsTheLastCharacters() {
        let endings = [
            "", " ", "a", "a ", "ab", "a\u{301}", "e\u{301}x", "\u{600}1", "x\u{600}1", "\r\n", "a\r\n", "a\n",
            "a\t", "a\u{A0}", "a\u{3000}", "a\u{2003}", "a\u{200B}", "a\u{FE0F}", "👍🏽", "a👍", "🇫🇷", "里程碑",
            "مرحلة", "x\u{200D}y", "~", "a~", "\u{7F}", "a\u{7F}", "é!", "1\u{20E3}", "क्ष", "a\u{85}",
        ]
        let texts = endings + LineBreakerCopiesTests.seededTexts(count: 600, seed: 5)
        var generator = SeededGenerator(seed: 3)
        var compared = 0
        for text in texts {
            // Each text alone and followed by one of the endings.
            for variant in [text, text + endings.randomElement(using: &generator)!] {
                var utf8 = variant
                let found = utf8.withUTF8 { ShapedLine.endsInWhitespace($0, text: variant) }
                XCTAssertEqual(found, variant.last?.isWhitespace != false, variant.debugDescription)
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 1_200)
    }

    /// Fonts asked for in turn, more of them than are remembered, each answer the library's.
    func testRememberedSettingsAreTheLibrarys() throws {
        let library = try FontLibrary()
        let measurer = PangoTextMeasurer(fonts: library)
        let fonts = [
            "Inter Semi-Bold 14", "Inter 12", "DejaVu Sans 12", "sans-serif 13", "Inter Small-Caps 12", "serif 11",
        ]
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<300 {
            let font = fonts.randomElement(using: &generator)!
            let found = measurer.settings(font)
            XCTAssertEqual(found.description, library.description(font), font)
            XCTAssertEqual(found.attributes, library.itemizeAttributes(font), font)
        }
        // A small-caps font has no itemizing attributes (a layout measures it).
        XCTAssertNil(measurer.settings("Inter Small-Caps 12").attributes)
    }
}
