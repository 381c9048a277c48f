import CPangoCairo
import TimelineTestSupport
import XCTest

@testable import TimelineCairo

final class SimpleLogAttributesTests: XCTestCase {
    /// Pango's attributes of `text`, and ours when we compute them.
    private func attributes(_ text: String) -> (pango: [UInt32], simple: [UInt32]?) {
        let count = text.unicodeScalars.count
        var pango = [PangoLogAttr](repeating: PangoLogAttr(), count: count + 1)
        pango_default_break(text, Int32(text.utf8.count), nil, &pango, Int32(count + 1))
        var simple = [PangoLogAttr](repeating: PangoLogAttr(), count: count + 1)
        var utf8 = text
        let filled = utf8.withUTF8 { bytes in
            simple.withUnsafeMutableBufferPointer { SimpleLogAttributes.fill(bytes, into: $0) }
        }
        func bits(_ attributes: [PangoLogAttr]) -> [UInt32] {
            attributes.map { attribute in withUnsafeBytes(of: attribute) { $0.load(as: UInt32.self) } }
        }
        return (bits(pango), filled ? bits(simple) : nil)
    }

    /// A random text of words (letters and digits, short and long, some ending in a comma, colon or
    /// semicolon) and lone dashes between single spaces.
    private func randomText(_ random: inout SeededGenerator) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let capitals = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let digits = Array("0123456789")
        let words = Int.random(in: 1...16, using: &random)
        var parts: [String] = []
        for index in 0..<words {
            if index > 0, index < words - 1, parts.last != "—", Int.random(in: 0..<4, using: &random) == 0 {
                parts.append("—")
                continue
            }
            let length = Int.random(in: 1...(Bool.random(using: &random) ? 4 : 20), using: &random)
            parts.append(
                String(
                    (0..<length).map { _ in
                        let pick = Int.random(in: 0..<10, using: &random)
                        let set = pick < 5 ? letters : pick < 7 ? capitals : digits
                        return set[Int.random(in: 0..<set.count, using: &random)]
                    }))
            if index < words - 1, Int.random(in: 0..<3, using: &random) == 0 {
                parts[parts.count - 1] += [",", ":", ";"][Int.random(in: 0..<3, using: &random)]
            }
        }
        return parts.joined(separator: " ")
    }

    func testEveryFieldIsPangosForRandomWordsSeparatorsAndDashes() {
        var random = SeededGenerator()
        var compared = 0
        for _ in 0..<20_000 {
            let text = randomText(&random)
            let (pango, simple) = attributes(text)
            guard text.unicodeScalars.count >= 2 else {
                XCTAssertNil(simple, text)
                continue
            }
            XCTAssertEqual(simple, pango, text)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 19_000)
    }

    /// Every text of `alphabet` up to `length` characters: those computed have Pango's
    /// attributes. Returns how many were computed.
    private func compareEveryText(of alphabet: [String], upTo length: Int) -> Int {
        var computed = 0
        func walk(_ text: String, _ left: Int) {
            let (pango, simple) = attributes(text)
            if let simple {
                computed += 1
                XCTAssertEqual(simple, pango, text.debugDescription)
            }
            guard left > 0 else { return }
            for character in alphabet { walk(text + character, left - 1) }
        }
        walk("", length)
        return computed
    }

    /// Random texts rarely put a separator, a digit and a dash side by side in every order.
    func testEveryShortTextOfWordsSeparatorsAndDashesIsPangos() {
        XCTAssertGreaterThan(compareEveryText(of: ["a", "Q", "7", ",", ":", ";", " ", "—"], upTo: 6), 2_000)
    }

    /// Characters that look plain but break, join or end sentences otherwise (tabs, no-break
    /// and zero-width spaces, soft hyphens, apostrophes, hyphens, en dashes, full stops, CR,
    /// emoji), around plain ones: whatever is computed is Pango's.
    func testShortTextsWithLookalikesAreLeftToPangoOrPangos() {
        let alphabet = [
            "a", "7", ",", " ", "—", "\t", "\u{A0}", "\u{AD}", "\u{200B}", "\u{2060}", "'", "’", "\"", "-", "–", ".",
            "\r", "\n", "(", "😀", "é", "\u{301}", "\u{3000}", "/",
        ]
        XCTAssertGreaterThan(compareEveryText(of: alphabet, upTo: 4), 20)
    }

    func testTheBenchmarksTextsAreComputed() {
        for text in [
            "Milestone 12 — a long title that wraps around the card", "Owner team 12", "ab",
            "Owner team 12, reviewed with the platform group and signed off by the release managers",
            "Phase 2: design; then — at last — launch",
        ] {
            let (pango, simple) = attributes(text)
            XCTAssertEqual(simple, pango, text)
        }
    }

    /// Texts outside the plainest kind are left to Pango: other characters, spaces at the ends
    /// or doubled, a dash first, last, touching a word or after another dash, a separator not
    /// between a word and a space, one character.
    func testOtherTextsAreLeftToPango() {
        for text in [
            "Design review (then launch)", "Café opening", "a  b", " a b", "a b ", "— a", "a —", "a —b", "a— b",
            "a — — b", "a\tb", "a\nb", "x", "", "a – b", "a ‐ b", "a,b", "a ,b", ", a", "a,", "a , b", "a,, b",
            "a —, b", "Done. Next", "a: b:",
        ] {
            XCTAssertNil(attributes(text).simple, text)
        }
    }
}
