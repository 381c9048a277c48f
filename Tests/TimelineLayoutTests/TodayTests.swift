import Foundation
import TimelineModel
import TimelineScene
import XCTest

@testable import TimelineLayout

/// The Today line of time layouts and the Today marker of lists.
final class TodayTests: XCTestCase {
    private func scene(layout: String, now: String, today: String = "auto", direction: String = "vertical") throws
        -> Scene
    {
        try LayoutFixture.scene(
            """
            version: 1
            now: \(now)
            cards:
              - layout: \(layout)
                direction: \(direction)
                style: { today: \(today) }
                items:
                  - { title: Kickoff, date: 2026-11-02 }
                  - { title: Review, date: 2026-11-09 }
                  - { title: Launch, date: 2026-11-20 }
            """)
    }

    private func dashed(_ scene: Scene) -> [LineNode] {
        scene.nodes.compactMap {
            if case .line(let line) = $0, !line.stroke.dash.isEmpty { return line } else { return nil }
        }
    }

    private func nodes(_ scene: Scene) -> [MarkerNode] {
        scene.nodes.compactMap { if case .marker(let marker) = $0 { return marker } else { return nil } }
    }

    func testTimeLayoutsDrawTodayWhereNowFalls() throws {
        let vertical = try scene(layout: "time", now: "2026-11-12T12:00:00Z")
        let ys = nodes(vertical).map(\.center.y)
        let line = try XCTUnwrap(dashed(vertical).first)
        XCTAssertEqual(line.from.y, line.to.y, "across the card")
        XCTAssertGreaterThan(line.from.y, ys[1])
        XCTAssertLessThan(line.from.y, ys[2])
        XCTAssertEqual(vertical.description.last, "Today")
        let horizontal = try scene(layout: "time", now: "2026-11-12T12:00:00Z", direction: "horizontal")
        let xs = nodes(horizontal).map(\.center.x)
        let upright = try XCTUnwrap(dashed(horizontal).first)
        XCTAssertEqual(upright.from.x, upright.to.x)
        XCTAssertGreaterThan(upright.from.x, xs[1])
        XCTAssertLessThan(upright.from.x, xs[2])
    }

    func testNoTodayOutsideTheSpanOrWhenTurnedOff() throws {
        XCTAssertEqual(dashed(try scene(layout: "time", now: "2026-12-12T12:00:00Z")), [])
        XCTAssertEqual(dashed(try scene(layout: "time", now: "2026-11-12T12:00:00Z", today: "none")), [])
        XCTAssertEqual(dashed(try scene(layout: "list", now: "2026-10-01T12:00:00Z")), [])
        XCTAssertEqual(dashed(try scene(layout: "list", now: "2026-11-12T12:00:00Z", today: "none")), [])
    }

    func testListMarkerSitsBetweenTheItemsAroundNow() throws {
        let list = try scene(layout: "list", now: "2026-11-12T12:00:00Z")
        let ys = nodes(list).map(\.center.y)
        let marker = try XCTUnwrap(dashed(list).first)
        XCTAssertGreaterThan(marker.from.y, ys[1])
        XCTAssertLessThan(marker.from.y, ys[2])
        XCTAssertEqual(
            list.description.map { $0.replacingOccurrences(of: "\u{00A0}", with: " ") },
            ["Nov 2 — Kickoff (open, overdue)", "Nov 9 — Review (open, overdue)", "Nov 20 — Launch (open)", "Today"])
    }

    func testHorizontalListMarkerRunsDownTheGutter() throws {
        let list = try scene(layout: "list", now: "2026-11-12T12:00:00Z", direction: "horizontal")
        let xs = nodes(list).map(\.center.x)
        let marker = try XCTUnwrap(dashed(list).first)
        XCTAssertEqual(marker.from.x, marker.to.x, "upright")
        XCTAssertGreaterThan(marker.from.x, xs[1])
        XCTAssertLessThan(marker.from.x, xs[2])
        XCTAssertEqual(list.description.last, "Today")
    }

    /// fixtures/readable-label-nearest.yaml (#50, rule 2): in its section lane the Today line ran
    /// down between "Kickoff 0" and the "Apr 23 – Nov 3" under it, into that date's line box, as
    /// it stopped only where a line's letters were guessed from its size. With line boxes as tall
    /// as Inter's it stops at each whole box, and still reaches the axis under the lanes.
    func testTodayLineStopsAtWholeLineBoxesInSectionLanes() throws {
        let url = ListLayoutTests.root.appendingPathComponent("fixtures/readable-label-nearest.yaml")
        let card = try LayoutFixture.card(String(decoding: try Data(contentsOf: url), as: UTF8.self))
        let scene = try CardLayout.scene(for: card, measurer: FakeTextMeasurer.interLines)
        let texts = SceneJSON(scene).texts
        let today = dashed(scene)
        XCTAssertGreaterThan(today.count, 1, "the line is broken around the labels it meets")
        let label = try XCTUnwrap(texts.first { $0.text == "Today" })
        XCTAssertEqual(today.map(\.to.y).max() ?? 0, label.y - 7, accuracy: 1, "it reaches the axis, over its label")
        let crossed = texts.filter { text in
            text.text != "Today" && today.contains { ReadabilityPropertyTests.crosses($0, text) }
        }
        XCTAssertEqual(crossed.map(\.text), [], "the Today line crosses text")
        XCTAssertTrue(
            texts.contains { $0.text == "Kickoff 0" && $0.x < today[0].from.x && $0.x + $0.width > today[0].from.x },
            "the line runs down through the column of \"Kickoff 0\", as in the golden image")
    }
}
