import TimelineTestSupport
import XCTest

@testable import TimelineCairo

/// A measured line loses exactly its trailing white-space characters (grapheme clusters that
/// start with white space), however it ends.
final class TrimmedLineTests: XCTestCase {
    /// The definition: the characters, without those at the end that are white space.
    private static func reference(_ text: String) -> String {
        String(text.reversed().drop { $0.isWhitespace }.reversed())
    }

    static let texts = [
        "", " ", "a", "a ", "a  \t", "里程碑 12：新版本 ", "里程碑", "المرحلة 12 — مراجعة ", "مراجعة", "a \u{301}",
        "a \u{301} ", "\u{600} ", "a\u{600} ", "\u{600}", "a \u{E33}", "x\u{3000}", "x\u{A0}", "x\u{2028}",
        "x \u{200D}",
        "e\u{301} ", "👩‍👩‍👧 ", "🇫🇷 ", "Crème brûlée  ", "\u{85}", "a\u{2029}\u{2029}", "a\r\n", "a \u{FE0F}",
    ]

    func testTrimmingMatchesTheDefinition() {
        let alphabet = Array(" \t\u{A0}\u{3000}\u{2028}\u{85}a里م\u{600}\u{301}\u{E33}\u{200D}\u{FE0F}🇫👩")
        var generator = SeededGenerator(seed: 31)
        let random = (0..<3_000).map { _ in
            String(
                (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        for text in Self.texts + random {
            XCTAssertEqual(text.trimmingTrailingSpaces, Self.reference(text), text.debugDescription)
            var utf8 = text
            let (trimmed, wasTrimmed) = utf8.withUTF8 { PangoTextMeasurer.trimmedLine($0) }
            XCTAssertEqual(trimmed, Self.reference(text), text.debugDescription)
            XCTAssertEqual(wasTrimmed, trimmed.utf8.count != text.utf8.count, text.debugDescription)
        }
    }
}
