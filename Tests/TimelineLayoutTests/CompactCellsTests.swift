import Foundation
import TimelineModel
import TimelineScene
import TimelineTestSupport
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
              - { title: Network cabling in the new building, event: "09:45 AM", statusText: Late, \
        subStatusText: 2 days }
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

/// The Today label of a card with no room left of its nodes (compact cells, no event column)
/// sits at the text column, its line broken around it, never on the timeline's own line.
final class TodayBesideCompactCellsTests: XCTestCase {
    func testTheTodayLabelKeepsOffTheTimelinesLine() throws {
        for width in [240, 600] {
            let scene = try LayoutFixture.scene(
                """
                version: 1
                now: 2026-11-12T12:00:00Z
                cards:
                  - style: { width: \(width) }
                    items:
                      - { title: Final design review, date: 2026-11-04, statusText: Late, subStatusText: 2 days }
                      - { title: Launch, date: 2026-11-20, statusText: Waiting for approval }
                """)
            let texts = SceneJSON(scene).texts
            let label = try XCTUnwrap(texts.first { $0.text == "Today" })
            let launch = try XCTUnwrap(texts.first { $0.text == "Launch" })
            let lines = scene.nodes.compactMap { node -> LineNode? in
                if case .line(let line) = node { return line } else { return nil }
            }
            // The timeline's line: the vertical one, grey, not the Today marker's.
            let axis = try XCTUnwrap(lines.first { $0.from.x == $0.to.x && $0.stroke.dash.isEmpty })
            let labelSpan = label.x...(label.x + label.width)
            XCTAssertFalse(labelSpan.contains(axis.from.x), "\(width): the label sits on the timeline's line")
            if width == 240 {
                XCTAssertEqual(label.x, launch.x, accuracy: 0.5, "at the text column, as the cells' texts")
                let dashes = lines.filter { !$0.stroke.dash.isEmpty }
                XCTAssertEqual(dashes.count, 2, "the Today line broken around its label")
            } else {
                XCTAssertLessThan(label.x + label.width, axis.from.x, "left of the nodes, where it fits")
            }
        }
    }
}

/// A list by day fits the width its refusal names, and every width from its minimum up:
/// its days took the event column whenever they fit a third of the card, even where the columns
/// then needed more than the card, so a card refused at 240 points fitted at 220.
final class DayListWidthTests: XCTestCase {
    func testADayListFitsEveryWidthFromItsMinimumUp() throws {
        // Round 417 as the property test drew it.
        var card = try LayoutFixture.card(
            """
            version: 1
            now: "2027-10-29T11:48:20Z"
            locale: fa-IR
            cards:
              - style: { width: 162, columns: 2, eventFormat: "EEEE d MMMM yyyy" }
                groupBy: day
                items:
                  - { title: "تصميم", date: "2027-10-15", \
            items: [{ title: "שחרור 0", date: "2027-10-15", status: open }, \
            { title: "إطلاق 1", date: "2027-10-17", status: complete }] }
                  - { title: "בדיקה 2", date: "2027-10-19", status: complete, \
            subStatusText: "2 d" }
                  - { title: "تصميم 3", date: "2027-10-20", status: complete, subtitle: "طراحی طراحی", \
            statusText: "שחרור" }
                  - { title: "تصميم 4", date: "2027-10-22", status: open }
                  - { title: "مراجعة 5", date: "2027-10-24", status: open, end: "2027-11-04" }
                  - { title: "إطلاق 6", date: "2027-10-26", status: open, end: "2027-10-31" }
                  - { title: "مراجعة 7", date: "2027-10-27", status: complete, subStatusText: "8 d" }
                  - { title: "בדיקה 8", date: "2027-10-29", status: end, subtitle: "تصميم طراحی" }
            """)
        var minimum: Double?
        var refusedAbove: [Int] = []
        for width in stride(from: 120, through: 480, by: PropertyRounds.step) {
            card.style.width = Double(width)
            do {
                let scene = try CardLayout.scene(for: card, measurer: FakeTextMeasurer())
                XCTAssertEqual(scene.width, Double(width), accuracy: 0.01)
                if minimum == nil { minimum = Double(width) }
            } catch {
                if minimum != nil { refusedAbove.append(width) }
                XCTAssertGreaterThan(error.minimum, Double(width), "a refusal names a wider card")
                var named = card
                named.style.width = error.minimum
                XCTAssertNoThrow(
                    try CardLayout.scene(for: named, measurer: FakeTextMeasurer()),
                    "refused at \(width), and at the \(error.minimum) it names")
            }
        }
        XCTAssertNotNil(minimum, "refused at every width")
        XCTAssertEqual(refusedAbove, [], "refused at widths above one that fitted (\(minimum ?? 0))")
    }
}
