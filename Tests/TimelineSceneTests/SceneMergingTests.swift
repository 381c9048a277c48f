import TimelineScene
import XCTest

/// `Scene.merging(light:dark:)`, the palette of `theme: auto`: the light scene carries the dark
/// one's colors, one dark color per light color.
final class SceneMergingTests: XCTestCase {
    private let white = RGBA(r: 255, g: 255, b: 255), black = RGBA(r: 0, g: 0, b: 0), grey = RGBA(r: 28, g: 28, b: 30)

    private func scene(_ colors: [RGBA]) -> Scene {
        let nodes = colors.map { Primitive.box(BoxNode(rect: Rect(x: 0, y: 0, width: 1, height: 1), fill: $0)) }
        return Scene(width: 10, height: 10, background: nil, nodes: nodes, title: "t", description: [])
    }

    func testEachLightColorNamesOneDarkColor() {
        // White is the card (dark grey in dark mode) and a header's text (white in both).
        let merged = Scene.merging(light: scene([white, white, black]), dark: scene([grey, white, white]))
        let fills = merged.nodes.compactMap { if case .box(let box) = $0 { return box.fill } else { return nil } }
        XCTAssertEqual(fills[0], white)
        XCTAssertNotEqual(fills[1], white, "the second white is nudged")
        XCTAssertEqual(fills[1].b, 254)
        let palette = Dictionary(uniqueKeysWithValues: merged.darkPalette.map { ($0.light, $0.dark) })
        XCTAssertEqual(palette[white], grey)
        XCTAssertEqual(palette[black], white)
        XCTAssertEqual(merged.darkPalette.count, 3)
    }

    func testScenesThatDoNotPairUpStayLight() {
        let merged = Scene.merging(light: scene([white]), dark: scene([grey, grey]))
        XCTAssertEqual(merged.darkPalette, [])
    }
}
