import TimelineTestSupport
import XCTest

@testable import TimelineCairo

/// The SVG writer's table of words (#48: open addressing on the word's own mix instead of a
/// `Dictionary`), checked against a dictionary of the words' numbers over seeded runs of words
/// seen once, twice and many times, through several growths of the table.
final class SVGWordTableTests: XCTestCase {
    private typealias Glyph = (id: Int, x: Int, y: Int)

    private func word(_ glyphs: [Glyph], in run: inout SVGWord, start: Int) {
        run.clear()
        for glyph in glyphs { run.append(id: glyph.id, x: start + glyph.x, y: glyph.y) }
    }

    func testFindsWhatADictionaryFindsAcrossGrowths() {
        var generator = SeededGenerator(seed: 4_848)
        // Words that differ by one number only: an id, a position, a y offset, a glyph more.
        var vocabulary: [[Glyph]] = []
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...6, using: &generator)
            var x = 0
            vocabulary.append(
                (0..<count).map { _ in
                    x += Int.random(in: 0...3, using: &generator) * 512
                    return (Int.random(in: 0...40, using: &generator), x, Int.random(in: -1...1, using: &generator))
                })
        }
        var table = SVGWordTable()
        var model: [[Int]: Int] = [:]
        var run = SVGWord()
        for round in 0..<20_000 {
            let glyphs = vocabulary[Int.random(in: 0..<vocabulary.count, using: &generator)]
            // The same word anywhere on a line is the same word.
            word(glyphs, in: &run, start: Int.random(in: 0...100_000, using: &generator))
            let key = glyphs.flatMap { [$0.id, $0.x - glyphs[0].x, $0.y] }
            XCTAssertEqual(run.count, glyphs.count)
            guard let entry = table.find(run) else {
                XCTAssertNil(model[key], "round \(round): a word added before is not found")
                table.add(run, value: -1)
                model[key] = -1
                continue
            }
            XCTAssertEqual(table.value(at: entry), model[key], "round \(round)")
            if table.value(at: entry) < 0 {
                table.setValue(round, at: entry)
                model[key] = round
            }
        }
        XCTAssertEqual(table.count, model.count)
        XCTAssertGreaterThan(model.count, 1_000, "the table grew several times")
    }

    /// Numbers are kept in 32 bits; a word with one beyond (a glyph millions of points from its
    /// word's start) is kept whole, and neither it nor its numbers cut to 32 bits is taken for
    /// the other.
    func testAWordBeyond32BitsIsKeptWhole() {
        var table = SVGWordTable()
        var run = SVGWord()
        word([(1, 0, 0), (2, 1 << 32 + 5, 0)], in: &run, start: 0)
        XCTAssertNil(table.find(run))
        table.add(run, value: 7)
        let wide = run
        word([(1, 0, 0), (2, 5, 0)], in: &run, start: 0)
        XCTAssertNil(table.find(run), "the 32 bits of the wide word's numbers are another word")
        table.add(run, value: 8)
        XCTAssertEqual(table.find(wide).map { table.value(at: $0) }, 7)
        XCTAssertEqual(table.find(run).map { table.value(at: $0) }, 8)
        XCTAssertEqual(table.keptNumbers, 12)
    }

    func testAWordIsReadBackWhereItIsDrawn() {
        var run = SVGWord()
        word([(7, 0, 0), (8, 600, -2)], in: &run, start: 1_000)
        XCTAssertEqual(run.start, 1_000)
        XCTAssertEqual(run[1].id, 8)
        XCTAssertEqual(run[1].x, 1_600)
        XCTAssertEqual(run[1].y, -2)
        run.clear()
        XCTAssertTrue(run.isEmpty)
        run.append(id: 3, x: 50, y: 0)
        XCTAssertEqual(run.count, 1)
        XCTAssertEqual(run[0].x, 50, "an emptied word keeps no glyph of the one before")
    }

    /// More keys than the recent ones kept: each still gets its own value, made once while kept.
    func testRecentKeysGiveEachKeyItsValue() {
        var recent = RecentKeys<Int>()
        var made: [String] = []
        for round in 0..<3 {
            for index in 0..<12 {
                let key = "font \(index)"
                XCTAssertEqual(
                    recent.value(key) {
                        made.append($0)
                        return 7 * index + 1
                    }, 7 * index + 1)
                XCTAssertEqual(recent.value(key) { _ in -1 }, 7 * index + 1, "round \(round): just made, kept")
            }
        }
        XCTAssertEqual(made.count, 36, "twelve keys cycling through eight places are made again each round")
    }
}
