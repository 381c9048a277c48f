import Foundation
import TimelineModel
import TimelineScene
import XCTest

@testable import TimelineLayout

/// Issue #50, rule 1 on the vertical cards whose whole scale would have to grow too far for their
/// stacked rows: the long stretches are cut as the scale grows (`TimeLayout.farStretches`).
final class ReadableStrayTests: XCTestCase {
    private static let day = 86_400.0

    /// Two dates a day apart that must move apart, a fortnight after them: the fortnight is cut,
    /// the day is not, nor a stretch a cut would draw longer than the scale does.
    func testStretchesFourTimesTheTightestAreCut() {
        let day = Self.day
        let periods = [(0, 0), (day, day), (15 * day, 15 * day), (16 * day, 16 * day)]
        let cuts = TimeLayout.farStretches(periods, from: [], than: day, longerThan: day / 2)
        XCTAssertEqual(cuts, [TimeScale.Cut(start: day, end: 15 * day)])
        XCTAssertEqual(TimeLayout.farStretches(periods, from: [], than: day, longerThan: 20 * day), [])
        XCTAssertEqual(TimeLayout.farStretches(periods, from: cuts, than: day, longerThan: day / 2), [])
        XCTAssertEqual(TimeLayout.farStretches(periods, from: [], than: .infinity, longerThan: 0), [])
    }

    /// A period across the fortnight (its end an instant inside it): each stretch between
    /// neighbouring instants is cut on its own, so no mark or bar end falls inside a cut.
    func testCutsStopAtBarEnds() {
        let day = Self.day
        let periods = [(0, 0), (day, 10 * day), (20 * day, 20 * day)]
        let cuts = TimeLayout.farStretches(periods, from: [], than: day, longerThan: 0)
        XCTAssertEqual(cuts, [TimeScale.Cut(start: day, end: 10 * day), TimeScale.Cut(start: 10 * day, end: 20 * day)])
    }

    /// fixtures/readable-stray-outlier.yaml (ReadabilityPropertyTests round 57): every title reads
    /// nearest its own node, the fortnight after the stacked rows is drawn as a break, and the card
    /// is no longer than the one that grew its whole scale and still strayed (1,430 pt).
    func testOutlierCardKeepsTitlesByTheirNodes() throws {
        let url = ListLayoutTests.root.appendingPathComponent("fixtures/readable-stray-outlier.yaml")
        let card = try LayoutFixture.card(String(decoding: try Data(contentsOf: url), as: UTF8.self))
        let scene = try CardLayout.scene(for: card, measurer: FakeTextMeasurer())
        XCTAssertTrue(ReadabilityPropertyTests.labelsReadAsTheirOwn(scene, horizontal: false))
        let segments = try XCTUnwrap(scene.timeAxis?.segments)
        XCTAssertGreaterThan(segments.count, 1, "a break in the axis")
        XCTAssertLessThan(scene.height, 1_430)
    }
}
