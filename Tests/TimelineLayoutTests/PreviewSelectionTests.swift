import Foundation
import TimelineModel
import TimelineScene
import TimelineSpec
import XCTest

@testable import TimelineLayout

/// Builders shared by the layout tests in this folder.
enum LayoutFixture {
    static func date(_ text: String) -> DateValue {
        guard let date = DocumentDecoder.parseDate(text) else {
            XCTFail("bad date \(text)")
            return DateValue(instant: 0)
        }
        return date
    }

    static func item(_ title: String, _ date: String?, _ status: Status = .open, end: String? = nil) -> Item {
        var item = Item()
        item.title = title
        item.date = date.map(Self.date)
        item.end = end.map(Self.date)
        item.status = status
        return item
    }

    /// A card decoded from YAML, the way the CLI reads it.
    static func card(_ yaml: String, index: Int = 0) throws -> Card {
        let document = try DocumentDecoder().decode(
            Data(yaml.utf8), file: "test.yaml", baseDirectory: NSTemporaryDirectory())
        return document.cards[index]
    }

    static func scene(_ yaml: String) throws -> Scene {
        try CardLayout.scene(for: try card(yaml), measurer: FakeTextMeasurer())
    }
}

final class PreviewSelectionTests: XCTestCase {
    private let now = LayoutFixture.date("2026-11-21T12:00:00Z")

    private struct Case {
        var name: String
        var items: [Item]
        var columns: Int
        var now: DateValue?
        var expected: [String]
        var todayBefore: Int?
    }

    private func item(_ title: String, _ date: String?, _ status: Status = .open) -> Item {
        LayoutFixture.item(title, date, status)
    }

    func testTodayComesAfterEveryOverdueItemAndLeftOutItemsAreCounted() {
        let items = [
            item("late today", "2026-11-21T09:00:00Z"), item("due today", "2026-11-21T16:00:00Z"),
            item("late", "2026-11-10"), item("next", "2026-11-27"), item("later", "2026-12-04"),
            item("end", "2026-12-31", .end),
        ]
        let selection = PreviewSelection.select(items: items, now: now, columns: 4)
        XCTAssertEqual(selection.items.map(\.title), ["late", "late today", "due today", "end"])
        XCTAssertEqual(selection.todayBefore, 2, "after both overdue items, even the one due earlier today")
        XCTAssertEqual(selection.hiddenCount, 2)
        XCTAssertTrue(selection.showsEnd, "the end item keeps the last column")

        let ending = PreviewSelection.select(
            items: [item("next", "2026-11-27"), item("end", "2026-12-31", .end)], now: now, columns: 4)
        XCTAssertTrue(ending.showsEnd, "the end item shows, last: the line fades toward the past")
        XCTAssertEqual(ending.hiddenCount, 0)
    }

    func testSelectionTable() {
        let cases: [Case] = [
            Case(
                name: "overdue first, oldest first, then upcoming by date",
                items: [
                    item("later", "2026-12-01"), item("late2", "2026-11-15"), item("soon", "2026-11-25"),
                    item("late1", "2026-11-10", .inProgress),
                ],
                columns: 4, now: now, expected: ["late1", "late2", "soon", "later"], todayBefore: nil),
            Case(
                name: "too many open items: the first columns win, the end item keeps the last",
                items: [
                    item("a", "2026-11-22"), item("b", "2026-11-23"), item("c", "2026-11-24"),
                    item("d", "2026-11-25"), item("end", "2026-12-31", .end),
                ],
                columns: 3, now: now, expected: ["a", "b", "end"], todayBefore: nil),
            Case(
                name: "end item keeps the last column when the rest fit",
                items: [item("end", "2026-12-31", .end), item("a", "2026-11-22"), item("b", "2026-11-23")],
                columns: 3, now: now, expected: ["a", "b", "end"], todayBefore: nil),
            Case(
                name: "the end item is shown last even when it pushes out an open item",
                items: [
                    item("a", "2026-11-22"), item("b", "2026-11-23"), item("c", "2026-11-24"),
                    item("end", "2026-12-31", .end),
                ],
                columns: 3, now: now, expected: ["a", "b", "end"], todayBefore: nil),
            Case(
                name: "the item due today is shown when overdue items would fill every column",
                items: [
                    item("late1", "2026-11-10"), item("late2", "2026-11-12"), item("late3", "2026-11-14"),
                    item("today", "2026-11-21T17:00:00Z"), item("next", "2026-11-24"),
                    item("end", "2026-12-31", .end),
                ],
                columns: 4, now: now, expected: ["late1", "late2", "today", "end"], todayBefore: 2),
            Case(
                name: "completed fill free columns, most recent chosen, shown first in date order",
                items: [
                    item("done1", "2026-10-01", .complete), item("done3", "2026-11-12", .complete),
                    item("done2", "2026-11-01", .complete), item("open", "2026-11-30"),
                ],
                columns: 3, now: now, expected: ["done2", "done3", "open"], todayBefore: nil),
            Case(
                name: "today marker before the first item not before today",
                items: [item("late", "2026-11-19"), item("today", "2026-11-21T17:00:00Z"), item("next", "2026-11-24")],
                columns: 4, now: now, expected: ["late", "today", "next"], todayBefore: 1),
            Case(
                name: "no marker when nothing is due today",
                items: [item("late", "2026-11-19"), item("next", "2026-11-24")],
                columns: 4, now: now, expected: ["late", "next"], todayBefore: nil),
            Case(
                name: "marker counts the completed columns in front",
                items: [
                    item("done", "2026-11-02", .complete), item("today", "2026-11-21T18:00:00Z"),
                    item("end", "2026-12-01", .end),
                ],
                columns: 4, now: now, expected: ["done", "today", "end"], todayBefore: 1),
            Case(
                name: "without now nothing is overdue and there is no marker",
                items: [
                    item("b", "2026-11-21T17:00:00Z"), item("a", "2026-11-10"), item("done", "2026-10-01", .complete),
                ],
                columns: 4, now: nil, expected: ["done", "a", "b"], todayBefore: nil),
            Case(
                name: "undated open items come last",
                items: [item("undated", nil), item("dated", "2026-11-30")],
                columns: 4, now: now, expected: ["dated", "undated"], todayBefore: nil),
            Case(
                name: "past milestones that cannot be overdue count as done",
                items: [item("kickoff", "2026-11-01", .start), item("open", "2026-11-28")],
                columns: 1, now: now, expected: ["open"], todayBefore: nil),
            Case(
                name: "zero columns shows nothing",
                items: [item("a", "2026-11-22")], columns: 0, now: now, expected: [], todayBefore: nil),
        ]
        for test in cases {
            let selection = PreviewSelection.select(items: test.items, now: test.now, columns: test.columns)
            XCTAssertEqual(selection.items.compactMap(\.title), test.expected, test.name)
            XCTAssertEqual(selection.todayBefore, test.todayBefore, test.name)
            XCTAssertLessThanOrEqual(selection.items.count, max(0, test.columns), test.name)
        }
    }

    func testGroupsContributeTheirChildren() {
        var group = item("group", "2026-11-01")
        group.children = [item("child late", "2026-11-11"), item("child next", "2026-11-29")]
        let selection = PreviewSelection.select(items: [group], now: now, columns: 4)
        XCTAssertEqual(selection.items.compactMap(\.title), ["child late", "child next"])
    }

    func testPreviewSceneDrawsTodayMarkerAndColumnsInsideCard() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            now: 2026-11-21T12:00:00Z
            cards:
              - layout: preview
                style: { columns: 4, width: 480 }
                items:
                  - { title: Order furniture, date: 2026-11-10 }
                  - { title: Floor plan review, date: "2026-11-21T16:00:00Z" }
                  - { title: Movers booked, date: 2026-11-27 }
                  - { title: Moving day, date: 2026-12-12, status: end }
            """)
        XCTAssertEqual(scene.description.count, 5)
        XCTAssertEqual(scene.description[1], "Today")
        XCTAssertTrue(scene.description[0].contains("overdue"))
        let markers = scene.nodes.compactMap { node -> MarkerNode? in
            if case .marker(let marker) = node { return marker } else { return nil }
        }
        XCTAssertEqual(markers.count, 4)
        let xs = markers.map(\.center.x)
        XCTAssertEqual(xs, xs.sorted())
        // Equal columns: equal steps between nodes, all on one line.
        let steps = zip(xs, xs.dropFirst()).map { $1 - $0 }
        for step in steps { XCTAssertEqual(step, steps[0], accuracy: 0.001) }
        XCTAssertEqual(Set(markers.map(\.center.y)).count, 1)
        for marker in markers {
            XCTAssertGreaterThan(marker.center.x - marker.size / 2, 0)
            XCTAssertLessThan(marker.center.x + marker.size / 2, scene.width)
        }
        let lines = scene.nodes.compactMap { node -> LineNode? in
            if case .line(let line) = node { return line } else { return nil }
        }
        // The faded main line and the Today tick between the first two nodes.
        XCTAssertTrue(lines.contains { $0.fadeTo != nil && $0.from.y == markers[0].center.y })
        let tick = try XCTUnwrap(lines.first { $0.from.x == $0.to.x })
        XCTAssertGreaterThan(tick.from.x, xs[0])
        XCTAssertLessThan(tick.from.x, xs[1])
        XCTAssertTrue(texts(scene).contains("Today"))
    }

    func testPreviewWithoutNowDoesNotCrashOrMarkToday() throws {
        // The decoder insists on `now` for previews; a Card built in Swift may still lack it.
        var card = try LayoutFixture.card(
            """
            version: 1
            now: 2026-11-21T12:00:00Z
            cards:
              - layout: preview
                items:
                  - { title: Order furniture, date: 2026-11-10 }
                  - { title: Movers booked, date: 2026-11-27 }
            """)
        card.now = nil
        let scene = try CardLayout.scene(for: card, measurer: FakeTextMeasurer())
        XCTAssertEqual(scene.description.count, 2)
        XCTAssertFalse(scene.description.contains("Today"))
        XCTAssertFalse(scene.description.contains { $0.contains("overdue") })
    }

    func testPreviewTitleIsCutToThreeLines() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            now: 2026-11-21T12:00:00Z
            cards:
              - layout: preview
                style: { columns: 4, maxTitleLines: 3 }
                items:
                  - title: A very long title that certainly needs more than three lines in a narrow preview column
                    date: 2026-11-30
            """)
        XCTAssertEqual(scene.truncations.count, 1)
        let title = scene.nodes.compactMap { node -> TextNode? in
            if case .text(let text) = node, text.lines.first?.text.hasPrefix("A very") == true {
                return text
            } else {
                return nil
            }
        }.first
        XCTAssertEqual(title?.lines.count, 3)
        XCTAssertTrue(title?.lines.last?.text.hasSuffix("…") ?? false)
    }

    private func texts(_ scene: Scene) -> [String] {
        scene.nodes.flatMap { node -> [String] in
            if case .text(let text) = node { return text.lines.map(\.text) } else { return [] }
        }
    }
}
