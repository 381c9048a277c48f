import TimelineModel
import TimelineScene
import XCTest

@testable import TimelineLayout

/// The column plan's width rules with the fake measurer (6 points a character at 12 points, 7 at 14).
final class ColumnPlanTests: XCTestCase {
    private func texts(_ scene: Scene) -> [PlacedLine] {
        scene.nodes.flatMap { node -> [PlacedLine] in
            if case .text(let text) = node { return text.lines } else { return [] }
        }
    }

    func testEventColumnGrowsToItsWidestLabelUnlessFixed() throws {
        let yaml = { (style: String) in
            """
            version: 1
            cards:
              - style: { \(style) }
                items:
                  - { title: Kickoff, event: Tomorrow }
                  - { title: Review, event: "12/20/15" }
            """
        }
        let grown = try LayoutFixture.scene(yaml("width: 480"))
        let tomorrow = try XCTUnwrap(texts(grown).first { $0.text == "Tomorrow" })
        // 8 characters of 6 points, and a point of slack; whole, never "Tomor" + "row".
        XCTAssertEqual(tomorrow.x + tomorrow.width, 20 + 49, accuracy: 0.001)
        let fixed = try LayoutFixture.scene(yaml("width: 480, eventColumnWidth: 90"))
        let label = try XCTUnwrap(texts(fixed).first { $0.text == "Tomorrow" })
        XCTAssertEqual(label.x + label.width, 20 + 90, accuracy: 0.001)
    }

    func testALongTitleWordTakesRoomFromTheStatusColumn() throws {
        let word = String(repeating: "w", count: 50)
        let card = try LayoutFixture.card(
            """
            version: 1
            cards:
              - items:
                  - { title: \(word), statusText: Waiting for approval }
            """)
        let plan = ColumnPlan(
            style: card.style, width: 440, widestNode: 14,
            texts: .init(
                labels: [[]], statuses: [[("Waiting for approval", "Inter Medium 12")]],
                titles: [[(word, "Inter Semi-Bold 14", nil)]], levels: [0]),
            hasGroups: false, measurer: FakeTextMeasurer())
        // The status column gave 17 points, keeping its widest word ("approval", 49 points).
        XCTAssertEqual(plan.statusWidth, 50)
        let scene = try CardLayout.scene(for: card, measurer: FakeTextMeasurer())
        XCTAssertEqual(scene.truncations, [], "the word fits once the status column narrowed")
        XCTAssertEqual(scene.width, 480)
    }

    func testATooNarrowCardIsRefusedNamingTheMinimum() throws {
        let card = try LayoutFixture.card(
            """
            version: 1
            cards:
              - style: { width: 100 }
                items:
                  - { title: Overdue meeting, event: "12/20/15", statusText: Active }
            """)
        XCTAssertThrowsError(try CardLayout.scene(for: card, measurer: FakeTextMeasurer())) { error in
            let refusal = error as? WidthRefusal
            XCTAssertEqual(refusal?.width, 100)
            // Compact cells (event and status stacked with the title): node 14 + gap 14 + the text
            // column at its widest piece, the event "12/20/15" 49 (whole, not the title's 48) + margins 40.
            XCTAssertEqual(refusal?.minimum, 117)
        }
    }

    func testSlotsGiveLongWordsRoomFromShortOnes() {
        XCTAssertEqual(SlotWidths.share(100, needs: [10, 10, 60]), [20, 20, 60])
        XCTAssertEqual(SlotWidths.share(90, needs: [10, 10, 10]), [30, 30, 30])
        // Not every word fits: the slot needing no more than an even share keeps its need.
        let cut = SlotWidths.share(100, needs: [80, 40])
        XCTAssertEqual(cut[1], 40, accuracy: 0.001)
        XCTAssertEqual(cut[0], 60, accuracy: 0.001)
        XCTAssertEqual(cut.reduce(0, +), 100, accuracy: 0.001)
    }

    func testDefaultTextColorsReachContrastAndExplicitOnesAreKept() {
        let lightBand = Color(hex: 0xe5f0ff)
        XCTAssertLessThan(Color.white.contrast(with: lightBand), 1.2)
        XCTAssertGreaterThanOrEqual(Color.white.readable(on: lightBand).contrast(with: lightBand), 4.5)
        XCTAssertGreaterThanOrEqual(Color.white.readable(on: lightBand, target: 10).contrast(with: lightBand), 10)
        XCTAssertEqual(
            Color.white.readable(on: Color(hex: 0x0a6ed1)), .white, "white already reads on the default band")
        let darkFeed = Color(hex: 0x2b2b2b)
        XCTAssertGreaterThanOrEqual(Color(hex: 0x1d1d1f).readable(on: darkFeed).contrast(with: darkFeed), 4.5)
    }

    func testRightToLeftTitlesMirrorTheCardUnlessForced() throws {
        let yaml = { (direction: String) in
            """
            version: 1
            cards:
              - style: { textDirection: \(direction) }
                items:
                  - { title: סקירת עיצוב, event: "9:00", statusText: Active }
                  - { title: مراجعة التصميم }
                  - { title: Launch }
            """
        }
        XCTAssertTrue(ReadingDirection.isRightToLeft(try LayoutFixture.card(yaml("auto"))))
        XCTAssertFalse(ReadingDirection.isRightToLeft(try LayoutFixture.card(yaml("ltr"))))
        let mirrored = try LayoutFixture.scene(yaml("auto"))
        let event = try XCTUnwrap(texts(mirrored).first { $0.text == "9:00" })
        let status = try XCTUnwrap(texts(mirrored).first { $0.text == "Active" })
        XCTAssertGreaterThan(event.x, 240, "the event column is at the right")
        XCTAssertEqual(status.x, 20, accuracy: 0.001, "the status column is at the left")
    }
}
