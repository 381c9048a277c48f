import CCairo
import TimelineScene

/// Draws icons (PNG through cairo, SVG through librsvg) scaled into their box, keeping their
/// aspect ratio, and clipped to their node's outline. Each icon is decoded once per image.
final class ImagePainter {
    let cr: OpaquePointer
    private let icons: [String: IconData]
    /// SVG icons as librsvg's vectors; off for PDF, where librsvg would add the icon's own links.
    private let vectorSVG: Bool
    private var decoded: [String: DecodedIcon?] = [:]

    init(cr: OpaquePointer, icons: [String: IconData], vectorSVG: Bool) {
        self.cr = cr
        self.icons = icons
        self.vectorSVG = vectorSVG
    }

    func paint(_ image: ImageNode, clip: () -> Void) {
        guard let icon = decodedIcon(image.path) else { return }
        cairo_save(cr)
        clip()
        cairo_clip(cr)
        switch icon {
        case .png(let surface, let width, let height):
            paintSurface(surface, width: width, height: height, into: image.rect)
        case .svg(let svg):
            // librsvg fits the document into the viewport itself, honouring its preserveAspectRatio.
            svg.render(on: cr, viewport: cairo_rectangle_t(x: image.rect.x, y: image.rect.y,
                                                           width: image.rect.width, height: image.rect.height))
        }
        cairo_restore(cr)
    }

    /// Pixels scaled to fit `rect`, keeping their aspect ratio, centred.
    private func paintSurface(_ surface: CairoSurface, width: Double, height: Double, into rect: Rect) {
        let scale = min(rect.width / width, rect.height / height)
        cairo_translate(cr, rect.x + (rect.width - width * scale) / 2, rect.y + (rect.height - height * scale) / 2)
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, surface.pointer, 0, 0)
        cairo_paint(cr)
    }

    private func decodedIcon(_ path: String) -> DecodedIcon? {
        if let known = decoded[path] { return known }
        var icon: DecodedIcon?
        if let data = icons[path], case .success(let decodedIcon) = IconDecoding.decode(data) {
            if case .svg(let svg) = decodedIcon, !vectorSVG {
                let side = Double(IconDecoding.rasterSide)
                icon = IconDecoding.rasterSurface(svg).map { .png($0, width: side, height: side) }
            } else {
                icon = decodedIcon
            }
        }
        decoded[path] = .some(icon)
        return icon
    }
}
