import TimelineScene

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Outlines printed as SVG: the same contours the cairo painter replays, arcs written as SVG arcs
/// between their exact ends.
extension SVGWriter {
    /// An element drawing `outline`: a `<rect>`, a `<circle>` or a `<line>` when it is just one,
    /// else a `<path>`; the caller adds the paint and closes the tag.
    static func openOutline(_ outline: Outline, into out: inout SVGBytes) {
        if outline.contours.count == 1, case .path(let segments, closed: false) = outline.contours[0],
            segments.count == 2, case .line(let from) = segments[0], case .line(let to) = segments[1]
        {
            out.append("<line")
            out.attribute("x1", from.x)
            out.attribute("y1", from.y)
            out.attribute("x2", to.x)
            out.attribute("y2", to.y)
            return
        }
        switch outline.contours.count == 1 ? outline.contours[0] : nil {
        case .rectangle(let rect):
            out.append("<rect")
            out.attribute("x", rect.x)
            out.attribute("y", rect.y)
            out.attribute("width", rect.width)
            out.attribute("height", rect.height)
        case .circle(let center, let radius):
            out.append("<circle")
            out.attribute("cx", center.x)
            out.attribute("cy", center.y)
            out.attribute("r", radius)
        default:
            out.append("<path d=\"")
            pathData(outline, into: &out)
            out.append("\"")
        }
    }

    /// The outline as path data, contours separated by spaces.
    static func pathData(_ outline: Outline, into out: inout SVGBytes) {
        for (index, contour) in outline.contours.enumerated() {
            if index > 0 { out.append(" ") }
            switch contour {
            case .rectangle(let rect):
                for (index, corner) in rect.clockwiseCorners.enumerated() {
                    out.append(index == 0 ? "M" : " L")
                    out.point(corner.x, corner.y)
                }
                out.append(" Z")
            case .circle(let center, let radius):
                append(.circle(center: center, radius: radius), first: true, into: &out)
            case .path(let segments, let closed):
                for (position, segment) in segments.enumerated() {
                    switch segment {
                    case .line(let point):
                        out.append(position == 0 ? "M" : " L")
                        out.point(point.x, point.y)
                    case .arc(let arc):
                        append(arc, first: position == 0, into: &out)
                    }
                }
                if closed { out.append(" Z") }
            }
        }
    }

    /// A line (or a move, first in its contour) to the arc's start, then the arc; nothing more for
    /// an arc without radius.
    private static func append(_ arc: Arc, first: Bool, into out: inout SVGBytes) {
        out.append(first ? "M" : " L")
        out.point(arc.start.x, arc.start.y)
        guard arc.radius > 0 else { return }
        let sweep = arc.endAngle - arc.startAngle
        if sweep >= 2 * Double.pi {
            // An SVG arc between two equal points draws nothing: a whole turn is written as two halves.
            let middle = arc.startAngle + Double.pi
            let opposite = Point(x: arc.center.x + arc.radius * cos(middle), y: arc.center.y + arc.radius * sin(middle))
            arcTo(opposite, radius: arc.radius, large: false, into: &out)
            arcTo(arc.end, radius: arc.radius, large: false, into: &out)
        } else {
            arcTo(arc.end, radius: arc.radius, large: sweep > Double.pi, into: &out)
        }
    }

    /// ` A` to `point`, clockwise (sweep flag 1).
    private static func arcTo(_ point: Point, radius: Double, large: Bool, into out: inout SVGBytes) {
        out.append(" A")
        out.point(radius, radius)
        out.append(large ? " 0 1 1 " : " 0 0 1 ")
        out.point(point.x, point.y)
    }
}
