import Foundation
import TimelineScene
import XCTest

/// The outline builders: the one definition of every shape both the cairo painter and the SVG
/// writer draw.
final class OutlineBuilderTests: XCTestCase {
    private func arcs(_ outline: Outline, file: StaticString = #filePath, line: UInt = #line) -> [Arc] {
        guard outline.contours.count == 1, case .path(let segments, let closed) = outline.contours[0] else {
            XCTFail("expected one path contour, got \(outline.contours)", file: file, line: line)
            return []
        }
        XCTAssertTrue(closed, file: file, line: line)
        return segments.compactMap { segment in
            if case .arc(let arc) = segment { return arc }
            XCTFail("expected only arcs, got \(segment)", file: file, line: line)
            return nil
        }
    }

    func testRoundedRectIsFourClockwiseQuarterArcsFromTheTopEdgesEnd() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 40)
        let corners = arcs(.roundedRect(rect, CornerRadii(topLeft: 4, topRight: 6, bottomRight: 8, bottomLeft: 10)))
        XCTAssertEqual(corners.map(\.radius), [6, 8, 10, 4])
        XCTAssertEqual(
            corners.map(\.center),
            [
                Point(x: 104, y: 26), Point(x: 102, y: 52), Point(x: 20, y: 50),
                Point(x: 14, y: 24),
            ])
        XCTAssertEqual(
            corners.map(\.start),
            [
                Point(x: 104, y: 20), Point(x: 110, y: 52), Point(x: 20, y: 60),
                Point(x: 10, y: 24),
            ])
        XCTAssertEqual(
            corners.map(\.end),
            [
                Point(x: 110, y: 26), Point(x: 102, y: 60), Point(x: 10, y: 50),
                Point(x: 14, y: 20),
            ])
        XCTAssertEqual(corners.map(\.startAngle), [-Double.pi / 2, 0, Double.pi / 2, Double.pi])
        XCTAssertEqual(corners.map(\.endAngle), [0, Double.pi / 2, Double.pi, 3 * Double.pi / 2])
    }

    func testRoundedRectEndsAreTheRectanglesOwnNumbers() {
        // (0.1 + 0.7) - 0.7 is not 0.1: an arc's ends are not computed from its centre.
        let rect = Rect(x: 0.3, y: 0.1, width: 10, height: 10)
        let corners = arcs(.roundedRect(rect, CornerRadii(all: 0.7)))
        XCTAssertEqual(corners[0].start.y, 0.1)
        XCTAssertEqual(corners[2].end.x, 0.3)
        XCTAssertEqual(corners[3].end.y, 0.1)
    }

    func testCornerRadiiAreClampedToHalfTheShorterSideAndToZero() {
        let rect = Rect(x: 0, y: 0, width: 30, height: 10)
        XCTAssertEqual(arcs(.roundedRect(rect, CornerRadii(all: 50))).map(\.radius), [5, 5, 5, 5])
        let mixed = CornerRadii(topLeft: -3, topRight: 2, bottomRight: 7, bottomLeft: 0)
        XCTAssertEqual(arcs(.roundedRect(rect, mixed)).map(\.radius), [2, 5, 0, 0])
        // A corner without radius is its corner point.
        let corner = arcs(.roundedRect(rect, mixed))[3]
        XCTAssertEqual([corner.center, corner.start, corner.end], Array(repeating: Point(x: 0, y: 0), count: 3))
    }

    func testBoxWithoutCornersIsARectangleOnlyWithAnArea() {
        let rect = Rect(x: 1, y: 2, width: 3, height: 4)
        XCTAssertEqual(Outline.roundedRect(rect, .zero), Outline([.rectangle(rect)]))
        let inverted = Rect(x: 1, y: 2, width: -3, height: 4)
        XCTAssertEqual(arcs(.roundedRect(inverted, .zero)).map(\.radius), [0, 0, 0, 0])
        let flat = Rect(x: 1, y: 2, width: 0, height: 4)
        XCTAssertEqual(
            arcs(.roundedRect(flat, .zero)).map(\.start),
            [
                Point(x: 1, y: 2), Point(x: 1, y: 6), Point(x: 1, y: 6), Point(x: 1, y: 2),
            ])
        XCTAssertEqual(BoxNode(rect: rect, fill: nil).outline, Outline([.rectangle(rect)]))
    }

    func testCircleAndRingMarkersAreCirclesInsetByHalfTheirStroke() {
        let center = Point(x: 50, y: 40)
        for shape in [MarkerShape.circle, .ring] {
            XCTAssertEqual(
                Outline.marker(shape, center: center, size: 20, inset: 1),
                Outline([.circle(center: center, radius: 9)]))
        }
        XCTAssertEqual(
            Outline.marker(.circle, center: center, size: 1, inset: 2),
            Outline([.circle(center: center, radius: 0.1)]))
        let marker = MarkerNode(
            center: center, size: 16, shape: .circle, fill: nil,
            stroke: Stroke(color: RGBA(r: 0, g: 0, b: 0), width: 3))
        XCTAssertEqual(marker.outline, Outline([.circle(center: center, radius: 6.5)]))
    }

    func testDiamondAndHexagonMarkersAreClosedPolygonsOnTheirRadius() {
        let center = Point(x: 10, y: 10)
        let diamond = [Point(x: 10, y: 6), Point(x: 14, y: 10), Point(x: 10, y: 14), Point(x: 6, y: 10)]
        XCTAssertEqual(
            Outline.marker(.diamond, center: center, size: 8),
            Outline([.path(diamond.map(Outline.Segment.line), closed: true)]))
        let hexagon = Outline.marker(.hexagon, center: center, size: 8)
        guard case .path(let segments, let closed) = hexagon.contours.first else {
            return XCTFail("a hexagon is a path")
        }
        XCTAssertTrue(closed)
        XCTAssertEqual(segments.count, 6)
        for segment in segments {
            guard case .line(let point) = segment else { return XCTFail("a hexagon has only lines") }
            XCTAssertEqual(hypot(point.x - 10, point.y - 10), 4, accuracy: 1e-12)
        }
        XCTAssertEqual(segments.first, .line(Point(x: 10, y: 6)))
    }

    func testSquareMarkerIsARoundedSquareWithinTheCircle() {
        let corners = arcs(.marker(.square, center: Point(x: 0, y: 0), size: 20))
        // Half a side is 0.86 of the radius; corners are 0.12 of the size.
        XCTAssertEqual(corners[0].start.x, 8.6 - 2.4, accuracy: 1e-12)
        XCTAssertEqual(corners[0].start.y, -8.6, accuracy: 1e-12)
        XCTAssertEqual(corners.map(\.radius), Array(repeating: 20 * 0.12, count: 4))
    }

    func testCheckGlyphIsOneRoundStrokeOfThreePoints() {
        let marker = MarkerNode(
            center: Point(x: 100, y: 100), size: 20, shape: .circle, fill: nil, stroke: nil,
            glyph: .check, glyphColor: RGBA(r: 255, g: 255, b: 255))
        let points = [
            Point(x: 100 - 20 * 0.22, y: 100 + 20 * 0.01), Point(x: 100 - 20 * 0.06, y: 100 + 20 * 0.17),
            Point(x: 100 + 20 * 0.23, y: 100 - 20 * 0.15),
        ]
        let stroke = Outline([.path(points.map(Outline.Segment.line), closed: false)])
        XCTAssertEqual(
            marker.glyphMarks,
            [
                GlyphMark(
                    outline: stroke, color: RGBA(r: 255, g: 255, b: 255),
                    strokeWidth: 20 * 0.13)
            ])
        var small = marker
        small.size = 4
        XCTAssertEqual(small.glyphMarks.first?.strokeWidth, 1)
    }

    func testEllipsisGlyphIsOneFilledOutlineOfThreeDots() {
        let color = RGBA(r: 1, g: 2, b: 3)
        let marker = MarkerNode(
            center: Point(x: 50, y: 10), size: 20, shape: .circle, fill: nil, stroke: nil,
            glyph: .ellipsis, glyphColor: color)
        let dots = [-4.0, 0, 4].map { dx in
            Outline.Contour.circle(center: Point(x: 50 + dx, y: 10), radius: 20 * 0.065)
        }
        XCTAssertEqual(marker.glyphMarks, [GlyphMark(outline: Outline(dots), color: color, strokeWidth: nil)])
        var tiny = marker
        tiny.size = 4
        XCTAssertEqual(
            tiny.glyphMarks.first?.outline.contours.first, .circle(center: Point(x: 49.2, y: 10), radius: 0.6))
        tiny.glyphColor = nil
        XCTAssertEqual(tiny.glyphMarks, [])
    }

    func testShadowIsOneGrownTranslucentLayerPerPointOfBlurOutermostFirst() {
        let box = BoxNode(
            rect: Rect(x: 10, y: 10, width: 40, height: 20), corners: CornerRadii(all: 4), fill: nil,
            shadow: ShadowPaint(
                color: RGBA(r: 0, g: 0, b: 0, a: 100), blur: 2.5,
                offset: Point(x: 0, y: 2)))
        let layers = box.shadowLayers
        XCTAssertEqual(layers.count, 3)
        XCTAssertEqual(layers.map(\.color.a), [30, 30, 30])
        XCTAssertEqual(
            layers.first?.outline,
            .roundedRect(Rect(x: 8, y: 10, width: 44, height: 24), CornerRadii(all: 6)))
        XCTAssertEqual(
            layers.last?.outline,
            .roundedRect(Rect(x: 10, y: 12, width: 40, height: 20), CornerRadii(all: 4)))
        XCTAssertEqual(BoxNode(rect: box.rect, fill: nil).shadowLayers, [])
    }

    func testIconIsClippedToItsMarkersOutlineOverItsBox() {
        let image = ImageNode(path: "icon.png", rect: Rect(x: 10, y: 20, width: 16, height: 16), clip: .diamond)
        XCTAssertEqual(image.clipOutline, .marker(.diamond, center: Point(x: 18, y: 28), size: 16))
    }
}
