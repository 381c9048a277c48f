import Foundation
import TimelineModel
import XCTest

@testable import TimelineSpec

/// `sections` written as a list of `{ name, color }` (what Swift's Codable writes, since a JSON
/// object's keys have no order in Foundation): the same sections as the mapping form, and its
/// misuse reported at its place.
final class SectionListTests: XCTestCase {
    private func decode(_ yaml: String) throws -> Document {
        try DocumentDecoder().decode(Data(yaml.utf8), file: "t.yaml", format: .yaml, baseDirectory: "/tmp")
    }

    func testAListGivesTheSectionsOfTheMapping() throws {
        let list = try decode(
            "version: 1\ncards: [{ sections: [{ name: Zeta, color: teal }, { name: Alpha, color: \"#6c32a9\" }], "
                + "items: [{ title: A, section: Alpha }] }]")
        let mapping = try decode(
            "version: 1\ncards: [{ sections: { Zeta: teal, Alpha: \"#6c32a9\" }, "
                + "items: [{ title: A, section: Alpha }] }]")
        XCTAssertEqual(list.cards[0].sections.map(\.name), ["Zeta", "Alpha"])
        XCTAssertEqual(list.cards[0].sections, mapping.cards[0].sections)
        XCTAssertEqual(list.cards[0].items[0].color, Color(hex: 0x6c32a9))
    }

    func testMisuseOfTheListIsReportedAtItsPlace() {
        let yaml = """
            version: 1
            cards:
              - sections:
                  - { name: A }
                  - { name: B, color: teal, colour: red }
                  - { name: B, color: red }
                  - Design
                items: [{ title: A }]
            """
        do {
            _ = try decode(yaml)
            XCTFail("decoded")
        } catch {
            let messages = (error as? DiagnosticsError)?.diagnostics.map(\.description) ?? []
            XCTAssertEqual(messages.count, 4, "\(messages)")
            XCTAssertEqual(
                messages,
                [
                    "t.yaml:4:9: error: cards[0].sections[0]: missing required key 'color'",
                    "t.yaml:5:33: error: unknown key 'colour' in cards[0].sections[1] (did you mean 'color'?)",
                    "t.yaml:6:17: error: cards[0].sections: section 'B' is named twice",
                    "t.yaml:7:9: error: cards[0].sections[3]: expected a mapping, found a scalar",
                ])
        }
    }
}
