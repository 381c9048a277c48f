import TimelineTestSupport
import XCTest

@testable import TimelineCairo

/// `PieceTable` answers as a `Dictionary` of the same keys does: over seeded keys of several
/// fonts, scripts, languages and places, with bytes of Latin, Chinese, Arabic and digits that
/// begin one another (so that keys differ in one field or one byte), values replaced, keys
/// looked up borrowed, through its growth and after it forgets them all.
final class PieceTableTests: XCTestCase {
    private static let pieces: [[UInt8]] = {
        let words = ["", "1", "12", "12 ", "123", "a", "ab", "ab ", "abc", "里程碑 ", "里程", "مرحلة ", "مر", " ", "—"]
        var generator = SeededGenerator(seed: 48)
        let random = (0..<400).map { _ in
            (0..<Int.random(in: 1...12, using: &generator)).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator)
            }
        }
        return words.map { Array($0.utf8) } + random
    }()

    private static func key(_ generator: inout SeededGenerator) -> PieceKey {
        PieceKey(
            font: [0x1000, 0x2000, 0x2008][Int.random(in: 0..<3, using: &generator)],
            script: UInt8.random(in: 0...2, using: &generator),
            language: [0x10, 0x18][Int.random(in: 0..<2, using: &generator)],
            first: Bool.random(using: &generator), last: Bool.random(using: &generator),
            kept: pieces.randomElement(using: &generator)!)
    }

    /// Everything that tells keys apart, as a `Dictionary`'s key.
    private static func name(_ key: PieceKey) -> String {
        "\(key.font) \(key.script) \(key.language) \(key.first) \(key.last) \(key.withBytes { Array($0) })"
    }

    func testAnswersAsADictionary() {
        var generator = SeededGenerator(seed: 7)
        var table = PieceTable<Int>()
        var expected: [String: Int] = [:]
        var found = 0
        for round in 0..<2 {
            for step in 0..<30_000 {
                let key = Self.key(&generator)
                if Bool.random(using: &generator) {
                    table.set(key.owned, folded: key.folded, step)
                    expected[Self.name(key)] = step
                }
                // Looked up borrowed, as measuring does, its bytes elsewhere than the kept key's.
                let bytes = key.withBytes { Array($0) }
                bytes.withUnsafeBufferPointer { buffer in
                    var borrowed = key
                    borrowed.kept = []
                    borrowed.borrowed = buffer
                    XCTAssertEqual(borrowed.folded, key.folded)
                    let answer = table.value(borrowed, folded: borrowed.folded)
                    XCTAssertEqual(answer, expected[Self.name(key)], "round \(round), step \(step)")
                    if answer != nil { found += 1 }
                }
            }
            XCTAssertEqual(table.count, expected.count)
            table.removeAll()
            expected.removeAll()
            XCTAssertEqual(table.count, 0)
            let key = Self.key(&generator)
            XCTAssertNil(table.value(key, folded: key.folded))
        }
        XCTAssertGreaterThan(found, 20_000)
    }
}
