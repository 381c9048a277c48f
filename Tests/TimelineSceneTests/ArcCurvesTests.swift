import CCairo
import Foundation
import TimelineScene
import XCTest

/// `Arc.curves` gives the Bézier segments `cairo_arc` draws, so that painting the scene's outlines
/// fills the pixels cairo's own arcs did.
final class ArcCurvesTests: XCTestCase {
    private func arc(_ center: Point, _ radius: Double, from startAngle: Double, to endAngle: Double) -> Arc {
        Arc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
            start: Point(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle)),
            end: Point(x: center.x + radius * cos(endAngle), y: center.y + radius * sin(endAngle)))
    }

    func testQuarterArcIsOneSegmentWithControlsAtFourThirdsTanOfAQuarterOfItsAngle() {
        let curves = arc(Point(x: 0, y: 0), 10, from: 0, to: Double.pi / 2).curves(unitsPerPoint: 1, tolerance: 0.1)
        XCTAssertEqual(curves.count, 1)
        let h = 10 * 4.0 / 3.0 * tan(Double.pi / 8)
        XCTAssertEqual(curves[0].control1.x, 10, accuracy: 1e-12)
        XCTAssertEqual(curves[0].control1.y, h, accuracy: 1e-12)
        XCTAssertEqual(curves[0].control2.x, h, accuracy: 1e-12)
        XCTAssertEqual(curves[0].control2.y, 10, accuracy: 1e-12)
        XCTAssertEqual(curves[0].end.x, 0, accuracy: 1e-12)
        XCTAssertEqual(curves[0].end.y, 10, accuracy: 1e-12)
    }

    func testWholeCircleIsHalvesSplitFinerTheLargerItIsOnTheDevice() {
        let center = Point(x: 5, y: 5)
        // Under 5.4 device units of radius a half circle is one segment within 0.1 units.
        XCTAssertEqual(Arc.circle(center: center, radius: 2).curves(unitsPerPoint: 1, tolerance: 0.1).count, 2)
        XCTAssertEqual(Arc.circle(center: center, radius: 2).curves(unitsPerPoint: 4, tolerance: 0.1).count, 4)
        // Over about 367 units a quarter is too wide: π/3.
        XCTAssertEqual(Arc.circle(center: center, radius: 200).curves(unitsPerPoint: 2, tolerance: 0.1).count, 6)
        let curves = Arc.circle(center: center, radius: 8).curves(unitsPerPoint: 2, tolerance: 0.1)
        XCTAssertEqual(curves.last?.end.x ?? 0, 13, accuracy: 1e-12)
        XCTAssertEqual(curves.last?.end.y ?? 0, 5, accuracy: 1e-12)
    }

    func testArcWithoutRadiusOrBeyondAnySplitHasNoCurves() {
        let point = arc(Point(x: 1, y: 1), 0, from: 0, to: Double.pi / 2)
        XCTAssertEqual(point.curves(unitsPerPoint: 2, tolerance: 0.1), [])
        let huge = Arc.circle(center: Point(x: 0, y: 0), radius: .infinity)
        XCTAssertEqual(huge.curves(unitsPerPoint: 1, tolerance: 0.1), [], "no endless split")
        XCTAssertEqual(Arc.circle(center: Point(x: 0, y: 0), radius: 3).curves(unitsPerPoint: 1, tolerance: 0), [])
    }

    func testCurvesAreThePathCairoArcAdds() throws {
        let surface = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 8, 8))
        defer { cairo_surface_destroy(surface) }
        let arcs = [
            (0.0, 2 * Double.pi), (-Double.pi / 2, 0), (0, Double.pi / 2), (Double.pi / 2, Double.pi),
            (Double.pi, 3 * Double.pi / 2), (0.3, 2.9), (-1, 4),
        ]
        var compared = 0
        for scale in [1.0, 1.5, 2, 3, 8] {
            for radius in [0.6, 1.04, 2.7, 8, 12.5, 40, 190, 400] {
                for (startAngle, endAngle) in arcs {
                    let cr = try XCTUnwrap(cairo_create(surface))
                    defer { cairo_destroy(cr) }
                    cairo_scale(cr, scale, scale)
                    let center = Point(x: 13.37, y: 7.25)
                    cairo_arc(cr, center.x, center.y, radius, startAngle, endAngle)
                    let expected = elements(of: cr)
                    cairo_new_path(cr)
                    let drawn = arc(center, radius, from: startAngle, to: endAngle)
                    cairo_line_to(cr, center.x + radius * cos(startAngle), center.y + radius * sin(startAngle))
                    for curve in drawn.curves(unitsPerPoint: scale, tolerance: cairo_get_tolerance(cr)) {
                        cairo_curve_to(
                            cr, curve.control1.x, curve.control1.y, curve.control2.x, curve.control2.y,
                            curve.end.x, curve.end.y)
                    }
                    XCTAssertEqual(
                        elements(of: cr), expected,
                        "radius \(radius) at scale \(scale), \(startAngle)…\(endAngle)")
                    compared += 1
                }
            }
        }
        XCTAssertEqual(compared, 280)
    }

    /// The context's path as cairo keeps it: each element's type and points.
    private func elements(of cr: OpaquePointer) -> [[Double]] {
        guard let path = cairo_copy_path(cr) else { return [] }
        defer { cairo_path_destroy(path) }
        var elements: [[Double]] = []
        var index = 0
        while index < Int(path.pointee.num_data) {
            let header = path.pointee.data[index].header
            var element = [Double(header.type.rawValue)]
            for offset in 1..<max(1, Int(header.length)) {
                element += [path.pointee.data[index + offset].point.x, path.pointee.data[index + offset].point.y]
            }
            elements.append(element)
            index += max(1, Int(header.length))
        }
        return elements
    }
}
