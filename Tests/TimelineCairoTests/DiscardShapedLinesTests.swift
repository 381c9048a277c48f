import XCTest

@testable import TimelineCairo

/// A warm-up's shaping is not kept for drawing: `discardShapedLines` forgets every line that
/// measuring kept.
final class DiscardShapedLinesTests: XCTestCase {
    func testDiscardingForgetsEveryLineMeasuringKept() throws {
        let fonts = try FontLibrary()
        let measurer = PangoTextMeasurer(fonts: fonts)
        let measured = measurer.measure("Kickoff", font: "Inter 14", maxWidth: 200, maxLines: nil)
        XCTAssertEqual(measured.lines.count, 1)
        XCTAssertGreaterThan(fonts.handoff.count, 0, "measuring keeps its lines for drawing")
        fonts.discardShapedLines()
        XCTAssertEqual(fonts.handoff.count, 0)
    }
}
