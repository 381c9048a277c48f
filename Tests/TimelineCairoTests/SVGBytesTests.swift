import TimelineScene
import XCTest

@testable import TimelineCairo

/// The SVG writer's byte buffer: escaping user text in place, growing past its room, dropping
/// what a caller took back.
final class SVGBytesTests: XCTestCase {
    private func escaped(_ text: String) -> String {
        var out = SVGBytes()
        out.append(escaped: text)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    func testEscapingReplacesMarkupDropsControlsAndNoncharacters() {
        XCTAssertEqual(escaped("a & <b> \"c\" 'd'"), "a &amp; &lt;b&gt; &quot;c&quot; &apos;d&apos;")
        XCTAssertEqual(escaped("line\none\ttab\u{1}\u{1F}\r"), "line\none\ttab")
        XCTAssertEqual(escaped("x\u{FFFE}y\u{FFFF}z\u{FFFD}"), "xyz\u{FFFD}", "U+FFFD is no noncharacter")
        XCTAssertEqual(escaped("\u{FFFF}"), "", "a noncharacter at the very end")
        XCTAssertEqual(escaped("é—里程碑 🎉"), "é—里程碑 🎉")
        XCTAssertEqual(escaped(String(repeating: "\"", count: 50)), String(repeating: "&quot;", count: 50))
    }

    func testWritingPastTheRoomGrowsAndKeepsEverything() {
        var out = SVGBytes(capacity: 8)
        var expected = ""
        for index in 0..<2000 {
            out.append("<use x=\"")
            out.append(number: Double(index) / 8)
            out.append(byte: UInt8(ascii: "\""))
            expected += "<use x=\"\(formattedEighth(index))\""
        }
        XCTAssertEqual(out.count, expected.utf8.count)
        XCTAssertEqual(String(decoding: out.bytes, as: UTF8.self), expected)
        out.withUnsafeBytes { XCTAssertEqual(Array($0), Array(expected.utf8)) }
    }

    private func formattedEighth(_ index: Int) -> String {
        let text = String(format: "%.3f", Double(index) / 8)
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed.removeLast() }
        if trimmed.hasSuffix(".") { trimmed.removeLast() }
        return String(trimmed)
    }

    func testTruncateDropsWhatFollows() {
        var out = SVGBytes()
        out.append("<g>")
        let mark = out.count
        out.append("<use/>")
        out.truncate(to: mark)
        out.append("</g>")
        XCTAssertEqual(String(decoding: out.bytes, as: UTF8.self), "<g></g>")
        XCTAssertFalse(out.isEmpty)
    }

    /// The text layer's quick test agrees with reading the text as characters.
    func testFindableLinesAreThoseWithACharacterThatIsNotWhitespace() {
        let texts = [
            "", " ", "\t\n", "\r\n", "\u{00A0}", "\u{3000}", " \u{301}", "a", " a ", "x\u{301}", "\u{3000}里",
            "\u{200B}", "—", "\u{0600}1", "1\u{FE0F}\u{20E3}",
        ]
        for text in texts {
            let line = PlacedLine(text: text, x: 0, baseline: 0, width: 10)
            XCTAssertEqual(
                SVGWriter.isFindable(line), text.contains { !$0.isWhitespace }, "\(text.unicodeScalars.map(\.value))")
        }
        XCTAssertFalse(SVGWriter.isFindable(PlacedLine(text: "a", x: 0, baseline: 0, width: 0)), "no width")
    }
}
