import CCairo
import TimelineScene

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Outlines replayed on cairo: lines, and arcs as the Bézier segments `cairo_arc` would add
/// (`Arc.curves`), so that the scene's one definition of a shape fills the pixels cairo's own
/// arcs filled.
extension ScenePainter {
    /// Makes `outline` the current path.
    func setPath(_ outline: Outline) {
        cairo_new_path(cr)
        for contour in outline.contours {
            cairo_new_sub_path(cr)
            switch contour {
            case .rectangle(let rect):
                for (index, corner) in rect.clockwiseCorners.enumerated() {
                    if index == 0 {
                        cairo_move_to(cr, corner.x, corner.y)
                    } else {
                        cairo_line_to(cr, corner.x, corner.y)
                    }
                }
                cairo_close_path(cr)
            case .circle(let center, let radius):
                append(.circle(center: center, radius: radius))
            case .path(let segments, let closed):
                for (index, segment) in segments.enumerated() {
                    switch segment {
                    case .line(let point) where index == 0: cairo_move_to(cr, point.x, point.y)
                    case .line(let point): cairo_line_to(cr, point.x, point.y)
                    case .arc(let arc): append(arc)
                    }
                }
                if closed { cairo_close_path(cr) }
            }
        }
    }

    /// `cairo_arc`'s calls: a line to the arc's start (a move at a subpath's start), then its
    /// curves at the context's scale and tolerance; an arc without radius is a line to its centre.
    private func append(_ arc: Arc) {
        guard arc.radius > 0 else {
            cairo_line_to(cr, arc.center.x, arc.center.y)
            cairo_line_to(cr, arc.center.x, arc.center.y)
            return
        }
        let center = arc.center
        let radius = arc.radius
        cairo_line_to(cr, center.x + radius * cos(arc.startAngle), center.y + radius * sin(arc.startAngle))
        // The painter's contexts are scaled uniformly: the matrix's scale is its x axis's length.
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        for curve in arc.curves(unitsPerPoint: hypot(matrix.xx, matrix.yx), tolerance: cairo_get_tolerance(cr)) {
            cairo_curve_to(
                cr, curve.control1.x, curve.control1.y, curve.control2.x, curve.control2.y,
                curve.end.x, curve.end.y)
        }
    }
}
