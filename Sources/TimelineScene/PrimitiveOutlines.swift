#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every primitive's shapes, defined here once: the cairo painter and the SVG writer only draw
/// these outlines.
extension Outline {
    /// A rectangle with per-corner radii, each clamped to between 0 and half the shorter side;
    /// clockwise from the end of the top edge. Without corners it is a plain `rectangle`, unless
    /// it has no area: SVG draws no `<rect>` of width 0, where cairo strokes a line.
    public static func roundedRect(_ rect: Rect, _ corners: CornerRadii) -> Outline {
        if corners == .zero, rect.width > 0, rect.height > 0 { return Outline([.rectangle(rect)]) }
        let limit = min(rect.width, rect.height) / 2
        func clamped(_ radius: Double) -> Double { max(0, min(radius, limit)) }
        let tl = clamped(corners.topLeft)
        let tr = clamped(corners.topRight)
        let br = clamped(corners.bottomRight)
        let bl = clamped(corners.bottomLeft)
        let x = rect.x
        let y = rect.y
        let maxX = rect.maxX
        let maxY = rect.maxY
        let arcs = [
            Arc(
                center: Point(x: maxX - tr, y: y + tr), radius: tr, startAngle: -Double.pi / 2, endAngle: 0,
                start: Point(x: maxX - tr, y: y), end: Point(x: maxX, y: y + tr)),
            Arc(
                center: Point(x: maxX - br, y: maxY - br), radius: br, startAngle: 0, endAngle: Double.pi / 2,
                start: Point(x: maxX, y: maxY - br), end: Point(x: maxX - br, y: maxY)),
            Arc(
                center: Point(x: x + bl, y: maxY - bl), radius: bl, startAngle: Double.pi / 2, endAngle: Double.pi,
                start: Point(x: x + bl, y: maxY), end: Point(x: x, y: maxY - bl)),
            Arc(
                center: Point(x: x + tl, y: y + tl), radius: tl, startAngle: Double.pi, endAngle: 3 * Double.pi / 2,
                start: Point(x: x, y: y + tl), end: Point(x: x + tl, y: y)),
        ]
        return Outline([.path(arcs.map(Segment.arc), closed: true)])
    }

    /// A marker's shape of outer diameter `size` centred on `center`, `inset` inside its edge (half
    /// a stroke's width, so that the stroke stays within the size).
    public static func marker(_ shape: MarkerShape, center: Point, size: Double, inset: Double = 0) -> Outline {
        let radius = max(0.1, size / 2 - inset)
        switch shape {
        case .circle, .ring:
            return Outline([.circle(center: center, radius: radius)])
        case .square:
            let half = radius * 0.86
            return roundedRect(
                Rect(x: center.x - half, y: center.y - half, width: half * 2, height: half * 2),
                CornerRadii(all: size * 0.12))
        case .diamond:
            let corners = [
                Point(x: center.x, y: center.y - radius), Point(x: center.x + radius, y: center.y),
                Point(x: center.x, y: center.y + radius), Point(x: center.x - radius, y: center.y),
            ]
            return Outline([.path(corners.map(Segment.line), closed: true)])
        case .hexagon:
            let corners = (0..<6).map { corner in
                let angle = Double.pi / 3 * Double(corner) - Double.pi / 2
                return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            }
            return Outline([.path(corners.map(Segment.line), closed: true)])
        }
    }
}

/// One translucent outline of a box's shadow.
public struct ShadowLayer: Hashable, Sendable {
    public var outline: Outline
    public var color: RGBA

    public init(outline: Outline, color: RGBA) {
        self.outline = outline
        self.color = color
    }
}

extension BoxNode {
    public var outline: Outline { .roundedRect(rect, corners) }

    /// The shadow's outlines, outermost first: a blur approximated by stacked translucent copies
    /// of the box, each a point larger than the next, deterministic in every format.
    public var shadowLayers: [ShadowLayer] {
        guard let shadow else { return [] }
        let steps = max(1, Int(shadow.blur.rounded(.up)))
        var color = shadow.color
        color.a = UInt8(Double(shadow.color.a) / Double(steps) * 0.9)
        return (0..<steps).reversed().map { step in
            let grow = Double(step)
            let rect = Rect(
                x: rect.x + shadow.offset.x - grow, y: rect.y + shadow.offset.y - grow,
                width: rect.width + grow * 2, height: rect.height + grow * 2)
            let corners = CornerRadii(
                topLeft: corners.topLeft + grow, topRight: corners.topRight + grow,
                bottomRight: corners.bottomRight + grow, bottomLeft: corners.bottomLeft + grow)
            return ShadowLayer(outline: .roundedRect(rect, corners), color: color)
        }
    }
}

/// A mark drawn inside a marker: filled, or stroked with round caps and joins.
public struct GlyphMark: Hashable, Sendable {
    public var outline: Outline
    public var color: RGBA
    /// The stroke's width; nil for a filled mark.
    public var strokeWidth: Double?

    public init(outline: Outline, color: RGBA, strokeWidth: Double?) {
        self.outline = outline
        self.color = color
        self.strokeWidth = strokeWidth
    }
}

extension MarkerNode {
    /// The marker's shape, inset by half its stroke.
    public var outline: Outline {
        .marker(shape, center: center, size: size, inset: (stroke?.width ?? 0) / 2)
    }

    /// The glyph's marks, all within the inner room of a hollow diamond (the tightest outline);
    /// none without a glyph color.
    public var glyphMarks: [GlyphMark] {
        guard let glyph, let color = glyphColor else { return [] }
        if let points = strokedGlyphPoints(glyph) {
            let outline = Outline([.path(points.map(Outline.Segment.line), closed: false)])
            return [GlyphMark(outline: outline, color: color, strokeWidth: max(1, size * 0.13))]
        }
        return [GlyphMark(outline: filledGlyphOutline(glyph), color: color, strokeWidth: nil)]
    }

    /// A stroked glyph's points, in fractions of the size from the center; nil for a filled one.
    private func strokedGlyphPoints(_ glyph: MarkerGlyph) -> [Point]? {
        let offsets: [(Double, Double)]
        switch glyph {
        case .check: offsets = [(-0.22, 0.01), (-0.06, 0.17), (0.23, -0.15)]
        case .chevron: offsets = [(-0.06, -0.16), (0.1, 0), (-0.06, 0.16)]
        case .bar: offsets = [(0, -0.17), (0, 0.17)]
        case .dash: offsets = [(-0.18, 0), (0.18, 0)]
        case .slash: offsets = [(-0.11, 0.11), (0.11, -0.11)]
        case .ellipsis, .triangle, .block: return nil
        }
        return offsets.map { Point(x: center.x + size * $0.0, y: center.y + size * $0.1) }
    }

    /// A filled glyph's outline: the ellipsis's dots, the triangle, the block.
    private func filledGlyphOutline(_ glyph: MarkerGlyph) -> Outline {
        let s = size
        let c = center
        switch glyph {
        case .triangle:
            // Its centroid on the center: the tip reaches further right than the back goes left.
            let corners = [
                Point(x: c.x - s * 0.11, y: c.y - s * 0.16), Point(x: c.x + s * 0.2, y: c.y),
                Point(x: c.x - s * 0.11, y: c.y + s * 0.16),
            ]
            return Outline([.path(corners.map(Outline.Segment.line), closed: true)])
        case .block:
            let half = s * 0.14
            return .roundedRect(
                Rect(x: c.x - half, y: c.y - half, width: half * 2, height: half * 2), CornerRadii(all: s * 0.03))
        case .ellipsis, .check, .chevron, .bar, .dash, .slash:
            // The ellipsis (the others are stroked): one outline of three dots, as cairo fills it in
            // one pass and the goldens were drawn.
            let dots = [-0.2, 0, 0.2].map { dot in
                Outline.Contour.circle(center: Point(x: c.x + s * dot, y: c.y), radius: max(0.6, s * 0.065))
            }
            return Outline(dots)
        }
    }
}

extension ImageNode {
    /// The marker outline the icon is clipped to.
    public var clipOutline: Outline {
        .marker(clip, center: Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2), size: rect.width)
    }
}
