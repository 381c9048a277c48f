import CCairo
import Foundation
import TimelineScene

/// Draws icon files scaled into their box and clipped to their node's outline.
struct ImagePainter {
    let cr: OpaquePointer

    func paint(_ image: ImageNode, clip: () -> Void) {
        guard image.path.lowercased().hasSuffix(".png"),
              let surface = cairo_image_surface_create_from_png(image.path) else { return }
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
}
