import Foundation
import TimelineModel
import XCTest

@testable import TimelineSpec

/// The time layout's keys (axis, today, maxLength, legend, sections): decoded, and every misuse
/// reported at its line and column.
final class TimeKeysTests: XCTestCase {
    private func decode(_ yaml: String) throws -> Document {
        try DocumentDecoder().decode(Data(yaml.utf8), file: "t.yaml", format: .yaml, baseDirectory: "/tmp")
    }

    private func messages(_ yaml: String) -> [String] {
        do {
            _ = try decode(yaml)
            return []
        } catch {
            return (error as? DiagnosticsError)?.diagnostics.map(\.description) ?? []
        }
    }

    func testStyleKeysAndSectionsAreDecoded() throws {
        let document = try decode(
            """
            version: 1
            style: { axis: grid, today: none, maxLength: 900, legend: true }
            cards:
              - sections: { Design: "#6c32a9", Build: teal }
                items:
                  - { title: A, section: Build }
                  - { title: B, section: Later, color: red }
                  - { title: C, section: Later }
            """)
        let card = try XCTUnwrap(document.cards.first)
        XCTAssertEqual(card.style.axis, .grid)
        XCTAssertEqual(card.style.today, TodayMode.none)
        XCTAssertEqual(card.style.maxLength, 900)
        XCTAssertTrue(card.style.legend)
        XCTAssertEqual(card.sections.map(\.name), ["Design", "Build", "Later"], "named first, then as items name them")
        XCTAssertEqual(card.items[0].color, card.sections[1].color, "an item takes its section's color")
        XCTAssertEqual(card.items[1].color, Color(hex: 0xff0000), "its own color wins")
        XCTAssertEqual(card.items[2].color, card.sections[2].color)
    }

    func testAGroupsSectionIsItsChildrensUnlessTheyNameTheirOwn() throws {
        let document = try decode(
            """
            version: 1
            cards:
              - sections: { Design: "#6c32a9", Build: teal }
                items:
                  - title: Group
                    section: Design
                    items:
                      - title: Inherits
                      - title: Own
                        section: Build
                        items: [{ title: Grandchild }]
                  - title: Outside
            """)
        let card = try XCTUnwrap(document.cards.first)
        let group = card.items[0]
        let children = try XCTUnwrap(group.children)
        XCTAssertEqual(children[0].section, "Design")
        XCTAssertEqual(children[0].color, card.sections[0].color)
        XCTAssertEqual(children[1].section, "Build", "a child's own section wins")
        XCTAssertEqual(children[1].children?.first?.section, "Build", "and passes on to its children")
        XCTAssertNil(card.items[1].section, "an item outside the group keeps none")
    }

    func testMisuseIsReportedWithItsPlace() {
        let found = messages(
            """
            version: 1
            style: { axis: dots, today: never, maxLength: 10, legend: maybe }
            cards:
              - sections: { Design: purplish }
                items:
                  - { title: A, section: [x] }
            """)
        let expected = [
            ("t.yaml:2:16:", "'dots' is not one of none, ticks, grid"),
            ("t.yaml:2:29:", "'never' is not one of auto, none"),
            ("t.yaml:2:47:", "maxLength"),
            ("t.yaml:2:59:", "'maybe' is not true or false"),
            ("t.yaml:4:25:", "'purplish' is not a color"),
            ("t.yaml:6:30:", "section: expected text"),
        ]
        for (place, text) in expected {
            XCTAssertTrue(found.contains { $0.hasPrefix(place) && $0.contains(text) }, "\(place) \(text) in \(found)")
        }
    }
}
