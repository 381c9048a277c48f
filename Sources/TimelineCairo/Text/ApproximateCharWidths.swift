import CPangoCairo

/// Fonts' approximate character widths by language, as Pango's metrics give them: line breaking
/// asks once a wrapped text, and Pango finds and copies a font's metrics for it each time (about
/// as much work as breaking a short title). Used by one thread at a time, as its measurer.
final class ApproximateCharWidths {
    private struct Key: Hashable {
        var font: UInt
        var language: UInt
    }

    private var widths: [Key: Int32] = [:]
    /// The fonts keys name, held so that no other font takes their address.
    private var fonts: [UnsafeMutablePointer<PangoFont>] = []

    deinit {
        for font in fonts { g_object_unref(UnsafeMutableRawPointer(font)) }
    }

    /// `pango_font_metrics_get_approximate_char_width` of `font`'s metrics for `language`; nil when
    /// Pango has none.
    func width(_ font: UnsafeMutablePointer<PangoFont>, language: OpaquePointer?) -> Int32? {
        let key = Key(font: UInt(bitPattern: font), language: UInt(bitPattern: language))
        if let known = widths[key] { return known }
        guard let metrics = pango_font_get_metrics(font, language) else { return nil }
        let width = pango_font_metrics_get_approximate_char_width(metrics)
        pango_font_metrics_unref(metrics)
        if !fonts.contains(font) {
            g_object_ref(UnsafeMutableRawPointer(font))
            fonts.append(font)
        }
        widths[key] = width
        return width
    }
}
