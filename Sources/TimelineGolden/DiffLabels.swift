import CCairo

/// The band of labels over a diff image's three panels ("expected", "difference", "actual"), so
/// that a reader of a CI artifact knows which side is which. Drawn with cairo's own text API in
/// its default sans-serif font: a diff is read, never compared, so the machine's font will do.
enum DiffLabels {
    static let height = 26

    /// `image` with the band above it; `panelWidth` and `gap` place the labels.
    static func labelled(_ image: PixelImage, panelWidth: Int, gap: Int) -> PixelImage {
        let width = image.width
        guard width > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { return image }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        cairo_set_source_rgb(cr, 0.93, 0.93, 0.93)
        cairo_paint(cr)
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, 16)
        cairo_set_source_rgb(cr, 0.15, 0.15, 0.15)
        for (index, label) in ["expected", "difference", "actual"].enumerated() {
            cairo_move_to(cr, Double(index * (panelWidth + gap) + 6), 19)
            cairo_show_text(cr, label)
        }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return image }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                // ARGB32 is a native-endian 32-bit word: B, G, R, A in memory on little-endian.
                let pixel = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) {
                    $0.pointee
                }
                let offset = (y * width + x) * 4
                rgba[offset] = UInt8((pixel >> 16) & 0xFF)
                rgba[offset + 1] = UInt8((pixel >> 8) & 0xFF)
                rgba[offset + 2] = UInt8(pixel & 0xFF)
                rgba[offset + 3] = UInt8(pixel >> 24)
            }
        }
        return PixelImage(width: width, height: height + image.height, rgba: rgba + image.rgba)
    }
}
