import CPangoCairo

/// A font's approximate character width for a language, which `LineBreaker` takes its safe
/// distance from, as Pango's `process_item` does (Pango units). Pango's own
/// (`pango_font_metrics_get_approximate_char_width`) lays out the language's sample string in a
/// layout of its own and loads every glyph's outline for its ink extents: 1.9 million
/// instructions for the two fonts of an 8-item card, a sixteenth of its run (#48). For a sample
/// string in Latin script whose every glyph the font has, the width is found here from HarfBuzz's
/// advances as Pango 1.50 finds it: each advance rounded to a whole unit (the layout's new
/// context rounds glyph positions), summed, divided by the string's characters. Any other sample
/// string is Pango's to measure (it answers 0 for the Chinese, Japanese and Korean ones in Droid
/// Sans Fallback). `ApproximateCharWidthsTests` compares the two for every bundled font.
/// Used by one thread at a time, as its measurer.
final class ApproximateCharWidths {
    /// Widths found, by font and language: a few each document, searched in order (a dictionary
    /// of a key type of its own costs the runtime's search of every conformance at its first use).
    private var known: [(font: UnsafeMutablePointer<PangoFont>, language: OpaquePointer?, width: Int)] = []
    private let buffer = hb_buffer_create()

    deinit {
        hb_buffer_destroy(buffer)
        let fonts = known.map { UnsafeMutableRawPointer($0.font) }
        TextThread.release { for font in fonts { g_object_unref(font) } }
    }

    /// The approximate character width of `font` for `language`.
    func width(of font: UnsafeMutablePointer<PangoFont>, language: OpaquePointer?) -> Int {
        if let found = known.first(where: { $0.font == font && $0.language == language }) { return found.width }
        let width = Self.shapedWidth(font, language: language, buffer: buffer) ?? Self.pangoWidth(font, language)
        // Held, so that no other font takes its address while it is known.
        g_object_ref(UnsafeMutableRawPointer(font))
        known.append((font, language, width))
        return width
    }

    /// Pango's approximate character width.
    static func pangoWidth(_ font: UnsafeMutablePointer<PangoFont>, _ language: OpaquePointer?) -> Int {
        guard let metrics = pango_font_get_metrics(font, language) else { return 0 }
        defer { pango_font_metrics_unref(metrics) }
        return Int(pango_font_metrics_get_approximate_char_width(metrics))
    }

    /// The width from the sample string's advances; nil unless the string is in Latin script,
    /// left to right, and the font has every glyph.
    static func shapedWidth(_ font: UnsafeMutablePointer<PangoFont>, language: OpaquePointer?, buffer: OpaquePointer?)
        -> Int?
    {
        guard let sample = pango_language_get_sample_string(language), let hbFont = pango_font_get_hb_font(font)
        else { return nil }
        let characters = Int(g_utf8_strlen(sample, -1))
        guard characters > 0 else { return nil }
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf8(buffer, sample, -1, 0, -1)
        hb_buffer_guess_segment_properties(buffer)
        guard hb_buffer_get_script(buffer) == HB_SCRIPT_LATIN, hb_buffer_get_direction(buffer) == HB_DIRECTION_LTR
        else { return nil }
        // As `pango_hb_shape` sets up a paragraph of one item, with the font's features.
        hb_buffer_set_language(buffer, hb_language_from_string(pango_language_to_string(language), -1))
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_buffer_set_flags(
            buffer, hb_buffer_flags_t(rawValue: HB_BUFFER_FLAG_BOT.rawValue | HB_BUFFER_FLAG_EOT.rawValue))
        var features = [hb_feature_t](repeating: hb_feature_t(), count: 32)
        var featureCount: UInt32 = 0
        features.withUnsafeMutableBufferPointer { pango_font_get_features(font, $0.baseAddress, 32, &featureCount) }
        hb_shape(hbFont, buffer, features, featureCount)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return nil }
        var width = 0
        for index in 0..<Int(count) {
            guard infos[index].codepoint != 0 else { return nil }
            // PANGO_UNITS_ROUND
            let half = Int(PANGO_SCALE) >> 1
            width += (Int(positions[index].x_advance) + half) & ~(Int(PANGO_SCALE) - 1)
        }
        return width / characters
    }
}
