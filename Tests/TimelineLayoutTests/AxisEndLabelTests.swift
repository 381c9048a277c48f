import TimelineScene
import TimelineSpec
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

    /// Items after a cut a few hours before the span's end: the tick that starts the scale again
    /// after the cut does not replace the span's last tick, which covers the last item.
    func testTheSpansLastTickSurvivesACutJustBeforeIt() throws {
        let card = try LayoutFixture.card(
            """
            version: 1
            cards:
              - layout: time
                locale: de-DE
                style: { width: 667 }
                items:
                  - { title: Kickoff, date: "2028-08-09T10:00:00+01:00" }
                  - { title: Review, date: "2028-08-10T12:30:00+01:00" }
                  - { title: Launch, date: "2028-08-11T08:00:00+01:00" }
                  - { title: Audit, date: "2028-09-07T06:45:00+01:00" }
                  - { title: Retro, date: "2028-09-07T19:23:00+01:00" }
            """)
        let scene = try CardLayout.scene(for: card, measurer: FakeTextMeasurer())
        let axis = try XCTUnwrap(scene.timeAxis)
        let last = try XCTUnwrap(DocumentDecoder.parseDate("2028-09-07T19:23:00+01:00")?.instant)
        let end = try XCTUnwrap(axis.ticks.max { $0.at < $1.at })
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(DocumentDecoder.parseDate(end.date)?.instant), last, end.date)
        XCTAssertFalse(end.label.isEmpty, "the span's last tick is labelled")
    }
}
