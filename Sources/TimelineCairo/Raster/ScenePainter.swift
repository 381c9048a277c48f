import CCairo
import CPangoCairo
import TimelineScene

/// Paints a scene's primitives on a cairo context. It places nothing: every position comes from
/// the scene; text is drawn line by line exactly where layout put it.
struct ScenePainter {
    let cr: OpaquePointer
    let fonts: FontLibrary
    let layout: OpaquePointer
    /// PDF only: links as link tags in a Document structure tag, right-to-left lines marked with
    /// their text (SVG links are added as markup afterwards).
    let marksPDFStructure: Bool
    /// The whole canvas in points, which the scene's background covers.
    let background: Rect
    /// PNG fills glyph outlines as paths, exactly as an SVG viewer fills the SVG's glyph outlines,
    /// so a rasterized SVG matches the PNG; SVG and PDF keep real glyphs.
    var textAsOutlines = false
    /// PDF only: puts glyphs where a reader draws them at cairo's written widths.
    var glyphDrift: PDFGlyphDrift?

    func paint(_ scene: Scene) {
        if let color = scene.background {
            setColor(color)
            cairo_rectangle(cr, background.x, background.y, background.width, background.height)
            cairo_fill(cr)
        }
        fonts.updateContext(for: cr)
        // cairo 1.16 numbers a structure element for every link but writes the structure tree
        // only when a structure tag encloses them: without one, the PDF points at missing objects.
        if marksPDFStructure { cairo_tag_begin(cr, "Document", nil) }
        defer { if marksPDFStructure { cairo_tag_end(cr, "Document") } }
        let images = ImagePainter(cr: cr, icons: scene.icons, vectorSVG: !marksPDFStructure)
        for node in scene.nodes {
            if case .text = node {} else { glyphDrift?.restart() }
            switch node {
            case .box(let box): paintBox(box)
            case .line(let line): paintLine(line)
            case .marker(let marker): paintMarker(marker)
            case .text(let text):
                paintText(text)
                paintEmoji(text)
            case .image(let image):
                images.paint(image, clip: { setPath(image.clipOutline) })
            case .link(let link): paintLink(link)
            }
        }
    }

    func setColor(_ color: RGBA) {
        cairo_set_source_rgba(
            cr, Double(color.r) / 255, Double(color.g) / 255, Double(color.b) / 255, Double(color.a) / 255)
    }

    private func paintBox(_ box: BoxNode) {
        for layer in box.shadowLayers {
            setColor(layer.color)
            setPath(layer.outline)
            cairo_fill(cr)
        }
        setPath(box.outline)
        if let fill = box.fill {
            setColor(fill)
            if box.stroke != nil { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
        }
        if let stroke = box.stroke {
            applyStroke(stroke)
            cairo_stroke(cr)
        }
    }

    private func applyStroke(_ stroke: Stroke) {
        setColor(stroke.color)
        cairo_set_line_width(cr, stroke.width)
        stroke.dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
    }

    private func paintLine(_ line: LineNode) {
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        applyStroke(line.stroke)
        if let fade = line.fadeTo {
            let gradient = cairo_pattern_create_linear(line.from.x, line.from.y, line.to.x, line.to.y)
            let start = line.stroke.color
            cairo_pattern_add_color_stop_rgba(
                gradient, 0, Double(start.r) / 255, Double(start.g) / 255, Double(start.b) / 255, Double(start.a) / 255)
            cairo_pattern_add_color_stop_rgba(
                gradient, 1, Double(fade.r) / 255, Double(fade.g) / 255, Double(fade.b) / 255, Double(fade.a) / 255)
            cairo_set_source(cr, gradient)
            cairo_pattern_destroy(gradient)
        }
        setPath(line.outline)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    private func paintMarker(_ marker: MarkerNode) {
        setPath(marker.outline)
        if let fill = marker.fill {
            setColor(fill)
            cairo_fill_preserve(cr)
        }
        if let stroke = marker.stroke {
            applyStroke(stroke)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke(cr)
        }
        cairo_new_path(cr)
        for mark in marker.glyphMarks {
            setColor(mark.color)
            if let width = mark.strokeWidth {
                cairo_set_line_width(cr, width)
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                setPath(mark.outline)
                cairo_stroke(cr)
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
            } else {
                setPath(mark.outline)
                cairo_fill(cr)
            }
        }
    }

    private func paintText(_ text: TextNode) {
        setColor(text.color)
        let color = text.color
        glyphDrift?.setColor((Double(color.r), Double(color.g), Double(color.b), Double(color.a)))
        for line in text.lines where !line.text.isEmpty {
            if drawsKeptLines, let glyphs = line.glyphs,
                textAsOutlines || (glyphs.runs.count == 1 && glyphs.isLeftToRight)
            {
                drawRuns(glyphs, line: line)
            } else if textAsOutlines, shapesInPlace, let shaped = shapedInPlace(line.text, font: text.font) {
                drawKept(shaped, line: line, font: text.font)
            } else {
                let origin = layOut(line, font: text.font)
                if !textAsOutlines, marksPDFStructure,
                    showRightToLeftLineWithActualText(line.text, x: line.x, baseline: line.baseline)
                        || showLeftToRightRuns(line.text, x: origin.x, top: origin.y)
                {
                    continue
                }
                drawLaidOut(at: origin)
                glyphDrift?.restart()
            }
        }
    }

    /// Whether a PNG's lines are shaped without a layout where they can be (`shapedInPlace`), as
    /// they are measured, on every platform; off only in tests, which compare the two.
    var shapesInPlace = true

    /// A PNG's line shaped in the painter's state (its scale) as a layout of it is, without the
    /// layout: a layout also asks its fonts for their metrics (Pango shapes a sample sentence for
    /// the average character width) and for every glyph's ink extents, which at a scale new to
    /// the fonts load each glyph's outline once more. Nil where `ShapedLine` cannot stand in for a
    /// layout, or for a glyph the fonts lack (a layout draws a box for it).
    private func shapedInPlace(_ text: String, font: String) -> ShapedLine? {
        guard let attributes = fonts.itemizeAttributes(font) else { return nil }
        var bytes = text
        guard
            let shaped = bytes.withUTF8({
                ShapedLine.shape($0, text: text, context: fonts.context, attributes: attributes)
            }), !ShapedLine.hasUnknownGlyph(shaped.glyphs)
        else { return nil }
        return shaped
    }

    /// Puts the line's text in the painter's layout; returns where the layout is drawn from.
    private func layOut(_ line: PlacedLine, font: String) -> Point {
        pango_layout_set_font_description(layout, fonts.description(font))
        pango_layout_set_text(layout, line.text, -1)
        return line.layoutOrigin(ascent: Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE))
    }

    /// Draws the painter's layout with its top left at `origin`.
    private func drawLaidOut(at origin: Point) {
        cairo_move_to(cr, origin.x, origin.y)
        if textAsOutlines {
            pango_cairo_layout_path(cr, layout)
            cairo_fill(cr)
        } else {
            pango_cairo_show_layout(cr, layout)
        }
    }

    /// Whether lines are drawn from the glyphs measuring shaped: on a PDF, whose font options are
    /// those of the SVG surface text is measured on (the same fonts), at any scale (cairo scales
    /// glyph positions with the transformation); on a PNG at scale 1 only, where Pango shapes in
    /// the measuring state. At another scale a PNG's lines are shaped at that scale, as they
    /// always were: HarfBuzz's positions, rounded at that scale, move its outlines' pixels.
    var drawsKeptLines = false

    /// Moves to the top left of `line` shaped with `ascent` (Pango units) above its baseline;
    /// returns that point as cairo keeps it, which glyphs are placed from.
    private func moveToTop(of line: PlacedLine, ascent: Int32) -> (x: Double, y: Double) {
        let origin = line.layoutOrigin(ascent: Double(ascent) / Double(PANGO_SCALE))
        cairo_move_to(cr, origin.x, origin.y)
        var x = 0.0
        var y = 0.0
        cairo_get_current_point(cr, &x, &y)
        return (x, y)
    }

    /// A line's glyph runs as measuring shaped them, each drawn as `drawKept` draws a shaping:
    /// from the line's top (its ascent above the baseline), at the run's pen and baseline.
    private func drawRuns(_ glyphs: LineGlyphs, line: PlacedLine) {
        let unit = Double(PANGO_SCALE)
        let (originX, originY) = moveToTop(of: line, ascent: glyphs.ascent)
        var utf8 = line.text
        utf8.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                for run in glyphs.runs {
                    guard let font = fonts.font(named: run.face),
                        let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(font))
                    else { continue }
                    let string = run.pangoGlyphString()
                    defer { pango_glyph_string_free(string) }
                    showRun(
                        string, text: chars.baseAddress.map { $0 + Int(run.textStart) },
                        length: Int(run.textLength), font: font, scaledFont: scaledFont,
                        x: originX + Double(run.x) / unit, baseline: originY + Double(run.baseline) / unit)
                }
            }
        }
        cairo_move_to(cr, originX, originY)
    }

    /// A shaped line drawn exactly as `pango_cairo_show_layout` draws a layout of it (Pango 1.50's
    /// cairo renderer: glyphs placed from the current point, with their text and clusters so a
    /// PDF keeps the text), without laying it out again.
    private func drawKept(_ shaped: ShapedLine, line: PlacedLine, font fontName: String) {
        guard let font = shaped.item.pointee.analysis.font,
            let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(font))
        else {
            drawLaidOut(at: layOut(line, font: fontName))
            return
        }
        let unit = Double(PANGO_SCALE)
        let (originX, originY) = moveToTop(of: line, ascent: shaped.baseline)
        var utf8 = line.text
        _ = utf8.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                showRun(
                    shaped.glyphs, text: chars.baseAddress, length: Int(shaped.item.pointee.length), font: font,
                    scaledFont: scaledFont, x: originX, baseline: originY + Double(shaped.baseline) / unit)
            }
        }
        cairo_move_to(cr, originX, originY)
    }

    /// Glyphs of one left-to-right run starting at `x`, with their text (`length` bytes at `text`)
    /// in clusters so that a PDF keeps it, or filled as outlines on a PNG; returns the run's width.
    @discardableResult
    func showRun(
        _ glyphString: UnsafeMutablePointer<PangoGlyphString>, text: UnsafePointer<CChar>?, length: Int,
        font: UnsafeMutablePointer<PangoFont>, scaledFont: OpaquePointer,
        x originX: Double, baseline baseY: Double
    ) -> Double {
        let unit = Double(PANGO_SCALE)
        let string = glyphString.pointee
        let count = Int(string.num_glyphs)
        var (glyphs, position) = Self.cairoGlyphs(string, x: originX, pen: 0, baseline: baseY)
        if textAsOutlines {
            // As `pango_cairo_layout_path` and a fill draw a layout's glyphs.
            cairo_save(cr)
            cairo_set_scaled_font(cr, scaledFont)
            cairo_glyph_path(cr, glyphs, Int32(glyphs.count))
            cairo_fill(cr)
            cairo_restore(cr)
            return Double(position) / unit
        }
        // One cluster per run of glyphs sharing a cluster, empty and unknown glyphs not counted.
        var clusters: [cairo_text_cluster_t] = []
        clusters.reserveCapacity(count)
        var index = 0
        while index < count {
            let start = Int(string.log_clusters[index])
            var next = index + 1
            while next < count, Int(string.log_clusters[next]) == start { next += 1 }
            let end = next < count ? Int(string.log_clusters[next]) : length
            let drawn = (index..<next).count {
                string.glyphs[$0].glyph != SVGGlyphs.emptyGlyph && string.glyphs[$0].glyph & SVGGlyphs.unknownFlag == 0
            }
            clusters.append(cairo_text_cluster_t(num_bytes: Int32(end - start), num_glyphs: Int32(drawn)))
            index = next
        }
        glyphDrift?.correct(&glyphs, font: font, scaledFont: scaledFont)
        cairo_save(cr)
        cairo_set_scaled_font(cr, scaledFont)
        cairo_show_text_glyphs(
            cr, text, Int32(length), glyphs, Int32(glyphs.count), clusters, Int32(clusters.count),
            cairo_text_cluster_flags_t(rawValue: 0))
        cairo_restore(cr)
        return Double(position) / unit
    }

    /// The glyphs of `string` cairo draws (not empty or unknown ones), each at `x` plus `pen` and
    /// its position in Pango units, on `baseline`; and the pen after them.
    static func cairoGlyphs(_ string: PangoGlyphString, x: Double, pen: Int, baseline: Double)
        -> (glyphs: [cairo_glyph_t], pen: Int)
    {
        let unit = Double(PANGO_SCALE)
        var glyphs: [cairo_glyph_t] = []
        glyphs.reserveCapacity(Int(string.num_glyphs))
        var pen = pen
        for index in 0..<Int(string.num_glyphs) {
            let info = string.glyphs[index]
            if info.glyph != SVGGlyphs.emptyGlyph, info.glyph & SVGGlyphs.unknownFlag == 0 {
                let y = info.geometry.y_offset == 0 ? baseline : baseline + Double(info.geometry.y_offset) / unit
                glyphs.append(
                    cairo_glyph_t(
                        index: UInt(info.glyph), x: x + Double(pen + Int(info.geometry.x_offset)) / unit, y: y))
            }
            pen += Int(info.geometry.width)
        }
        return (glyphs, pen)
    }

    /// A number as cairo's tag attributes read it: plain decimals, never Swift's exponent form
    /// (`5.6e-14` made cairo refuse the tag, "invalid tag", and the PDF fail).
    static func attributeNumber(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let thousandths = (value * 1000).rounded()
        guard abs(thousandths) < 1e15 else { return "0" }
        let whole = Int(thousandths)
        let sign = whole < 0 ? "-" : ""
        let magnitude = abs(whole)
        let fraction = String(magnitude % 1000)
        return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    private func paintLink(_ link: LinkNode) {
        guard marksPDFStructure else { return }
        // Backslashes and quotes escaped for cairo's attribute string, scalar by scalar.
        var uri = ""
        for scalar in link.url.unicodeScalars {
            if scalar == "\\" || scalar == "'" { uri.unicodeScalars.append("\\") }
            uri.unicodeScalars.append(scalar)
        }
        let rect = [link.rect.x, link.rect.y, max(0, link.rect.width), max(0, link.rect.height)]
        let attributes = "uri='\(uri)' rect=[\(rect.map(Self.attributeNumber).joined(separator: " "))]"
        cairo_tag_begin(cr, CAIRO_TAG_LINK, attributes)
        cairo_tag_end(cr, CAIRO_TAG_LINK)
    }
}
