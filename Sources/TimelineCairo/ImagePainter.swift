import CCairo
import TimelineScene

/// Draws icon files (PNG through cairo, SVG through librsvg) scaled into their box, keeping their
/// aspect ratio, and clipped to their node's outline.
struct ImagePainter {
    let cr: OpaquePointer

    func paint(_ image: ImageNode, clip: () -> Void) {
        let name = image.path.lowercased()
        if name.hasSuffix(".png") {
            paintPNG(image, clip: clip)
        } else if name.hasSuffix(".svg") {
            paintSVG(image, clip: clip)
        }
    }

    private func paintPNG(_ image: ImageNode, clip: () -> Void) {
        guard let surface = cairo_image_surface_create_from_png(image.path) else { return }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return }
        let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
        guard width > 0, height > 0 else { return }
        cairo_save(cr)
        clip()
        cairo_clip(cr)
        let scale = min(image.rect.width / width, image.rect.height / height)
        cairo_translate(cr, image.rect.x + (image.rect.width - width * scale) / 2, image.rect.y + (image.rect.height - height * scale) / 2)
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// librsvg fits the document into the viewport itself, honouring its preserveAspectRatio.
    private func paintSVG(_ image: ImageNode, clip: () -> Void) {
        guard let icon = SVGIcon(path: image.path) else { return }
        cairo_save(cr)
        clip()
        cairo_clip(cr)
        icon.render(on: cr, viewport: cairo_rectangle_t(x: image.rect.x, y: image.rect.y, width: image.rect.width, height: image.rect.height))
        cairo_restore(cr)
    }
}
