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
}
