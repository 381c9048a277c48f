#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A cubic Bézier segment from the current point.
public struct Curve: Hashable, Sendable {
    public var control1: Point
    public var control2: Point
    public var end: Point

    public init(control1: Point, control2: Point, end: Point) {
        self.control1 = control1
        self.control2 = control2
        self.end = end
    }
}

extension Arc {
    /// The Bézier segments `cairo_arc` (cairo 1.16, cairo-arc.c) draws this arc with, computed with
    /// the same operations in the same order, so that a painter drawing these curves fills the same
    /// pixels as `cairo_arc` would. Cairo splits an arc finely enough for `tolerance` device units
    /// at `unitsPerPoint` device units per scene unit (the scale of a uniformly scaled context),
    /// so the curves depend on the scale; empty for a radius of 0 or less, which draws no curve,
    /// and for one no split could reach (an infinite radius or scale, a tolerance of 0).
    public func curves(unitsPerPoint: Double, tolerance: Double) -> [Curve] {
        guard radius > 0, (radius * unitsPerPoint).isFinite, tolerance > 0 else { return [] }
        var curves: [Curve] = []
        appendCurves(
            from: startAngle, to: endAngle, majorAxis: radius * unitsPerPoint, tolerance: tolerance,
            into: &curves)
        return curves
    }

    /// Cairo's `_cairo_arc_in_direction`, forward: arcs over π in halves, each in equal steps.
    private func appendCurves(
        from first: Double, to last: Double, majorAxis: Double, tolerance: Double,
        into curves: inout [Curve]
    ) {
        if last - first > Double.pi {
            let middle = first + (last - first) / 2.0
            appendCurves(from: first, to: middle, majorAxis: majorAxis, tolerance: tolerance, into: &curves)
            appendCurves(from: middle, to: last, majorAxis: majorAxis, tolerance: tolerance, into: &curves)
        } else if last != first {
            let maxAngle = Self.maxAngle(forTolerance: tolerance / majorAxis)
            let segments = Int((abs(last - first) / maxAngle).rounded(.up))
            let step = (last - first) / Double(segments)
            var angle = first
            for _ in 0..<(segments - 1) {
                curves.append(segment(from: angle, to: angle + step))
                angle += step
            }
            curves.append(segment(from: angle, to: last))
        }
    }

    /// Cairo's `_cairo_arc_segment`: h = 4/3 tan(angle / 4) (Goldapp).
    private func segment(from angleA: Double, to angleB: Double) -> Curve {
        let rSinA = radius * sin(angleA)
        let rCosA = radius * cos(angleA)
        let rSinB = radius * sin(angleB)
        let rCosB = radius * cos(angleB)
        let h = 4.0 / 3.0 * tan((angleB - angleA) / 4.0)
        return Curve(
            control1: Point(x: center.x + rCosA - h * rSinA, y: center.y + rSinA + h * rCosA),
            control2: Point(x: center.x + rCosB + h * rSinB, y: center.y + rSinB - h * rCosB),
            end: Point(x: center.x + rCosB, y: center.y + rSinB))
    }

    /// Cairo's `_arc_max_angle_for_tolerance_normalized`: the widest angle one segment may span
    /// for an error of `tolerance` on a unit circle.
    static func maxAngle(forTolerance tolerance: Double) -> Double {
        let table: [(angle: Double, error: Double)] = [
            (Double.pi / 1.0, 0.0185185185185185036127), (Double.pi / 2.0, 0.000272567143730179811158),
            (Double.pi / 3.0, 2.38647043651461047433e-05), (Double.pi / 4.0, 4.2455377443222443279e-06),
            (Double.pi / 5.0, 1.11281001494389081528e-06), (Double.pi / 6.0, 3.72662000942734705475e-07),
            (Double.pi / 7.0, 1.47783685574284411325e-07), (Double.pi / 8.0, 6.63240432022601149057e-08),
            (Double.pi / 9.0, 3.2715520137536980553e-08), (Double.pi / 10.0, 1.73863223499021216974e-08),
            (Double.pi / 11.0, 9.81410988043554039085e-09),
        ]
        if let entry = table.first(where: { $0.error < tolerance }) { return entry.angle }
        var divisor = table.count + 1
        var angle: Double
        repeat {
            angle = Double.pi / Double(divisor)
            divisor += 1
        } while 2.0 / 27.0 * pow(sin(angle / 4), 6) / pow(cos(angle / 4), 2) > tolerance
        return angle
    }
}
