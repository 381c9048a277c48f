import TimelineModel
import TimelineScene
import XCTest

@testable import TimelineLayout

/// Right-to-left layout, with the fake measurer (6 points a character at 12 points): a cell
/// reading the other way from its card swaps its event and status columns; right-to-left
/// horizontal lists and preview strips run from right to left.
final class RightToLeftTests: XCTestCase {
    private func line(_ scene: Scene, _ text: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> PlacedLine
    {
        let lines = scene.nodes.flatMap { node -> [PlacedLine] in
            if case .text(let text) = node { return text.lines } else { return [] }
        }
        return try XCTUnwrap(lines.first { $0.text == text }, "no line '\(text)'", file: file, line: line)
    }

    private func markerXs(_ scene: Scene) -> [Double] {
        scene.nodes.compactMap { node in
            if case .marker(let marker) = node { return marker.center.x } else { return nil }
        }
    }

    /// A description with emphasis is placed run by run; mirroring the card moves each line whole,
    /// so its runs keep their reading order and the spaces between them.
    func testRichDescriptionKeepsItsRunOrderInAMirroredCard() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - items:
                  - { title: סקירה }
                  - { title: השקה }
                  - { title: Latin, description: "see **the** doc" }
            """)
        // Each run a piece of its own, the space between two runs in the width of the first.
        let see = try line(scene, "see ")
        let the = try line(scene, "the")
        let doc = try line(scene, " doc")
        XCTAssertEqual(see.width, 4 * 6, accuracy: 0.001, "the space after 'see' in its width")
        XCTAssertEqual(the.x, see.x + see.width, accuracy: 0.001, "'the' follows 'see' on its right")
        XCTAssertEqual(doc.x, the.x + the.width, accuracy: 0.001, "'doc' follows 'the' on its right")
        let title = try line(scene, "Latin")
        XCTAssertEqual(doc.x + doc.width, title.x + title.width, accuracy: 0.001, "flush right, as its title")
    }

    func testARightToLeftItemInALeftToRightCardSwapsItsColumns() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - items:
                  - { title: Kickoff, event: "9:00", statusText: Done }
                  - { title: סקירה, event: "10:30", statusText: Waiting }
            """)
        // The event column holds "9:00" and the swapped "Waiting" (42 points, and a point of slack).
        let waiting = try line(scene, "Waiting")
        XCTAssertEqual(
            waiting.x + waiting.width, 20 + 43, accuracy: 0.001, "the status sits in the event column, flush right")
        let nine = try line(scene, "9:00")
        XCTAssertEqual(nine.x + nine.width, 20 + 43, accuracy: 0.001, "the event column keeps one right edge")
        let label = try line(scene, "10:30")
        XCTAssertEqual(
            label.x + label.width, 460, accuracy: 0.001, "the event label sits in the status column, flush right")
        let node = try XCTUnwrap(markerXs(scene).last)
        XCTAssertEqual(node, markerXs(scene)[0], "the line stays where it is")
        XCTAssertLessThan(waiting.x + waiting.width, node)
        XCTAssertGreaterThan(try line(scene, "סקירה").x, node, "the title stays beside its node")
        XCTAssertEqual(scene.truncations, [])
    }

    func testARightToLeftItemOnATimeAxisSwapsItsColumns() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - layout: time
                style: { axis: none }
                items:
                  - { title: Kickoff, date: 2026-11-02, event: "9:00", statusText: Done }
                  - { title: סקירה, date: 2026-11-09, event: "10:30", statusText: Waiting }
            """)
        let node = try XCTUnwrap(markerXs(scene).last)
        XCTAssertEqual(node, markerXs(scene)[0], "the line stays where it is")
        let waiting = try line(scene, "Waiting")
        let label = try line(scene, "10:30")
        let done = try line(scene, "Done")
        XCTAssertLessThan(waiting.x + waiting.width, node, "the status sits in the event column")
        XCTAssertEqual(
            label.x + label.width, done.x + done.width, accuracy: 0.001,
            "the event label sits in the status column, flush right")
        XCTAssertGreaterThan(try line(scene, "סקירה").x, node, "the title stays beside its node")
    }

    func testALeftToRightItemInAMirroredCardSwapsItsColumns() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - style: { textDirection: rtl }
                items:
                  - { title: Kickoff, event: "9:00", statusText: Done }
            """)
        let node = try XCTUnwrap(markerXs(scene).first)
        XCTAssertGreaterThan(node, 240, "the card is mirrored: the line at the right")
        let status = try line(scene, "Done")
        XCTAssertGreaterThan(status.x, node, "the status takes the event column, right of the line")
        XCTAssertEqual(
            try line(scene, "9:00").x, 20, accuracy: 0.001, "the event label takes the status column, at the left")
        let title = try line(scene, "Kickoff")
        XCTAssertLessThan(title.x + title.width, node, "the title stays beside its node")
    }

    func testAFixedEventColumnWidensForTheWordsOfASwappedStatus() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - style: { eventColumnWidth: 30 }
                items:
                  - { title: Kickoff, event: "9:00", statusText: Done }
                  - { title: סקירה, event: "10:30", statusText: Waiting for approval }
            """)
        // "approval", 48 points and a point of slack, is the widest word; the column wraps at it.
        let approval = try line(scene, "approval")
        XCTAssertEqual(approval.x + approval.width, 20 + 49, accuracy: 0.001)
        XCTAssertEqual(try line(scene, "Waiting").width, 42, "whole words, wrapped")
        XCTAssertEqual(scene.truncations, [])
    }

    func testCellsKeepTheirColumnsWhenGroupedByDay() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - groupBy: day
                items:
                  - { title: Standup, date: 2026-11-02T09:00:00Z, statusText: Done }
                  - { title: סקירה, date: 2026-11-03T09:00:00Z, statusText: Planned }
            """)
        // The day's label stays in the event column: it is the day's, not the item's.
        let planned = try line(scene, "Planned")
        XCTAssertEqual(planned.x + planned.width, 460, accuracy: 0.001)
    }

    func testAnItemsTextDirectionForcesItsCell() throws {
        let card = try LayoutFixture.card(
            """
            version: 1
            cards:
              - items:
                  - { title: סקירה, textDirection: ltr, event: "9:00", statusText: Done }
                  - { title: "2.0", textDirection: rtl, event: "10:30", statusText: Ready }
                  - { title: "2.1", event: "11:00", statusText: Later }
            """)
        let rows = ItemRow.flatten(card.items)
        XCTAssertEqual(
            ReadingDirection.swapsColumns(rows, cardIsRightToLeft: false), [false, true, false],
            "forced either way; a title without letters follows its card")
        XCTAssertEqual(ReadingDirection.swapsColumns(rows, cardIsRightToLeft: true), [true, false, false])
    }

    func testItemsForcedRightToLeftCountTowardTheCardsDirection() throws {
        let card = try LayoutFixture.card(
            """
            version: 1
            cards:
              - items:
                  - { title: Plan, textDirection: rtl }
                  - { title: Build, textDirection: rtl }
                  - { title: Ship }
            """)
        XCTAssertTrue(ReadingDirection.isRightToLeft(card))
    }

    func testItemsInsideGroupsCountTowardTheCardsDirection() throws {
        let card = try LayoutFixture.card(
            """
            version: 1
            cards:
              - items:
                  - title: Phase
                    items:
                      - { title: שלב א }
                      - title: קבוצה
                        items: [{ title: בדיקה }, { title: מסירה }]
                  - { title: Ship }
            """)
        XCTAssertTrue(ReadingDirection.isRightToLeft(card), "four Hebrew titles, two Latin")
    }

    func testFirstStrongLetterIsFoundAsTheAlphabeticPropertySays() {
        let samples = (0..<0x800).compactMap(Unicode.Scalar.init) + ["\u{FB1D}", "\u{FE70}", "\u{4E2D}", "\u{1F600}"]
        for scalar in samples {
            let text = "12 \(Character(scalar))"
            let expected: Bool? =
                scalar.properties.isAlphabetic
                ? (0x0590...0x08FF).contains(scalar.value) || (0xFB1D...0xFDFF).contains(scalar.value)
                    || (0xFE70...0xFEFF).contains(scalar.value)
                : nil
            XCTAssertEqual(ReadingDirection.firstStrongIsRightToLeft(text), expected, String(scalar.value, radix: 16))
        }
    }

    func testRightToLeftHorizontalListsAndPreviewStripsRunFromTheRight() throws {
        for layout in ["direction: horizontal", "layout: preview"] {
            let scene = try LayoutFixture.scene(
                """
                version: 1
                now: 2026-11-01
                cards:
                  - \(layout)
                    title: לוח זמנים
                    items:
                      - { title: פתיחה, date: 2026-11-02 }
                      - { title: פיתוח, date: 2026-11-10 }
                      - { title: השקה, date: 2026-12-01 }
                """)
            let xs = markerXs(scene)
            XCTAssertEqual(xs.count, 3, layout)
            XCTAssertEqual(xs, xs.sorted(by: >), "\(layout): the first item at the right")
            let first = try line(scene, "פתיחה")
            XCTAssertGreaterThan(first.x, 240, layout)
        }
        let preview = try LayoutFixture.scene(
            """
            version: 1
            now: 2026-11-01
            cards:
              - layout: preview
                title: לוח זמנים
                items: [{ title: פתיחה, date: 2026-11-02 }, { title: השקה, date: 2026-12-01 }]
            """)
        let title = try line(preview, "לוח זמנים")
        XCTAssertEqual(
            title.x + title.width, 460, accuracy: 0.001, "the header's title at the right, where its reader starts")
    }
}
