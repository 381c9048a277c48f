import XCTest

@testable import TimelineLayout

/// The last tick of an axis ends its span: labelled, or not drawn at all.
final class AxisEndLabelTests: XCTestCase {
    private typealias Extent = AxisPainter.LabelExtent

    private func extent(_ at: Double, height: Double = 14, named: Bool = false) -> Extent {
        Extent(at: at, from: at - 7, to: at - 7 + height, named: named)
    }

    func testAPlainLabelBeforeTheEndGivesWay() {
        let ticks = [extent(0), extent(40), extent(80), extent(100)]
        let result = AxisPainter.labelled(ticks, pitch: 34, gap: 2, blocked: nil)
        XCTAssertEqual(result.labelled, [true, true, false, true])
        XCTAssertNil(result.undrawn)
    }

    /// "Jan 20 / 2027" after a break keeps its year: the end tick a day later is not drawn.
    func testAYearsLabelStaysAndTheEndTickIsNotDrawn() {
        let ticks = [extent(0), extent(40), extent(80, height: 30, named: true), extent(110)]
        let result = AxisPainter.labelled(ticks, pitch: 34, gap: 2, blocked: nil)
        XCTAssertEqual(result.labelled, [true, true, true, false])
        XCTAssertEqual(result.undrawn, 3)
    }

    func testTheEndTickUnderTodaysLabelIsNotDrawn() {
        let ticks = [extent(0), extent(40), extent(80)]
        let result = AxisPainter.labelled(ticks, pitch: 34, gap: 2, blocked: 75...85)
        XCTAssertEqual(result.labelled, [true, true, false])
        XCTAssertEqual(result.undrawn, 2)
    }

    func testAnEndTickThatFitsChangesNothing() {
        let ticks = [extent(0), extent(40), extent(80)]
        let result = AxisPainter.labelled(ticks, pitch: 34, gap: 2, blocked: nil)
        XCTAssertEqual(result.labelled, [true, true, true])
        XCTAssertNil(result.undrawn)
    }
}
