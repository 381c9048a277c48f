import TimelineModel
import TimelineScene
import XCTest

@testable import TimelineLayout

/// Rule 4 (issue #50): below the width where event, title and status fit side by side, a list's
/// cells stack them as FUITimelineCell's compact form does: the event above the title, the
/// status under it, the title with the whole text column.
final class CompactCellsTests: XCTestCase {
    private func card(width: Int) -> String {
        """
        version: 1
        cards:
          - style: { width: \(width) }
            items:
              - { title: Network cabling in the new building, event: "09:45 AM", statusText: Late, subStatusText: 2 days }
              - { title: Floor plan review, event: "11:00 AM", statusText: Waiting }
        """
    }

    private func lines(_ scene: Scene) -> [PlacedLine] {
        scene.nodes.flatMap { node -> [PlacedLine] in
            if case .text(let text) = node { return text.lines } else { return [] }
        }
    }

    func testANarrowCardStacksEventTitleAndStatusInOneColumn() throws {
        let narrow = lines(try LayoutFixture.scene(card(width: 260)))
        let event = try XCTUnwrap(narrow.first { $0.text == "09:45 AM" })
        let title = try XCTUnwrap(narrow.first { $0.text.hasPrefix("Network") })
        let status = try XCTUnwrap(narrow.first { $0.text == "Late" })
        XCTAssertEqual(event.x, title.x, accuracy: 0.5, "the event sits above the title, at its edge")
        XCTAssertEqual(status.x, title.x, accuracy: 0.5, "the status sits under the texts, at their edge")
        XCTAssertLessThan(event.baseline, title.baseline)
        XCTAssertGreaterThan(status.baseline, title.baseline)
        XCTAssertFalse(narrow.contains { $0.text.hasSuffix("-") }, "no word broken: \(narrow.map(\.text))")

        let wide = lines(try LayoutFixture.scene(card(width: 600)))
        let wideEvent = try XCTUnwrap(wide.first { $0.text == "09:45 AM" })
        let wideTitle = try XCTUnwrap(wide.first { $0.text.hasPrefix("Network") })
        let wideStatus = try XCTUnwrap(wide.first { $0.text == "Late" })
        XCTAssertLessThan(wideEvent.x + wideEvent.width, wideTitle.x, "side by side when they fit")
        XCTAssertGreaterThan(wideStatus.x, wideTitle.x + wideTitle.width)
    }
}
