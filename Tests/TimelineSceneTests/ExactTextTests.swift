import XCTest

@testable import TimelineScene

/// Texts as cache keys: the same bytes, not canonical equivalence.
final class ExactTextTests: XCTestCase {
    func testTextsAreTheSameOnlyWithTheSameBytes() {
        XCTAssertTrue("".hasSameBytes(as: ""))
        XCTAssertTrue("Milestone 12 — a long title".hasSameBytes(as: "Milestone 12 — a long title"))
        XCTAssertFalse("Caf\u{E9}".hasSameBytes(as: "Cafe\u{301}"), "canonically equivalent, other bytes")
        XCTAssertFalse("a\u{301}\u{316}".hasSameBytes(as: "a\u{316}\u{301}"), "same length, marks reordered")
        XCTAssertFalse("abc".hasSameBytes(as: "abcd"))
        // A difference at every position, in and after the eight-byte chunks.
        let base = Array("0123456789abcdefghij".utf8)
        for index in base.indices {
            var changed = base
            changed[index] ^= 1
            let text = String(decoding: base, as: UTF8.self)
            XCTAssertFalse(text.hasSameBytes(as: String(decoding: changed, as: UTF8.self)), "byte \(index)")
            XCTAssertTrue(text.hasSameBytes(as: String(decoding: base, as: UTF8.self)))
        }
    }

    func testHashesFollowTheBytes() {
        func hash(_ text: String) -> Int {
            var hasher = Hasher()
            text.hashBytes(into: &hasher)
            return hasher.finalize()
        }
        XCTAssertEqual(hash("Kickoff"), hash(String("Kick") + "off"))
        XCTAssertNotEqual(hash("Caf\u{E9}"), hash("Cafe\u{301}"))
    }
}
