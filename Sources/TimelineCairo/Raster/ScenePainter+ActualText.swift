import CCairo
import CPangoCairo

extension ScenePainter {
    /// Shows the layout's single line as `pango_cairo_show_layout` would, but each run as one
    /// cluster of its text and all its glyphs, when the line holds right-to-left text: cairo's PDF
    /// surface then marks the run with its text in logical order (`/ActualText`), which text
    /// extraction copies instead of guessing it back from the glyphs (lam-alef ligatures came out
    /// reversed, Hebrew points as spaces). Returns false, drawing nothing, for other lines.
    func showRightToLeftLineWithActualText(_ text: String, x: Double, baseline: Double) -> Bool {
        guard pango_layout_get_line_count(layout) == 1, let line = pango_layout_get_line_readonly(layout, 0) else { return false }
        var runs: [PangoGlyphItem] = []
        var list = line.pointee.runs
        var hasRightToLeft = false
        while let node = list {
            list = node.pointee.next
            guard let data = node.pointee.data else { continue }
            let run = data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
            guard let item = run.item, let glyphs = run.glyphs, item.pointee.analysis.font != nil else { return false }
            for index in 0..<Int(glyphs.pointee.num_glyphs) where glyphs.pointee.glyphs[index].glyph & SVGGlyphs.unknownFlag != 0 {
                return false // pango draws hex boxes for these: leave them to it
            }
            hasRightToLeft = hasRightToLeft || item.pointee.analysis.level % 2 == 1
            runs.append(run)
        }
        guard hasRightToLeft else { return false }
        var logical = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &logical)
        let unit = Double(PANGO_SCALE)
        var penX = Int(logical.x)
        let utf8 = Array(text.utf8)
        for run in runs {
            guard let item = run.item, let string = run.glyphs, let font = item.pointee.analysis.font else { continue }
            var glyphs: [cairo_glyph_t] = []
            let infos = string.pointee.glyphs
            for index in 0..<Int(string.pointee.num_glyphs) {
                guard let info = infos?[index] else { continue }
                if info.glyph != SVGGlyphs.emptyGlyph {
                    glyphs.append(cairo_glyph_t(index: UInt(info.glyph), x: x + Double(penX + Int(info.geometry.x_offset)) / unit,
                                                y: baseline + Double(info.geometry.y_offset) / unit))
                }
                penX += Int(info.geometry.width)
            }
            let start = Int(item.pointee.offset), end = min(utf8.count, start + Int(item.pointee.length))
            guard !glyphs.isEmpty, start < end else { continue }
            var runText = Array(utf8[start..<end])
            if item.pointee.analysis.level % 2 == 1 {
                // In the order the glyphs are shown: poppler puts extracted right-to-left text
                // back into logical order itself, and reversed text in logical order.
                let scalars = String(decoding: runText, as: UTF8.self).unicodeScalars.reversed()
                runText = Array(String(String.UnicodeScalarView(scalars)).utf8)
            }
            guard let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else { continue }
            glyphDrift?.correct(&glyphs, font: font, scaledFont: scaledFont)
            cairo_set_scaled_font(cr, scaledFont)
            var cluster = cairo_text_cluster_t(num_bytes: Int32(runText.count), num_glyphs: Int32(glyphs.count))
            runText.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    cairo_show_text_glyphs(cr, chars.baseAddress, Int32(chars.count), glyphs, Int32(glyphs.count), &cluster, 1,
                                           cairo_text_cluster_flags_t(0))
                }
            }
        }
        return true
    }
}
