import TimelineModel
import TimelineScene
import XCTest

@testable import TimelineLayout

/// `theme: auto`: a card's light scene carries its dark twin's colors (merging them is
/// `SceneMergingTests`).
final class DarkPaletteTests: XCTestCase {
    func testAutoThemeCardsGetTheirDarkTwin() throws {
        let card = try LayoutFixture.card(
            """
            version: 1
            theme: auto
            style: { nodeColor: "#c0399f" }
            cards:
              - header: { title: Plan }
                items: [{ title: A }]
            """)
        let dark = try XCTUnwrap(card.darkStyle)
        XCTAssertEqual(dark.background, Color(hex: 0x1c1c1e))
        XCTAssertEqual(dark.nodeColor, Color(hex: 0xc0399f), "a color the document set is kept")
        let scene = try ThemedScene.scene(for: card, measurer: FakeTextMeasurer())
        XCTAssertFalse(scene.darkPalette.isEmpty)
        XCTAssertTrue(
            scene.darkPalette.contains {
                $0.light == RGBA(r: 255, g: 255, b: 255) && $0.dark == RGBA(r: 0x1c, g: 0x1c, b: 0x1e)
            })
    }
}
