import TimelineModel
import TimelineScene
import XCTest

@testable import TimelineLayout

/// Rule 2 in the preview strip (#50): the Today tick between two columns keeps clear of their
/// dates, however wide ("Tuesday 10 November 2026" fills its column), at every width.
final class PreviewTodayTickTests: XCTestCase {
    func testTheTodayTickKeepsClearOfWideDatesBesideIt() throws {
        var checked = 0
        for width in stride(from: 340, through: 900, by: 20) {
            let scene = try LayoutFixture.scene(
                """
                version: 1
                now: "2026-11-14T08:00:00Z"
                cards:
                  - layout: preview
                    style: { width: \(width), columns: 4, eventFormat: "EEEE d MMMM yyyy" }
                    items:
                      - { title: Kickoff, date: 2026-11-02, status: complete }
                      - { title: Design review, date: 2026-11-10, status: open }
                      - { title: Build, date: "2026-11-14T17:00:00Z", status: open }
                      - { title: Launch, date: 2026-11-20, status: end }
                """)
            let texts = SceneJSON(scene).texts
            let label = try XCTUnwrap(texts.first { $0.text == "Today" }, "\(width): no Today marker")
            let tick = try XCTUnwrap(
                scene.nodes.lazy.compactMap { node -> LineNode? in
                    guard case .line(let line) = node, line.stroke.color == label.color else { return nil }
                    return line
                }.first, "\(width): no tick")
            let (top, bottom) = (min(tick.from.y, tick.to.y), max(tick.from.y, tick.to.y))
            for text in texts where text.node != label.node && text.y < bottom && text.y + text.height > top {
                let gap = max(text.x - tick.from.x, tick.from.x - (text.x + text.width))
                XCTAssertGreaterThanOrEqual(gap, 3, "\(width): the tick \(gap) points from \"\(text.text)\"")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 20, "few dates beside the tick")
    }
}
