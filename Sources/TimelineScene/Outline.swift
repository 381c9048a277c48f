/// A shape resolved into path segments once, for every format: the cairo painter replays it, the
/// SVG writer prints it, so no format can draw a shape its own way.
public struct Outline: Hashable, Sendable {
    public var contours: [Contour]

    public init(_ contours: [Contour]) {
        self.contours = contours
    }

    /// One subpath.
    public enum Contour: Hashable, Sendable {
        /// An axis-aligned rectangle, drawn clockwise from its top-right corner (where a rounded
        /// rectangle starts too); SVG writes it as a `<rect>` with the rectangle's own numbers.
        case rectangle(Rect)
        /// A whole circle, clockwise from its rightmost point and left open, as `cairo_arc` draws
        /// it (a stroke's ends meet there without a join).
        case circle(center: Point, radius: Double)
        /// Segments from the first one's start, each joined to the one before by a straight line;
        /// `closed` joins the last point back to the first.
        case path([Segment], closed: Bool)
    }

    public enum Segment: Hashable, Sendable {
        /// A straight line to the point; a contour's first segment only moves there.
        case line(Point)
        case arc(Arc)
    }
}

/// A clockwise (y down) circular arc from `startAngle` to `endAngle` around `center`.
///
/// `start` and `end` are its ends as exact as the shape they come from: `center.y - radius` is not
/// always the edge it was computed from, and `cos(π / 2)` is not 0 in floating point. Formats that
/// draw arcs by their ends (SVG) use them; the angles give the curve (`curves`).
public struct Arc: Hashable, Sendable {
    public var center: Point
    public var radius: Double
    public var startAngle: Double
    /// At least `startAngle`.
    public var endAngle: Double
    public var start: Point
    public var end: Point

    public init(center: Point, radius: Double, startAngle: Double, endAngle: Double, start: Point, end: Point) {
        self.center = center
        self.radius = radius
        self.startAngle = startAngle
        self.endAngle = endAngle
        self.start = start
        self.end = end
    }
}

extension Arc {
    /// A whole circle as one arc, from its rightmost point clockwise back to it.
    public static func circle(center: Point, radius: Double) -> Arc {
        let rightmost = Point(x: center.x + radius, y: center.y)
        return Arc(
            center: center, radius: radius, startAngle: 0, endAngle: 2 * Double.pi, start: rightmost, end: rightmost)
    }
}
