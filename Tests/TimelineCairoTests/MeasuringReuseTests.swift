import TimelineScene
import XCTest

@testable import TimelineCairo

/// What measuring keeps to avoid shaping a text twice: the measurer's answers by request, and the
/// lines handed from measuring (and from sibling libraries on other threads) to drawing.
final class MeasuringReuseTests: XCTestCase {
    private func request(_ text: String, width: Double = 120, maxLines: Int? = nil) -> TextRequest {
        TextRequest(text: text, font: "Inter 14", maxWidth: width, maxLines: maxLines)
    }

    func testABatchAnswersRepeatsAndKnownTextsWithoutMeasuringThemAgain() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let single = PangoTextMeasurer(fonts: try FontLibrary())
        let first = request("Milestone 12 — a long title that wraps around the card")
        let second = request("Kickoff")
        // One line too narrow for the word: broken, then cut at the line limit.
        let third = request("Kickoff", width: 30, maxLines: 1)
        let fourth = request("Beta", maxLines: 1)
        let batch = [first, second, first, third, second]
        let expected = batch.map {
            single.measure($0.text, font: $0.font, maxWidth: $0.maxWidth, maxLines: $0.maxLines)
        }
        XCTAssertEqual(measurer.measure(batch), expected)
        // "12 —" stays together: a line never starts with the dash.
        XCTAssertEqual(measurer.measure(batch).map(\.lines.count), [6, 1, 6, 1, 1])
        XCTAssertEqual(
            measurer.measure(batch).map(\.isTruncated), [false, false, false, true, false],
            "the same text at another width is its own entry")

        // Known texts only: nothing is shaped, in a batch or one by one.
        let seconds = measurer.shapingSeconds
        XCTAssertEqual(measurer.measure([third, first]), [expected[3], expected[0]])
        XCTAssertEqual(measurer.measure("Kickoff", font: "Inter 14", maxWidth: 120, maxLines: nil), expected[1])
        XCTAssertEqual(measurer.shapingSeconds, seconds)
        // A new text among known ones is measured as alone.
        XCTAssertEqual(
            measurer.measure([second, fourth]).last,
            single.measure("Beta", font: "Inter 14", maxWidth: 120, maxLines: 1))
        XCTAssertGreaterThan(measurer.shapingSeconds, seconds)
    }

    func testABatchBiggerThanTheCacheIsAnsweredAndNotKept() throws {
        // A large card's texts held by the cache beside its placed lines were a fifth of its memory.
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let single = PangoTextMeasurer(fonts: try FontLibrary())
        measurer.cacheLimit = 8
        let small = ["Kickoff", "Beta", "Launch"].map { request($0) }
        XCTAssertEqual(measurer.measure(small).count, 3)
        var shaped = measurer.shapedBytes
        XCTAssertEqual(measurer.measure(small).count, 3)
        _ = measurer.measure("Beta", font: "Inter 14", maxWidth: 120, maxLines: nil)
        XCTAssertEqual(measurer.shapedBytes, shaped, "a batch within the limit is kept")

        let large = (1...9).map { request("Milestone \($0) wraps around the card") }
        let expected = large.map {
            single.measure($0.text, font: $0.font, maxWidth: $0.maxWidth, maxLines: $0.maxLines)
        }
        XCTAssertEqual(measurer.measure(large + [large[0]]), expected + [expected[0]], "repeats within it answered")
        shaped = measurer.shapedBytes
        // Asked alone, a text a kept batch measured is answered without shaping; this one is shaped
        // again (whole, and a wrapped one's lines on their own, for drawing).
        let again = measurer.measure(large[1].text, font: "Inter 14", maxWidth: 120, maxLines: nil)
        XCTAssertEqual(again, expected[1])
        XCTAssertGreaterThanOrEqual(
            measurer.shapedBytes - shaped, large[1].text.utf8.count, "a batch beyond the limit is not kept")
    }

    func testARunThatDrawsNothingKeepsEachLinesMeasuresWithoutItsTextOrGlyphs() throws {
        let fonts = try FontLibrary()
        let drawing = PangoTextMeasurer(fonts: fonts)
        let validating = PangoTextMeasurer(fonts: fonts)
        validating.keepsLinesForDrawing = false
        let requests = [
            request("Milestone 12 — a long title that wraps around the card"),
            request("Kickoff", width: 30, maxLines: 1),
            request("مرحلة الإطلاق الأولى للمشروع", width: 80),
        ]
        for (kept, measured) in zip(drawing.measure(requests), validating.measure(requests)) {
            XCTAssertEqual(measured.height, kept.height)
            XCTAssertEqual(measured.isTruncated, kept.isTruncated)
            XCTAssertEqual(measured.lines.count, kept.lines.count)
            XCTAssertGreaterThan(measured.lines.count, 0)
            for (keptLine, line) in zip(kept.lines, measured.lines) {
                XCTAssertEqual(line.width, keptLine.width)
                XCTAssertEqual(line.baseline, keptLine.baseline)
                XCTAssertEqual(line.isRightToLeft, keptLine.isRightToLeft)
                XCTAssertFalse(keptLine.text.isEmpty)
                XCTAssertNotNil(keptLine.glyphs)
                XCTAssertEqual(line.text, "", "a line's text is drawing's alone")
                XCTAssertNil(line.glyphs)
            }
        }
    }

    func testCanonicallyEquivalentTextsAreMeasuredAndKeptApart() throws {
        // Equal as Swift strings, different bytes: each keeps its own lines and shaping.
        let fonts = try FontLibrary()
        let measurer = PangoTextMeasurer(fonts: fonts)
        let composed = request("Caf\u{E9} opens")
        let decomposed = request("Cafe\u{301} opens")
        XCTAssertEqual(composed.text, decomposed.text)
        XCTAssertNotEqual(composed, decomposed)
        let answers = measurer.measure([composed, decomposed, composed])
        XCTAssertEqual(
            answers.map { Array($0.lines[0].text.utf8) },
            [Array(composed.text.utf8), Array(decomposed.text.utf8), Array(composed.text.utf8)])
        let composedGlyphs = try XCTUnwrap(answers[0].lines[0].glyphs)
        let decomposedGlyphs = try XCTUnwrap(answers[1].lines[0].glyphs)
        XCTAssertNotEqual(composedGlyphs, decomposedGlyphs)
        XCTAssertEqual(answers[2].lines[0].glyphs, composedGlyphs)
    }

    func testADocumentsTimeIsSplitIntoLayoutAndTheShapingOfItsTexts() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let measure = { (measurer: PangoTextMeasurer) in
            measurer.measure("Kickoff", font: "Inter 13", maxWidth: 200, maxLines: nil)
        }
        let first = measurer.measuringDocument(measure)
        XCTAssertGreaterThan(first.shapingSeconds, 0)
        XCTAssertGreaterThan(first.layoutSeconds, 0)
        XCTAssertGreaterThan(first.result.height, 0)
        let again = measurer.measuringDocument(measure)
        XCTAssertGreaterThan(
            again.shapingSeconds, 0, "each document measures its texts, in the measuring state")
        XCTAssertNotNil(again.result.lines.first?.glyphs)
        XCTAssertGreaterThan(again.layoutSeconds, 0)
        XCTAssertEqual(again.result, first.result)
    }
}
