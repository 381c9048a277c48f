import CCairo
import CPangoCairo
import TimelineScene

/// Paints a scene's primitives on a cairo context. It places nothing: every position comes from
/// the scene; text is drawn line by line from the glyph runs the scene carries, exactly where
/// layout put them (no text is looked up, laid out or shaped here).
struct ScenePainter {
    let cr: OpaquePointer
    let fonts: FontLibrary
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
        // cairo 1.16 numbers a structure element for every link but writes the structure tree
        // only when a structure tag encloses them: without one, the PDF points at missing objects.
        if marksPDFStructure { cairo_tag_begin(cr, "Document", nil) }
        defer { if marksPDFStructure { cairo_tag_end(cr, "Document") } }
        fonts.updateContext(for: cr)
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
        // `SceneRenderer` shapes every line a scene lacks the glyphs of before painting.
        for line in text.lines where !line.text.isEmpty {
            if let glyphs = line.glyphs { drawRuns(glyphs, line: line) }
        }
    }

    /// A line's glyph runs as measuring shaped them: the only way text is painted, in every
    /// format and at every scale (positions are in points, the transformation scales them; with
    /// hint metrics and hinting off a glyph's outline and advance do not depend on the scale).
    /// Each run is drawn from the line's top (its ascent above the baseline), at the run's pen and
    /// baseline. On a PDF a line holding right-to-left text is shown run by run with each run's
    /// text as one cluster (`showWithActualText`), any other line with its clusters (`showRun`).
    private func drawRuns(_ glyphs: LineGlyphs, line: PlacedLine) {
        let unit = Double(PANGO_SCALE)
        let origin = line.layoutOrigin(ascent: Double(glyphs.ascent) / unit)
        let actualText = marksPDFStructure && !textAsOutlines && !glyphs.isLeftToRight
        var utf8 = line.text
        utf8.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                for run in glyphs.runs {
                    guard let font = fonts.font(named: run.face),
                        let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(font))
                    else { continue }
                    let string = run.pangoGlyphString()
                    defer { pango_glyph_string_free(string) }
                    // Runs whose bytes are not the line's (a scene edited by hand) draw without text.
                    let bytes = Int(run.textStart)..<Int(run.textStart) + Int(run.textLength)
                    let text = bytes.upperBound <= chars.count ? UnsafeBufferPointer(rebasing: chars[bytes]) : nil
                    let x = origin.x + Double(run.x) / unit
                    let baseline = origin.y + Double(run.baseline) / unit
                    if actualText, let text {
                        showWithActualText(
                            string, text: text, isRightToLeft: run.isRightToLeft, font: font, scaledFont: scaledFont,
                            x: x, baseline: baseline)
                    } else {
                        showRun(
                            string, text: text?.baseAddress, length: text?.count ?? 0, font: font,
                            scaledFont: scaledFont, x: x, baseline: baseline)
                    }
                }
            }
        }
    }

    /// Glyphs of one left-to-right run starting at `x`, with their text (`length` bytes at `text`)
    /// in clusters so that a PDF keeps it (without text when it is nil), or filled as outlines on
    /// a PNG; returns the run's width.
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
            // Filled as paths, as an SVG viewer fills the SVG's glyph outlines.
            cairo_save(cr)
            cairo_set_scaled_font(cr, scaledFont)
            cairo_glyph_path(cr, glyphs, Int32(glyphs.count))
            cairo_fill(cr)
            cairo_restore(cr)
            return Double(position) / unit
        }
        guard let text else {
            glyphDrift?.correct(&glyphs, font: font, scaledFont: scaledFont)
            cairo_save(cr)
            cairo_set_scaled_font(cr, scaledFont)
            cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
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
