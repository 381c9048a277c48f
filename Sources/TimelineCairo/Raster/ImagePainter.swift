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
    /// Icons already painted on this PDF page, by path.
    private var paintedInPDF: Set<String> = []

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
            // cairo 1.16 lists a surface painted twice on a PDF page twice in the page's
            // XObject resources (a duplicate key qpdf --check reports): a copy is an XObject of its own.
            let again = !vectorSVG && !paintedInPDF.insert(image.path).inserted
            paintSurface((again ? Self.copy(of: surface) : nil) ?? surface, at: image.fit(width: width, height: height))
        case .svg(let svg):
            // librsvg fits the document into the viewport itself, honouring its preserveAspectRatio.
            svg.render(
                on: cr,
                viewport: cairo_rectangle_t(
                    x: image.rect.x, y: image.rect.y,
                    width: image.rect.width, height: image.rect.height))
        }
        cairo_restore(cr)
    }

    /// A new image surface with `surface`'s pixels.
    private static func copy(of surface: CairoSurface) -> CairoSurface? {
        let width = cairo_image_surface_get_width(surface.pointer)
        let height = cairo_image_surface_get_height(surface.pointer)
        let copy = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height))
        guard copy.status == CAIRO_STATUS_SUCCESS else { return nil }
        let context = CairoContext(surface: copy)
        cairo_set_source_surface(context.pointer, surface.pointer, 0, 0)
        cairo_set_operator(context.pointer, CAIRO_OPERATOR_SOURCE)
        cairo_paint(context.pointer)
        cairo_surface_flush(copy.pointer)
        return copy
    }

    /// Pixels placed as the scene fits them.
    private func paintSurface(_ surface: CairoSurface, at fit: ImageFit) {
        cairo_translate(cr, fit.origin.x, fit.origin.y)
        cairo_scale(cr, fit.scale, fit.scale)
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
