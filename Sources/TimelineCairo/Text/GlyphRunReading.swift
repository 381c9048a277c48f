import CPangoCairo
import TimelineScene

/// Shaping read into the scene's glyph runs (`LineGlyphs`), once, when a line is measured: what
/// the painters draw, so none of them shapes or looks up a text.
extension FontLibrary {
    /// The glyphs of one shaped item, its pen starting at `x` on the baseline `baseline` (Pango
    /// units from the line's top); clusters counted from the start of the line's text.
    func glyphRun(
        _ string: UnsafeMutablePointer<PangoGlyphString>, item: UnsafeMutablePointer<PangoItem>, x: Int32,
        baseline: Int32
    ) -> GlyphRun {
        let face = item.pointee.analysis.font.map { faces.name(of: $0) } ?? (name: "", size: 0)
        let offset = item.pointee.offset
        let (infos, clusters) = (string.pointee.glyphs, string.pointee.log_clusters)
        let count = infos == nil || clusters == nil ? 0 : Int(string.pointee.num_glyphs)
        return GlyphRun(
            face: face.name, size: face.size, x: x, baseline: baseline,
            isRightToLeft: item.pointee.analysis.level & 1 == 1, textStart: offset, textLength: item.pointee.length,
            count: count
        ) { index in
            let info = infos![index]
            return GlyphRun.Glyph(
                id: info.glyph, advance: info.geometry.width, xOffset: info.geometry.x_offset,
                yOffset: info.geometry.y_offset, cluster: offset + clusters![index])
        }
    }

    /// A line shaped without a layout, as one run.
    func lineGlyphs(_ line: ShapedLine) -> LineGlyphs {
        LineGlyphs(
            ascent: line.baseline,
            runs: [glyphRun(line.glyphs, item: line.item, x: line.logical.x, baseline: line.baseline)])
    }

    /// `text` laid out on its own in `font` by `layout` (unwrapped), run by run as a layout's lines
    /// give them: the shaping of a text `ShapedLine` does not stand in for (right to left, mixed
    /// fonts, fallbacks), of a line cut with an ellipsis, of a piece of a broken word.
    func laidOutGlyphs(_ text: String, font: String, layout: OpaquePointer) -> LineGlyphs {
        pango_layout_set_font_description(layout, description(font))
        // A line whose width measuring has just found in this layout (a wrapped line without its
        // trailing space, an ellipsized text) is laid out already: setting its text again would
        // lay it out again, and Pango lays out anew by itself when the font or context changed.
        if !holds(layout, text) { pango_layout_set_text(layout, text, -1) }
        let ascent = pango_layout_get_baseline(layout)
        var runs: [GlyphRun] = []
        guard let iterator = pango_layout_get_iter(layout) else { return LineGlyphs(ascent: ascent, runs: []) }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            runs += glyphRuns(of: line, x: logical.x, baseline: pango_layout_iter_get_baseline(iterator))
        } while pango_layout_iter_next_line(iterator) != 0
        pango_layout_iter_free(iterator)
        return LineGlyphs(ascent: ascent, runs: runs)
    }

    /// The runs of the only line of `layout`, a paragraph layout that did not wrap its text: what
    /// `laidOutGlyphs` reads from the text laid out on its own, where the line would start at its
    /// own left (`pango_layout_line_get_extents`), not where the paragraph's width aligns it. The
    /// layout is the one measuring laid the text out with, so the text is not laid out twice.
    func onlyLineGlyphs(of layout: OpaquePointer) -> LineGlyphs? {
        guard pango_layout_get_line_count(layout) == 1, let line = pango_layout_get_line_readonly(layout, 0) else {
            return nil
        }
        var logical = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &logical)
        let ascent = pango_layout_get_baseline(layout)
        return LineGlyphs(ascent: ascent, runs: glyphRuns(of: line, x: logical.x, baseline: ascent))
    }

    /// The runs of a laid-out `line`, in visual order, its pen starting at `x` on `baseline`.
    private func glyphRuns(of line: UnsafeMutablePointer<PangoLayoutLine>, x start: Int32, baseline: Int32)
        -> [GlyphRun]
    {
        var runs: [GlyphRun] = []
        var x = start
        var node = line.pointee.runs
        while let link = node {
            node = link.pointee.next
            guard let data = link.pointee.data else { continue }
            let run = data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
            guard let string = run.glyphs, let item = run.item else { continue }
            let read = glyphRun(string, item: item, x: x, baseline: baseline)
            x += read.width
            runs.append(read)
        }
        return runs
    }

    /// Whether `layout`'s text is `text`, as `pango_layout_set_text(layout, text, -1)` sets it (to
    /// its first NUL).
    private func holds(_ layout: OpaquePointer, _ text: String) -> Bool {
        guard let current = pango_layout_get_text(layout) else { return false }
        return text.withCString { strcmp(current, $0) == 0 }
    }
}

extension GlyphRun {
    /// The run as a Pango glyph string (owned by the caller, `pango_glyph_string_free`), its
    /// clusters counted from the run's first byte, for cairo's text clusters.
    func pangoGlyphString() -> UnsafeMutablePointer<PangoGlyphString> {
        let string = pango_glyph_string_new()!
        pango_glyph_string_set_size(string, Int32(count))
        for index in 0..<count {
            let glyph = self[index]
            var info = PangoGlyphInfo()
            info.glyph = glyph.id
            info.geometry.width = glyph.advance
            info.geometry.x_offset = glyph.xOffset
            info.geometry.y_offset = glyph.yOffset
            string.pointee.glyphs[index] = info
            string.pointee.log_clusters[index] = glyph.cluster - textStart
        }
        return string
    }
}
