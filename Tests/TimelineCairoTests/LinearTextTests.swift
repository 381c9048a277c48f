import TimelineScene
import XCTest

@testable import TimelineCairo

/// A text costs shaping linear in its length, however it is cut: a long word broken into many
/// pieces, a word cut to one or a few lines (a Today label, a capped title), many words wrapped.
/// Counted in bytes handed to shaping (`shapedBytes`), not timed: four times the text may cost
/// at most a little over four times the work (a quadratic text would cost sixteen).
final class LinearTextTests: XCTestCase {
    /// The shaping work of measuring `text(length)` at each of the `cases`, on a fresh measurer.
    private func work(
        _ length: Int, text: (Int) -> String, font: String, cases: [(width: Double, lines: Int?)]
    ) throws -> [Int] {
        let fonts = try FontLibrary()
        return cases.map { width, lines in
            let measurer = PangoTextMeasurer(fonts: fonts)
            let measured = measurer.measure(text(length), font: font, maxWidth: width, maxLines: lines)
            XCTAssertFalse(measured.lines.isEmpty)
            return measurer.shapedBytes
        }
    }

    private let cases: [(width: Double, lines: Int?)] = [(88, nil), (120, 1), (88, 2), (320, 3), (600, nil)]

    private func assertLinear(
        text: @escaping (Int) -> String, font: String, from length: Int = 600, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let short = try work(length, text: text, font: font, cases: cases)
        let long = try work(4 * length, text: text, font: font, cases: cases)
        for (index, (few, many)) in zip(short, long).enumerated() {
            XCTAssertGreaterThan(few, 0, file: file, line: line)
            let ratio = Double(many) / Double(few)
            XCTAssertLessThan(
                ratio, 5, "case \(cases[index]): \(few) -> \(many) bytes shaped for 4 × the text", file: file,
                line: line)
        }
    }

    func testALongWordCostsShapingLinearInItsLength() throws {
        try assertLinear(text: { String(repeating: "abcdefghij", count: $0 / 10) }, font: "Inter 14")
        try assertLinear(text: { String(repeating: "Today", count: $0 / 5) }, font: "Inter Semi-Bold 16")
    }

    /// Chinese and Japanese break between any two characters: many short lines, each shaped once
    /// with the text (the time `LineBreaker` takes over them is scripts/long-text-check.sh's).
    func testATextOfManyLinesWithoutSpacesCostsShapingLinearInItsLength() throws {
        try assertLinear(text: { String(repeating: "漢字仮名", count: $0 / 4) }, font: "Inter 14")
    }

    func testManyWordsCostShapingLinearInTheirNumber() throws {
        try assertLinear(
            text: { Array(repeating: "Today", count: $0 / 6).joined(separator: " ") }, font: "Inter 14")
    }

    /// Long words between short ones: each broken word's rest is measured again, up to
    /// `maxWordsWrappedOn` times in a row, so from a dozen words on the work is linear.
    func testLongWordsAmongShortOnesCostShapingLinearInTheirLength() throws {
        try assertLinear(
            text: {
                Array(repeating: "go " + String(repeating: "x", count: 97), count: $0 / 100).joined(separator: " ")
            },
            font: "Inter 14", from: 1_200)
    }

    /// The pieces found by doubling and halving are the ones halving the whole word found.
    func testLongestFittingFindsTheLastEndThatFits() {
        for limit in [0, 1, 2, 3, 7, 8, 50, 99, 100, 150] {
            var probes = 0
            let found = PangoTextMeasurer.longestFitting(from: 0, to: 100) {
                probes += 1
                return $0 <= limit
            }
            XCTAssertEqual(found, min(limit, 100))
            // Doubling to the first failure, then halving back: a few probes per doubling.
            XCTAssertLessThanOrEqual(probes, 2 * (Int(log2(Double(max(limit, 1)))) + 2) + 1, "\(limit)")
        }
        XCTAssertEqual(PangoTextMeasurer.longestFitting(from: 5, to: 5) { _ in true }, 5)
        XCTAssertTrue(PangoTextMeasurer.fitsThroughEnd(from: 0, to: 100) { _ in true })
        var probed: [Int] = []
        XCTAssertFalse(
            PangoTextMeasurer.fitsThroughEnd(from: 0, to: 10_000) {
                probed.append($0)
                return $0 <= 10
            })
        XCTAssertEqual(probed, [1, 3, 7, 15])
    }

    /// A description (runs of several fonts) costs shaping linear in its length too: many words
    /// wrapped, and one long word broken into many pieces.
    func testRichTextIsLinear() throws {
        let fonts = try FontLibrary()
        func work(_ count: Int, word: Bool) -> Int {
            let measurer = PangoTextMeasurer(fonts: fonts)
            let plain = word ? String(repeating: "xa", count: count) : String(repeating: "plain words ", count: count)
            let runs = [
                TextRun(text: plain, font: "Inter 12"), TextRun(text: "bold words", font: "Inter Bold 12"),
                TextRun(text: " " + plain, font: "Inter 12"),
            ]
            XCTAssertFalse(measurer.measure(runs: runs, maxWidth: 160).lines.isEmpty)
            return measurer.shapedBytes
        }
        for word in [false, true] {
            let (few, many) = (work(150, word: word), work(600, word: word))
            XCTAssertLessThan(Double(many) / Double(few), 5, "\(word ? "a long word" : "words"): \(few) -> \(many)")
        }
    }
}
