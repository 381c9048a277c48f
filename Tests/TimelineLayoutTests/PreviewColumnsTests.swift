import TimelineScene
import XCTest

@testable import TimelineLayout

/// The preview strip shows the columns asked for (down to the narrowest text), the rest under
/// "+N more", a long title cut at two lines, and each column's attribute and status text (fake
/// measurer: 12-point text is 6 points a character).
final class PreviewColumnsTests: XCTestCase {
    private func placed(_ scene: Scene) -> [String] {
        scene.nodes.flatMap { node -> [String] in
            guard case .text(let text) = node else { return [] }
            return text.lines.map(\.text)
        }
    }

    func testColumnsAreHonouredAndALongTitleIsCutAtTwoLines() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            now: 2026-11-21T12:00:00Z
            cards:
              - layout: preview
                style: { width: 520, columns: 4 }
                items:
                  - { title: x, date: 2026-11-22 }
                  - { title: Zuschlagserteilung der Generalunternehmerleistungen für den Neubau Nord, date: 2026-11-23 }
                  - { title: Furniture, date: 2026-11-24 }
                  - { title: Housewarming, date: 2026-11-26 }
                  - { title: Project end, date: 2026-11-30, status: end }
            """)
        let lines = placed(scene)
        let titles = ["x", "Furniture", "Project end"]
        XCTAssertTrue(titles.allSatisfy(lines.contains), "every column shown: \(lines)")
        XCTAssertEqual(lines.first { $0.hasSuffix("more") }, "+1 more", "\(lines)")
        let cut = lines.filter { $0.hasPrefix("Zuschlag") || $0.hasSuffix("…") }
        XCTAssertFalse(cut.isEmpty, "\(lines)")
        XCTAssertEqual(
            scene.truncations.map(\.text), ["Zuschlagserteilung der Generalunternehmerleistungen für den Neubau Nord"])
    }

    func testColumnsNarrowerThanTheNarrowestTextAreNotAsked() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            now: 2026-11-21T12:00:00Z
            cards:
              - layout: preview
                style: { width: 320, columns: 6 }
                items:
                  - { title: x, date: 2026-11-22 }
                  - { title: Setup, date: 2026-11-23 }
                  - { title: Furniture, date: 2026-11-24 }
                  - { title: Housewarming, date: 2026-11-26 }
                  - { title: Networking, date: 2026-11-29 }
                  - { title: Celebration, date: 2026-11-30 }
            """)
        let lines = placed(scene)
        // The card's 280 points of content hold three columns of at least 72 points of text and an
        // 8-point gutter.
        XCTAssertEqual(lines.first { $0.hasSuffix("more") }, "+3 more", "\(lines)")
        XCTAssertTrue(lines.contains("x") && lines.contains("Setup"), "\(lines)")
    }

    func testAColumnShowsTheAttributeAndStatusText() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            now: 2026-11-21T12:00:00Z
            cards:
              - layout: preview
                style: { width: 480, columns: 2 }
                items:
                  - { title: Cabling, date: 2026-11-22, attribute: IT, statusText: Late }
                  - { title: Keys, date: 2026-11-23 }
            """)
        let lines = placed(scene)
        XCTAssertTrue(lines.contains("IT") && lines.contains("Late"), "\(lines)")
    }
}
