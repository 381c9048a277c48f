import TimelineScene
import XCTest

@testable import TimelineCairo

/// The renderer finds the shaping measuring kept for a line by what the scene holds, its text and
/// its node's font: the scene carries no shaping of its own.
final class KeptLinesTests: XCTestCase {
    func testEveryMeasuredLineIsFoundByItsTextAndFont() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let handoff = measurer.fonts.handoff
        let font = "Inter 14"
        let one = measurer.measure("Kickoff", font: font, maxWidth: 300, maxLines: nil)
        let wrapped = measurer.measure(
            "Milestone 12 — a long title that wraps around the card", font: font, maxWidth: 120, maxLines: nil)
        XCTAssertGreaterThan(wrapped.lines.count, 2)
        for line in one.lines + wrapped.lines {
            let kept = try XCTUnwrap(handoff.line(line.text, font: font), line.text)
            XCTAssertEqual(kept.keptAs?.font, font)
            XCTAssertTrue(kept.keptAs?.text.hasSameBytes(as: line.text) ?? false, line.text)
        }
    }

    /// Lines that repeat from text to text (a wrapped title's last lines) are kept once.
    func testARepeatedLineIsKeptOnce() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let texts = (1...3).map { "Milestone \($0) — a long title that wraps around the card" }
        let first = measurer.measure(texts[0], font: "Inter 14", maxWidth: 120, maxLines: nil)
        let last = try XCTUnwrap(first.lines.last?.text)
        let kept = try XCTUnwrap(measurer.fonts.handoff.line(last, font: "Inter 14"))
        for text in texts.dropFirst() {
            XCTAssertEqual(
                measurer.measure(text, font: "Inter 14", maxWidth: 120, maxLines: nil).lines.last?.text, last)
        }
        XCTAssertTrue(measurer.fonts.handoff.line(last, font: "Inter 14") === kept)
    }

    func testAnotherTextOrFontFindsNothing() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        _ = measurer.measure("Kickoff", font: "Inter 14", maxWidth: 300, maxLines: nil)
        XCTAssertNotNil(measurer.fonts.handoff.line("Kickoff", font: "Inter 14"))
        XCTAssertNil(measurer.fonts.handoff.line("Kickof", font: "Inter 14"))
        XCTAssertNil(measurer.fonts.handoff.line("Kickoff", font: "Inter Bold 14"))
    }

    /// A line another library measured (a scene laid out elsewhere) is not one of this library's,
    /// which lays it out again.
    func testOnlyThisLibrarysLinesAreFound() throws {
        let elsewhere = PangoTextMeasurer(fonts: try FontLibrary())
        let here = try FontLibrary()
        _ = elsewhere.measure("Kickoff", font: "Inter 14", maxWidth: 300, maxLines: nil)
        XCTAssertNil(here.handoff.line("Kickoff", font: "Inter 14"))
        _ = PangoTextMeasurer(fonts: here).measure("Kickoff", font: "Inter 14", maxWidth: 300, maxLines: nil)
        XCTAssertNotNil(here.handoff.line("Kickoff", font: "Inter 14"))
    }

    func testALineCutWithAnEllipsisIsNotKept() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let cut = measurer.measure(
            "Supercalifragilisticexpialidocious plans for the quarter", font: "Inter 14", maxWidth: 60, maxLines: 2)
        XCTAssertTrue(cut.isTruncated)
        let ellipsized = cut.lines.filter { $0.text.hasSuffix("…") }
        XCTAssertFalse(ellipsized.isEmpty)
        for line in ellipsized { XCTAssertNil(measurer.fonts.handoff.line(line.text, font: "Inter 14"), line.text) }
    }
}
