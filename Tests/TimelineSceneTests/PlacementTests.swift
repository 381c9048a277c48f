import TimelineScene
import XCTest

/// Placements resolved once in the scene, for every format.
final class PlacementTests: XCTestCase {
    func testCanvasIsTheSceneInWholePointsThenScaledAndTheBackgroundCoversIt() {
        let scene = Scene(width: 10.2, height: 5, background: nil, nodes: [], title: "", description: [])
        XCTAssertTrue(scene.canvasSize(scale: 1.5) == (17, 7.5.rounded(.up)))
        XCTAssertEqual(scene.backgroundRect(scale: 1.5), Rect(x: 0, y: 0, width: 17 / 1.5, height: 8 / 1.5))
        XCTAssertEqual(scene.backgroundRect(scale: 1), Rect(x: 0, y: 0, width: 11, height: 5))
    }

    func testRectangleCornersRunClockwiseFromTheTopRight() {
        XCTAssertEqual(
            Rect(x: 1, y: 2, width: 3, height: 4).clockwiseCorners,
            [Point(x: 4, y: 2), Point(x: 4, y: 6), Point(x: 1, y: 6), Point(x: 1, y: 2)])
    }

    func testALineIsAnOpenContourOfOneSegment() {
        let line = LineNode(
            from: Point(x: 1, y: 2), to: Point(x: 3, y: 4), stroke: Stroke(color: RGBA(r: 0, g: 0, b: 0), width: 1))
        XCTAssertEqual(
            line.outline, Outline([.path([.line(Point(x: 1, y: 2)), .line(Point(x: 3, y: 4))], closed: false)]))
    }

    func testALayoutIsDrawnFromItsAscentAboveTheBaseline() {
        let line = PlacedLine(text: "a", x: 7, baseline: 20, width: 5)
        XCTAssertEqual(line.layoutOrigin(ascent: 12.5), Point(x: 7, y: 7.5))
    }

    func testAPictureFitsItsBoxKeepingItsAspectRatioCentred() {
        let image = ImageNode(path: "i.png", rect: Rect(x: 10, y: 20, width: 16, height: 16), clip: .circle)
        XCTAssertEqual(image.fit(width: 32, height: 16), ImageFit(origin: Point(x: 10, y: 24), scale: 0.5))
        XCTAssertEqual(image.fit(width: 8, height: 16), ImageFit(origin: Point(x: 14, y: 20), scale: 1))
    }
}
