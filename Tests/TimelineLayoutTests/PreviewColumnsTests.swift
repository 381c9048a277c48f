import TimelineScene
import XCTest

@testable import TimelineLayout

/// The preview strip shows as many columns as fit their words, the rest under "+N more", and each
/// column's attribute and status text (fake measurer: 12-point text is 6 points a character).
final class PreviewColumnsTests: XCTestCase {
    private func placed(_ scene: Scene) -> [String] {
        scene.nodes.flatMap { node -> [String] in
            guard case .text(let text) = node else { return [] }
            return text.lines.map(\.text)
        }
    }

    func testColumnsThatWouldBreakTheirWordsGoUnderMore() throws {
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
        XCTAssertTrue(lines.contains("x"), "\(lines)")
        XCTAssertFalse(lines.contains { $0.hasSuffix("-") || $0.hasSuffix("…") }, "no word broken or cut: \(lines)")
        let more = try XCTUnwrap(lines.first { $0.hasSuffix("more") }, "\(lines)")
        let shown = lines.filter {
            ["x", "Setup", "Furniture", "Housewarming", "Networking", "Celebration"].contains($0)
        }
        XCTAssertEqual(more, "+\(6 - shown.count) more")
        XCTAssertLessThan(shown.count, 6)
        XCTAssertEqual(scene.truncations, [])
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
