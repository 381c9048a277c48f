import Foundation
import TimelineScene
import XCTest

@testable import TimelineCairo

/// The scene's outlines as the formats draw them: SVG prints each contour, the PNG painter fills
/// the same clamped shapes.
final class OutlineDrawingTests: XCTestCase {
    private func opened(_ outline: Outline) -> String {
        var out = SVGBytes()
        SVGWriter.openOutline(outline, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    func testALoneRectangleOrCircleIsItsOwnElement() {
        XCTAssertEqual(
            opened(.roundedRect(Rect(x: 1, y: 2.5, width: 30, height: 4), .zero)),
            "<rect x=\"1\" y=\"2.5\" width=\"30\" height=\"4\"")
        XCTAssertEqual(
            opened(.marker(.ring, center: Point(x: 8, y: 9), size: 10, inset: 1)),
            "<circle cx=\"8\" cy=\"9\" r=\"4\"")
    }

    func testPathsPrintArcsBetweenTheirExactEndsAndSkipCornersWithoutRadius() {
        let corners = CornerRadii(topLeft: 0, topRight: 3, bottomRight: -2, bottomLeft: 9)
        XCTAssertEqual(
            opened(.roundedRect(Rect(x: 0.1, y: 0.1, width: 20, height: 10), corners)),
            "<path d=\"M17.1 0.1 A3 3 0 0 1 20.1 3.1 L20.1 10.1 L5.1 10.1 A5 5 0 0 1 0.1 5.1 L0.1 0.1 Z\"")
        XCTAssertEqual(
            opened(.marker(.diamond, center: Point(x: 5, y: 5), size: 4)),
            "<path d=\"M5 3 L7 5 L5 7 L3 5 Z\"")
    }

    /// SVG draws no `<rect>` without area, where cairo strokes a line: such a box is a path.
    func testABoxWithoutAreaIsAPathSoItsStrokeIsDrawn() {
        XCTAssertEqual(
            opened(.roundedRect(Rect(x: 3, y: 1, width: 0, height: 5), .zero)),
            "<path d=\"M3 1 L3 6 L3 6 L3 1 Z\"")
    }

    func testSeveralContoursAreOnePathAndAWholeCircleIsTwoHalves() {
        let outline = Outline([
            .circle(center: Point(x: 10, y: 10), radius: 2),
            .rectangle(Rect(x: 0, y: 0, width: 4, height: 3)),
        ])
        XCTAssertEqual(
            opened(outline),
            "<path d=\"M12 10 A2 2 0 0 1 8 10 A2 2 0 0 1 12 10 M4 0 L4 3 L0 3 L0 0 Z\"")
    }

    func testALoneStraightSegmentIsALine() {
        XCTAssertEqual(
            opened(Outline([.path([.line(Point(x: 1, y: 2)), .line(Point(x: 3, y: 4.5))], closed: false)])),
            "<line x1=\"1\" y1=\"2\" x2=\"3\" y2=\"4.5\"")
    }

    /// The ellipsis's dots are one outline, which cairo fills in one pass as the goldens were
    /// drawn (FixtureGoldenTests compares them exactly); SVG prints each dot as its own circle.
    func testEllipsisDotsAreOneMarkPrintedAsThreeCircles() throws {
        let marker = MarkerNode(
            center: Point(x: 10.3, y: 10.3), size: 15, shape: .circle, fill: nil, stroke: nil,
            glyph: .ellipsis, glyphColor: RGBA(r: 200, g: 30, b: 30))
        let renderer = SceneRenderer(fonts: try FontLibrary())
        func scene(_ nodes: [Primitive]) -> Scene {
            Scene(width: 21, height: 21, background: nil, nodes: nodes, title: "dots", description: [])
        }
        let svg = String(decoding: try renderer.render(scene([.marker(marker)]), format: .svg), as: UTF8.self)
        XCTAssertEqual(svg.components(separatedBy: "<circle ").count - 1, 3, svg)
        XCTAssertFalse(svg.contains("<path d="), svg)
        XCTAssertEqual(marker.glyphMarks.count, 1)
        XCTAssertEqual(marker.glyphMarks.first?.outline.contours.count, 3)
    }

    /// A negative corner radius is no corner in every format (given to cairo, it would be drawn
    /// around a centre outside the box).
    func testNegativeCornerRadiiFillWhatSquareCornersFill() throws {
        let renderer = SceneRenderer(fonts: try FontLibrary())
        func png(_ corners: CornerRadii) throws -> Data {
            let box = BoxNode(
                rect: Rect(x: 4.3, y: 5.6, width: 30, height: 20), corners: corners,
                fill: RGBA(r: 20, g: 90, b: 200),
                stroke: Stroke(color: RGBA(r: 0, g: 0, b: 0), width: 1.5))
            return try renderer.render(
                Scene(
                    width: 40, height: 30, background: nil, nodes: [.box(box)], title: "box",
                    description: []), format: .png)
        }
        XCTAssertEqual(try png(CornerRadii(all: -6)), try png(.zero))
        XCTAssertNotEqual(try png(CornerRadii(all: 6)), try png(.zero))
    }
}
