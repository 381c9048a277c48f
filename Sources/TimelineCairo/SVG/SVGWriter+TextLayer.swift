import CCairo
import CPangoCairo
import TimelineScene

extension SVGWriter {
    /// Every text line again as real, invisible `<text>` over its glyph outlines, so that find,
    /// select and copy work where the SVG is shown (the outlines alone are only shapes).
    /// `textLength` stretches the viewer's own font over the width the outlines take. Hidden from
    /// assistive technology, which reads the desc instead of the same words a second time.
    /// Pure once given `fonts` (`textLayerFonts`): it may be written on any thread.
    static func writeTextLayer(_ scene: Scene, fonts: [String: [UInt8]], into out: inout SVGBytes) {
        var recent = RecentKeys<[UInt8]>()
        var opened = false
        for case .text(let text) in scene.nodes where text.lines.contains(where: Self.isFindable) {
            if !opened {
                out.append("<g fill=\"#000\" fill-opacity=\"0\" xml:space=\"preserve\" aria-hidden=\"true\">\n")
                opened = true
            }
            out.append("<g")
            out.append(recent.value(text.font) { fonts[$0] ?? [] })
            out.append(">\n")
            for line in text.lines where Self.isFindable(line) {
                out.write(maxCount: 64 + 3 * SVGCursor.maxNumberLength) { out in
                    out.put("<text x=\"")
                    out.put(number: line.x)
                    out.put("\" y=\"")
                    out.put(number: line.baseline)
                    out.put("\" textLength=\"")
                    out.put(number: line.width)
                    out.put("\" lengthAdjust=\"spacingAndGlyphs\">")
                }
                out.append(escaped: line.text)
                out.append("</text>\n")
            }
            out.append("</g>\n")
        }
        if opened { out.append("</g>\n") }
    }

    /// The font attributes (`svgFontAttributes`) of every font the text layer writes lines in,
    /// found on the text thread, as they need the fonts' descriptions.
    func textLayerFonts(_ scene: Scene) -> [String: [UInt8]] {
        var attributes: [String: [UInt8]] = [:]
        // The last font known, whose next texts need no lookup (most texts repeat the one before).
        var last: String?
        for case .text(let text) in scene.nodes where text.font != last {
            if attributes[text.font] != nil {
                last = text.font
            } else if text.lines.contains(where: Self.isFindable) {
                attributes[text.font] = svgFontAttributes(text.font)
                last = text.font
            }
        }
        return attributes
    }

    /// A line with width and a character that is not whitespace. A printable ASCII byte settles
    /// it without reading the text as characters: whatever cluster holds it does not start with
    /// whitespace, as no whitespace joins a cluster with the character after it.
    static func isFindable(_ line: PlacedLine) -> Bool {
        guard line.width > 0 else { return false }
        if line.text.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return true }
        return line.text.contains { !$0.isWhitespace }
    }

    /// ` font-family=… font-size=… font-weight=…` for a Pango font description, its size in the
    /// scene's points as Pango measured it (the context's resolution, 96 dpi unless set).
    func svgFontAttributes(_ font: String) -> [UInt8] {
        let description = fonts.description(font)
        var out = SVGBytes()
        out.append(" font-family=\"")
        if let family = pango_font_description_get_family(description) {
            out.append(escaped: String(cString: family))
            out.append(", ")
        }
        out.append("sans-serif\"")
        var resolution = pango_cairo_context_get_resolution(fonts.context)
        if resolution <= 0 { resolution = 96 }
        let size = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
        let isAbsolute = pango_font_description_get_size_is_absolute(description) != 0
        out.attribute("font-size", isAbsolute ? size : size * resolution / 72)
        out.append(" font-weight=\"")
        out.append(integer: Int(pango_font_description_get_weight(description).rawValue))
        out.append("\"")
        if pango_font_description_get_style(description) != PANGO_STYLE_NORMAL { out.append(" font-style=\"italic\"") }
        return out.bytes
    }
}
