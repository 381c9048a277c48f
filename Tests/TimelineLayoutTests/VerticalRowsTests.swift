import TimelineModel
import TimelineScene
import XCTest

@testable import TimelineLayout

/// The list and time layouts build their rows alike; only how row tops are chosen differs.
final class VerticalRowsTests: XCTestCase {
    private func line(_ scene: Scene, _ text: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> PlacedLine
    {
        let lines = scene.nodes.flatMap { node -> [PlacedLine] in
            if case .text(let text) = node { return text.lines } else { return [] }
        }
        return try XCTUnwrap(lines.first { $0.text == text }, text, file: file, line: line)
    }

    private func markers(_ scene: Scene) -> [MarkerNode] {
        scene.nodes.compactMap { if case .marker(let marker) = $0 { return marker } else { return nil } }
    }

    /// An event label in a taller font than the title starts the row: it never reaches above it
    /// into the previous row's spacing, in either layout, and keeps the title's baseline.
    func testALabelTallerThanItsTitleStartsTheRow() throws {
        for layout in ["list", "time"] {
            let scene = try LayoutFixture.scene(
                """
                version: 1
                cards:
                  - layout: \(layout)
                    style: { titleFont: "Inter Semi-Bold 8", margins: 20, axis: none }
                    items:
                      - { title: First, event: Monday, date: 2026-11-02 }
                      - { title: Second, event: Tuesday, date: 2026-11-03 }
                """)
            let (monday, first) = (try line(scene, "Monday"), try line(scene, "First"))
            XCTAssertEqual(monday.top, 20, accuracy: 0.001, "\(layout): the label starts at the content's top")
            XCTAssertEqual(
                monday.baseline, first.baseline, accuracy: 0.001, "\(layout): label and title share a baseline")
            let tuesday = try line(scene, "Tuesday")
            // First row: label from 20 to 35; then 16 points of spacing (the time layout may add more).
            XCTAssertGreaterThanOrEqual(
                tuesday.top, 20 + 15 + 16 - 0.001, "\(layout): the second row starts after the first")
        }
    }

    /// A row without title texts (a group with only a status) centres its status on its node.
    func testAStatusWithoutATitleCentresOnTheNode() throws {
        for layout in ["list", "time"] {
            let scene = try LayoutFixture.scene(
                """
                version: 1
                cards:
                  - layout: \(layout)
                    style: { axis: none }
                    items:
                      - statusText: Pending
                        date: 2026-11-02
                        items: [{ title: Child, date: 2026-11-03 }]
                """)
            let status = try line(scene, "Pending")
            let node = try XCTUnwrap(markers(scene).first)
            XCTAssertEqual(status.top + 12 * 1.25 / 2, node.center.y, accuracy: 0.001, layout)
        }
    }

    /// An attribute pair takes halves of the column; when a half would wrap although both texts
    /// fit the line together, each gets its own width, the second after the first and the gap.
    func testAnAttributePairThatFitsTogetherIsNotWrappedInHalves() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - style: { width: 190, subtitleFont: "Inter 10" }
                items:
                  - { title: One, attribute: Work package, subAttribute: WP-12 }
                  - { title: Two, attribute: A long attribute, subAttribute: and another }
            """)
        let (first, second) = (try line(scene, "Work package"), try line(scene, "WP-12"))
        XCTAssertEqual(first.width, 60, accuracy: 0.001)
        XCTAssertEqual(second.x, first.x + first.width + 12, accuracy: 0.001)
        XCTAssertEqual(second.baseline, first.baseline, accuracy: 0.001)
        // Too long to share the line: halves, the first wrapped.
        let lines = scene.nodes.flatMap { node -> [PlacedLine] in
            if case .text(let text) = node { return text.lines } else { return [] }
        }
        let long = try XCTUnwrap(lines.first { $0.text.hasPrefix("A long") })
        let another = try XCTUnwrap(lines.first { $0.text.hasPrefix("and") })
        XCTAssertNotEqual(long.text, "A long attribute", "wrapped in its half")
        XCTAssertEqual(another.baseline, long.baseline, accuracy: 0.001)
        XCTAssertGreaterThan(another.x, long.x + long.width + 12 - 0.001)
    }

    /// Rows are measured in one batch, from their plan.
    func testRowsMeasureThroughOnePlan() throws {
        let card = try LayoutFixture.card(
            """
            version: 1
            cards:
              - items:
                  - { title: One, subtitle: Sub, attribute: A, subAttribute: B, statusText: Done, event: E }
                  - { title: Two }
            """)
        let measurer = BatchMeasuringTests.RecordingFake()
        let rows = VerticalRows(
            card: card, rows: ItemRow.flatten(card.items), labels: ["E", nil], width: 400, groupOpacity: 0.05,
            rightToLeft: false, measurer: measurer)
        XCTAssertEqual(measurer.single, [], "nothing measured alone")
        XCTAssertEqual(try XCTUnwrap(measurer.batches.last).map(\.text), ["One", "Sub", "A", "B", "E", "Done", "Two"])
        XCTAssertEqual(rows.shapes.map { $0.stack.blocks.count }, [3, 1], "title, subtitle and the pair; a title")
        XCTAssertEqual(rows.shapes[0].label?.measured.lines.first?.text, "E")
        XCTAssertEqual(rows.shapes[0].status?.blocks.first?.measured.lines.first?.text, "Done")
        XCTAssertEqual(rows.shapes[1].status?.blocks.count, 0, "a status column, empty in this row")
    }
}
