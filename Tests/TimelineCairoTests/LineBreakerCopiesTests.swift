import CPangoCairo
import TimelineTestSupport
import XCTest

@testable import TimelineCairo

/// The shortcuts of #48 in wrapping give what the longer ways gave: a line's standalone glyphs
/// copied once from the whole text's (`standaloneSlice`, `standaloneLine`) are those of the
/// slice made first; a breaker given the text as a `String` breaks as one that makes it from the
/// bytes; its arrays written through buffers are the loops' arrays. Over seeded texts in Latin,
/// Greek, Cyrillic, Chinese, Japanese and mixed scripts, in three fonts.
final class LineBreakerCopiesTests: XCTestCase {
    /// Seeded texts of words of several scripts, digits and punctuation between spaces.
    static func seededTexts(count: Int, seed: UInt64) -> [String] {
        let alphabets = [
            Array("abcdefghijklmnopqrstuvwxyzAVTWY0123456789,.;:—–-() "),
            Array("αβγδεζηθικλμνξοπρστυφχψωΩΔ0123456789 ,."),
            Array("абвгдежзийклмнопрстуфхцчшщэюяЯЖ0123456789 ,."),
            Array("里程碑新版本的设计评审与用户体验团队一起完成并发布负责12：，。"),
            Array("ひらがなカタカナ日本語の文章です。12、"),
            Array("Milestone 里程碑 αβγ абв 12 — ,"),
        ]
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { index in
            let alphabet = alphabets[index % alphabets.count]
            let words = (0..<Int.random(in: 2...14, using: &generator)).map { _ in
                String(
                    (0..<Int.random(in: 1...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
                    })
            }
            return words.joined(separator: " ")
        }
    }

    static let fonts = ["Inter Semi-Bold 14", "DejaVu Sans 12", "sans-serif 13"]

    static var texts: [String] {
        WrappedMeasuringTests.texts + WordPieceShapesTests.adversarial + seededTexts(count: 120, seed: 48)
    }

    /// Every slice of every text, ended at each of its character boundaries, copied once, is the
    /// slice's `standalone` line: the same item, glyphs, clusters and extents.
    func testStandaloneSliceIsTheSlicesStandaloneLine() throws {
        var compared = 0
        try Self.forEachShaped { font, text, whole, chars, length in
            let breaker = LineBreaker(whole, chars: chars, length: length, wrap: PANGO_WRAP_WORD, text: text)
            let count = Int(whole.item.pointee.num_chars)
            // Lines of up to 12 characters from each place, ended at their last three boundaries.
            for from in 0..<count {
                for to in (from + 1)...min(count, from + 12) {
                    let start = breaker.byteOffsets[from]
                    for end in max(from + 1, to - 2)...to {
                        let length = breaker.byteOffsets[end] - start
                        let expected = breaker.slice(from, to)?.standalone(
                            length: length, characters: end - from)
                        let found = breaker.standaloneSlice(from, to, length: length, characters: end - from)
                        XCTAssertEqual(found.map(Self.summary), expected.map(Self.summary), "\(font): \(text)")
                        if expected != nil { compared += 1 }
                    }
                }
            }
            for (run, from) in [
                (LineBreaker.Run.whole, 0), (.slice(0, count), 0), (.slice(count / 2, count), count / 2),
            ] {
                let length = breaker.byteOffsets[count] - breaker.byteOffsets[from]
                let expected = breaker.shapedLine(run)?.standalone(length: length, characters: count - from)
                let found = breaker.standaloneLine(run, length: length, characters: count - from)
                XCTAssertEqual(found.map(Self.summary), expected.map(Self.summary), "\(font): \(text)")
            }
        }
        XCTAssertGreaterThan(compared, 20_000)
    }

    /// A breaker given the text as a `String` finds the lines one making it from the bytes finds.
    func testBreakerGivenTheTextBreaksAlike() throws {
        var compared = 0
        try Self.forEachShaped { font, text, whole, chars, length in
            let plain = LineBreaker(whole, chars: chars, length: length, wrap: PANGO_WRAP_WORD)
            let given = LineBreaker(whole, chars: chars, length: length, wrap: PANGO_WRAP_WORD, text: text)
            for width in [20.0, 45.5, 90, 160] {
                let expected = plain.breakLines(maxWidth: Int32(width * 1024), charWidths: ApproximateCharWidths())
                let found = given.breakLines(maxWidth: Int32(width * 1024), charWidths: ApproximateCharWidths())
                XCTAssertEqual(found.map(Self.ranges), expected.map(Self.ranges), "\(font) @\(width): \(text)")
                if expected != nil { compared += 1 }
            }
        }
        XCTAssertGreaterThan(compared, 1_000)
    }

    /// The breaker's arrays written through buffers are those the loops appending to them made:
    /// characters' starts over seeded texts of several scripts (and their prefixes, cut inside a
    /// character too), sums of seeded widths, and the sliceable scripts' bits against their set.
    func testBreakersArraysAreTheLoopsOnes() {
        var compared = 0
        for text in Self.texts {
            let bytes = Array(text.utf8)
            for end in [0, bytes.count / 3, bytes.count / 2 + 1, bytes.count] where end <= bytes.count {
                let prefix = Array(bytes[..<end])
                var expected: [Int] = []
                for index in prefix.indices where prefix[index] & 0xC0 != 0x80 { expected.append(index) }
                expected.append(prefix.count)
                XCTAssertEqual(prefix.withUnsafeBufferPointer { LineBreaker.characterStarts($0) }, expected, text)
                compared += 1
            }
        }
        var generator = SeededGenerator(seed: 12)
        for _ in 0..<500 {
            let widths = (0..<Int.random(in: 0...90, using: &generator)).map { _ in
                Int.random(in: -2_000...40_000, using: &generator)
            }
            var expected = [Int](repeating: 0, count: widths.count + 1)
            for index in widths.indices.reversed() { expected[index] = expected[index + 1] + widths[index] }
            XCTAssertEqual(LineBreaker.sumsFrom(widths), expected)
        }
        for script in UInt8.min...UInt8.max {
            XCTAssertEqual(LineBreaker.isSliceable(script), LineBreaker.sliceableScripts.contains(script), "\(script)")
        }
        XCTAssertGreaterThan(compared, 800)
    }

    /// Each of `texts` in each of `fonts` shaped whole, its bytes and their length, to `body`.
    private static func forEachShaped(
        _ body: (_ font: String, _ text: String, ShapedLine, UnsafePointer<CChar>, Int32) -> Void
    ) throws {
        let library = try FontLibrary()
        for font in fonts {
            let attributes = try XCTUnwrap(library.itemizeAttributes(font))
            for text in texts {
                var utf8 = text
                utf8.withUTF8 { bytes in
                    guard
                        let whole = ShapedLine.shape(
                            bytes, text: text, context: library.context, attributes: attributes)
                    else { return }
                    let chars = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
                    body(font, text, whole, chars, Int32(bytes.count))
                }
            }
        }
    }

    private static func ranges(_ lines: [LineBreaker.Line]) -> [[Int]] {
        lines.map { [$0.start, $0.end, $0.startCharacter, $0.endCharacter] }
    }

    /// Everything a line is drawn and measured by: its item's place and analysis, each glyph and
    /// cluster, its extents.
    private static func summary(_ line: ShapedLine) -> [Int] {
        let item = line.item.pointee
        var values = [
            Int(item.offset), Int(item.length), Int(item.num_chars), Int(bitPattern: item.analysis.font),
            Int(item.analysis.script), Int(bitPattern: item.analysis.language), Int(item.analysis.level),
            Int(line.logical.x), Int(line.logical.y), Int(line.logical.width), Int(line.logical.height),
        ]
        let glyphs = line.glyphs.pointee
        for index in 0..<Int(glyphs.num_glyphs) {
            let glyph = glyphs.glyphs[index]
            values += [
                Int(glyph.glyph), Int(glyph.geometry.width), Int(glyph.geometry.x_offset), Int(glyph.geometry.y_offset),
                Int(glyph.attr.is_cluster_start), Int(glyphs.log_clusters[index]),
            ]
        }
        return values
    }
}
