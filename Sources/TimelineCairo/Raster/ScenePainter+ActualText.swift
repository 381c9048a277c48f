import CCairo
import CPangoCairo

extension ScenePainter {
    /// PDF: one run of a line that holds right-to-left text, shown as one cluster of its text
    /// (`text`, the run's bytes of the line) and all its glyphs, from `x` on `baseline`: cairo's
    /// PDF surface then marks the run with its text (`/ActualText`), which text extraction copies
    /// instead of guessing it back from the glyphs (lam-alef ligatures came out reversed, Hebrew
    /// points as spaces). The line's left-to-right runs are marked alike, so that a reader keeps
    /// the line's runs in the order they are drawn.
    func showWithActualText(
        _ string: UnsafeMutablePointer<PangoGlyphString>, text: UnsafeBufferPointer<CChar>, isRightToLeft: Bool,
        font: UnsafeMutablePointer<PangoFont>, scaledFont: OpaquePointer, x: Double, baseline: Double
    ) {
        var (glyphs, _) = Self.cairoGlyphs(string.pointee, x: x, pen: 0, baseline: baseline)
        guard !glyphs.isEmpty, !text.isEmpty else { return }
        var runText = Array(UnsafeRawBufferPointer(text))
        if isRightToLeft {
            // In the order the glyphs are shown: poppler puts extracted right-to-left text
            // back into logical order itself, and reversed text in logical order.
            let scalars = String(decoding: runText, as: UTF8.self).unicodeScalars.reversed()
            runText = Array(String(String.UnicodeScalarView(scalars)).utf8)
        }
        glyphDrift?.correct(&glyphs, font: font, scaledFont: scaledFont)
        cairo_save(cr)
        cairo_set_scaled_font(cr, scaledFont)
        var cluster = cairo_text_cluster_t(num_bytes: Int32(runText.count), num_glyphs: Int32(glyphs.count))
        runText.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cairo_show_text_glyphs(
                    cr, chars.baseAddress, Int32(chars.count), glyphs, Int32(glyphs.count), &cluster, 1,
                    cairo_text_cluster_flags_t(0))
            }
        }
        cairo_restore(cr)
    }
}
