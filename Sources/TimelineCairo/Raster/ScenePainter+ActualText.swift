import CCairo
import CPangoCairo

extension ScenePainter {
    /// Shows the layout's single line as `pango_cairo_show_layout` would, but each run as one
    /// cluster of its text and all its glyphs, when the line holds right-to-left text: cairo's PDF
    /// surface then marks the run with its text in logical order (`/ActualText`), which text
    /// extraction copies instead of guessing it back from the glyphs (lam-alef ligatures came out
    /// reversed, Hebrew points as spaces). Returns false, drawing nothing, for other lines.
    func showRightToLeftLineWithActualText(_ text: String, x: Double, baseline: Double) -> Bool {
        guard let (line, runs) = singleLineRuns(), runs.contains(where: { $0.item.pointee.analysis.level % 2 == 1 })
        else {
            return false
        }
        var logical = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &logical)
        var penX = Int(logical.x)
        let utf8 = Array(text.utf8)
        for run in runs {
            showWithActualText(run, of: utf8, x: x, baseline: baseline, penX: &penX)
        }
        return true
    }

    /// The layout's single line and its runs, when it has one line and Pango draws none of their
    /// glyphs as a hex box; else nil.
    private func singleLineRuns() -> (line: UnsafeMutablePointer<PangoLayoutLine>, runs: [PangoGlyphItem])? {
        guard pango_layout_get_line_count(layout) == 1, let line = pango_layout_get_line_readonly(layout, 0) else {
            return nil
        }
        var runs: [PangoGlyphItem] = []
        var list = line.pointee.runs
        while let node = list {
            list = node.pointee.next
            guard let data = node.pointee.data else { continue }
            let run = data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
            guard let item = run.item, let glyphs = run.glyphs, item.pointee.analysis.font != nil,
                !ShapedLine.hasUnknownGlyph(glyphs)
            else { return nil }
            runs.append(run)
        }
        return (line, runs)
    }

    /// One run of the line's text (`utf8`) shown as one cluster of all its glyphs, starting at
    /// `penX` (Pango units from `x`), which moves on by the run's width.
    private func showWithActualText(
        _ run: PangoGlyphItem, of utf8: [UInt8], x: Double, baseline: Double, penX: inout Int
    ) {
        guard let item = run.item, let string = run.glyphs, let font = item.pointee.analysis.font else { return }
        // No unknown glyphs here (`singleLineRuns`).
        var glyphs: [cairo_glyph_t]
        (glyphs, penX) = Self.cairoGlyphs(string.pointee, x: x, pen: penX, baseline: baseline)
        let start = Int(item.pointee.offset)
        let end = min(utf8.count, start + Int(item.pointee.length))
        guard !glyphs.isEmpty, start < end else { return }
        var runText = Array(utf8[start..<end])
        if item.pointee.analysis.level % 2 == 1 {
            // In the order the glyphs are shown: poppler puts extracted right-to-left text
            // back into logical order itself, and reversed text in logical order.
            let scalars = String(decoding: runText, as: UTF8.self).unicodeScalars.reversed()
            runText = Array(String(String.UnicodeScalarView(scalars)).utf8)
        }
        guard let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else { return }
        glyphDrift?.correct(&glyphs, font: font, scaledFont: scaledFont)
        cairo_set_scaled_font(cr, scaledFont)
        var cluster = cairo_text_cluster_t(num_bytes: Int32(runText.count), num_glyphs: Int32(glyphs.count))
        runText.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cairo_show_text_glyphs(
                    cr, chars.baseAddress, Int32(chars.count), glyphs, Int32(glyphs.count), &cluster, 1,
                    cairo_text_cluster_flags_t(0))
            }
        }
    }

    /// PDF: the layout's single line drawn run by run as a kept line is (`showRun`), so that its
    /// glyphs are placed for the reader too. False, drawing nothing, for a line Pango must draw:
    /// several lines, right-to-left runs, or characters no font has (Pango's hex boxes).
    func showLeftToRightRuns(_ text: String, x: Double, top: Double) -> Bool {
        guard let (line, runs) = singleLineRuns() else { return false }
        var scaledFonts: [OpaquePointer] = []
        for run in runs {
            guard run.item.pointee.analysis.level % 2 == 0,
                let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(run.item.pointee.analysis.font))
            else { return false }
            scaledFonts.append(scaledFont)
        }
        var logical = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &logical)
        let unit = Double(PANGO_SCALE)
        // From the current point, as Pango's renderer and `drawKept` start (cairo keeps it in
        // fixed point): the same line gives the same bytes whichever way it was measured.
        cairo_move_to(cr, x, top)
        var originX = 0.0
        var originY = 0.0
        cairo_get_current_point(cr, &originX, &originY)
        var penX = originX + Double(logical.x) / unit
        let baseline = originY + Double(pango_layout_get_baseline(layout)) / unit
        var utf8 = text
        utf8.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                for (run, scaledFont) in zip(runs, scaledFonts) {
                    let offset = Int(run.item.pointee.offset)
                    let length = Int(run.item.pointee.length)
                    guard offset + length <= chars.count else { continue }
                    penX += showRun(
                        run.glyphs, text: chars.baseAddress.map { $0 + offset }, length: length,
                        font: run.item.pointee.analysis.font, scaledFont: scaledFont, x: penX, baseline: baseline)
                }
            }
        }
        return true
    }
}
