import XCTest

@testable import TimelineLayout

/// A description's texts on one line: line breaks become one space, as splitting at
/// `Character.isNewline` and joining with spaces defines it.
final class ItemTextTests: XCTestCase {
    private func oneLine(_ text: String) -> String {
        var bytes: [UInt8] = []
        ItemText.appendOneLine(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func testLineBreaksBecomeOneSpaceAndOtherCharactersStay() {
        let texts = [
            "Milestone 12 — a long title", "“quoted” ‘text’ … ¿qué? «x» © ½ € →", "a\nb", "a\r\nb", "a\n\n\nb",
            "\nleading and trailing\n", "a\u{0B}b\u{0C}c\rd", "next\u{85}line", "line\u{2028}para\u{2029}end",
            "\u{2027}\u{202A}\u{2030} not breaks", "Ā ē ī ō ū ÿ", "中文\n文本", "é\u{301}\n", "",
        ]
        for text in texts {
            let expected = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            XCTAssertEqual(Array(oneLine(text).utf8), Array(expected.utf8), text.debugDescription)
        }
    }

    func testEveryScalarNearTheNewlinesLeadBytesIsKeptOrBrokenAsCharacterSays() {
        // Every scalar sharing a lead byte with U+0085 or U+2028/9, between two letters.
        for value in Array(0x80...0xBF) + Array(0x2000...0x2FFF) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a\(Character(scalar))b"
            let expected = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            XCTAssertEqual(Array(oneLine(text).utf8), Array(expected.utf8), String(value, radix: 16))
        }
    }
}
