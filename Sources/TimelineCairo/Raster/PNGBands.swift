import CCairo
import Dispatch
import TimelineScene

/// A PNG's pixels painted in horizontal bands at once, one thread each. Each band paints the
/// whole scene on a surface of its own over the same pixels, clipped to its rows: a clip on
/// whole pixels leaves the pixels inside as they were, so the bands together are the image
/// painted whole. Text is laid out once, before, on the calling thread, the one the font
/// library's Pango objects belong to; the bands fill its outlines.
enum PNGBands {
    /// Images shorter than this (in pixels) are painted whole.
    static let minimumHeight = 256

    /// Paints `scene` on `surface` in `bands` bands; returns cairo's complaint, if any.
    static func paint(
        _ scene: Scene, on surface: CairoSurface, scale: Double, fonts: FontLibrary, layout: OpaquePointer, bands: Int
    ) -> cairo_status_t {
        let outlines = TextOutlines()
        do {
            let context = CairoContext(surface: surface)
            cairo_scale(context.pointer, scale, scale)
            var painter = ScenePainter(
                cr: context.pointer, fonts: fonts, layout: layout, marksPDFStructure: false,
                background: scene.backgroundRect(scale: scale))
            painter.textAsOutlines = true
            painter.drawsKeptLines = scale == 1
            painter.collectedOutlines = outlines
            fonts.updateContext(for: context.pointer)
            for (index, node) in scene.nodes.enumerated() {
                guard case .text(let text) = node else { continue }
                outlines.node = index
                painter.paintText(text)
            }
            let status = cairo_status(context.pointer)
            guard status == CAIRO_STATUS_SUCCESS else { return status }
        }
        let shared = Shared(scene: scene, surface: surface, scale: scale, fonts: fonts, layout: layout)
        let statuses = Statuses(count: bands)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            statuses.set(band, shared.paint(band: band, of: bands, outlines: outlines))
        }
        cairo_surface_mark_dirty(surface.pointer)
        return statuses.first
    }

    /// What every band's thread reads and none writes but its own rows of pixels.
    private struct Shared: @unchecked Sendable {
        let scene: Scene
        let surface: CairoSurface
        let scale: Double
        let fonts: FontLibrary
        let layout: OpaquePointer

        func paint(band: Int, of bands: Int, outlines: TextOutlines) -> cairo_status_t {
            let width = cairo_image_surface_get_width(surface.pointer)
            let height = Int(cairo_image_surface_get_height(surface.pointer))
            let bandSurface = CairoSurface(
                cairo_image_surface_create_for_data(
                    cairo_image_surface_get_data(surface.pointer), CAIRO_FORMAT_ARGB32, width, Int32(height),
                    cairo_image_surface_get_stride(surface.pointer)))
            let context = CairoContext(surface: bandSurface)
            let top = height * band / bands
            let bottom = height * (band + 1) / bands
            cairo_rectangle(context.pointer, 0, Double(top), Double(width), Double(bottom - top))
            cairo_clip(context.pointer)
            cairo_scale(context.pointer, scale, scale)
            var painter = ScenePainter(
                cr: context.pointer, fonts: fonts, layout: layout, marksPDFStructure: false,
                background: scene.backgroundRect(scale: scale))
            painter.textAsOutlines = true
            painter.preparedOutlines = outlines
            painter.paint(scene)
            cairo_surface_flush(bandSurface.pointer)
            return cairo_status(context.pointer)
        }
    }

    /// Each band's status, written by its thread.
    private final class Statuses: @unchecked Sendable {
        private let lock = Lock()
        private var statuses: [cairo_status_t]

        init(count: Int) { statuses = Array(repeating: CAIRO_STATUS_SUCCESS, count: count) }

        func set(_ band: Int, _ status: cairo_status_t) { lock.withLock { statuses[band] = status } }

        /// The first band's failure, or success.
        var first: cairo_status_t {
            lock.withLock { statuses.first { $0 != CAIRO_STATUS_SUCCESS } ?? CAIRO_STATUS_SUCCESS }
        }
    }
}
