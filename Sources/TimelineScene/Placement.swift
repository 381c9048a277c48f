/// Where painted things go, resolved here once as the outlines are: the cairo painter and the SVG
/// writer only consume these values.
extension Scene {
    /// The image's size in its own units (pixels for PNG, points × scale for SVG and PDF): the
    /// scene rounded up to whole points, then scaled (and rounded up again for a fractional
    /// scale). Viewers fit a fractional canvas into whole pixels and resample it, which blurs
    /// hairlines and leaves the last row half transparent; whole points first, so that a PNG is
    /// its SVG drawn at the PNG's scale.
    public func canvasSize(scale: Double) -> (width: Double, height: Double) {
        ((width.rounded(.up) * scale).rounded(.up), (height.rounded(.up) * scale).rounded(.up))
    }

    /// The background's rectangle in scene points: the whole canvas at `scale`.
    public func backgroundRect(scale: Double) -> Rect {
        let canvas = canvasSize(scale: scale)
        return Rect(x: 0, y: 0, width: canvas.width / scale, height: canvas.height / scale)
    }
}

extension Rect {
    /// The corners clockwise (y down) from the top-right one, where a rounded rectangle starts.
    public var clockwiseCorners: [Point] {
        [Point(x: maxX, y: y), Point(x: maxX, y: maxY), Point(x: x, y: maxY), Point(x: x, y: y)]
    }
}

extension LineNode {
    /// The line as an open contour of one straight segment.
    public var outline: Outline {
        Outline([.path([.line(from), .line(to)], closed: false)])
    }
}

extension PlacedLine {
    /// Where a text layout of this line is drawn from, when its baseline lies `ascent` below its
    /// top: the line's start, `ascent` above its baseline.
    public func layoutOrigin(ascent: Double) -> Point {
        Point(x: x, y: baseline - ascent)
    }
}

/// A picture scaled to fit a box keeping its aspect ratio, centred in it.
public struct ImageFit: Hashable, Sendable {
    /// The picture's top left corner.
    public var origin: Point
    /// Points per unit of the picture (a pixel of a PNG).
    public var scale: Double

    public init(origin: Point, scale: Double) {
        self.origin = origin
        self.scale = scale
    }
}

extension ImageNode {
    /// Where a picture of `width` × `height` units goes in the node's box.
    public func fit(width: Double, height: Double) -> ImageFit {
        let scale = min(rect.width / width, rect.height / height)
        return ImageFit(
            origin: Point(x: rect.x + (rect.width - width * scale) / 2, y: rect.y + (rect.height - height * scale) / 2),
            scale: scale)
    }
}
