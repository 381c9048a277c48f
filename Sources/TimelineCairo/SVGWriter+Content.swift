import CCairo
import CPangoCairo
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TimelineScene

extension SVGWriter {
    /// A text node as one group in its color, one `<use>` per visible glyph, placed where
    /// `ScenePainter.paintText` draws it: the line's glyphs (kept from measuring when there are
    /// some, else from a layout of the line) with its baseline on the line's baseline.
    func writeText(_ text: TextNode, _ state: inout State) {
        let start = state.body.bytes.count
        state.body.append("<g")
        state.body.fill(text.color)
        state.body.append(">\n")
        let firstGlyph = state.body.bytes.count
        let unit = Double(PANGO_SCALE)
        for line in text.lines where !line.text.isEmpty {
            if let shaped = fonts.shapedLine(line.text, font: text.font) {
                // As for a layout's first line: its top from the layout's baseline, then its own.
                let top = line.baseline - Double(shaped.baseline) / unit
                var x = Int(shaped.logical.x)
                writeGlyphs(shaped.glyphs, font: shaped.item.pointee.analysis.font, x: &x,
                            lineX: line.x, baseline: top + Double(shaped.baseline) / unit, &state)
                continue
            }
            pango_layout_set_font_description(layout, fonts.description(text.font))
            pango_layout_set_text(layout, line.text, -1)
            let top = line.baseline - Double(pango_layout_get_baseline(layout)) / unit
            guard let iterator = pango_layout_get_iter(layout) else { continue }
            repeat {
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &logical)
                let baseline = top + Double(pango_layout_iter_get_baseline(iterator)) / unit
                var x = Int(logical.x)
                var runs = pango_layout_iter_get_line_readonly(iterator)?.pointee.runs
                while let node = runs {
                    runs = node.pointee.next
                    guard let data = node.pointee.data else { continue }
                    let run = data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
                    guard let string = run.glyphs else { continue }
                    writeGlyphs(string, font: run.item?.pointee.analysis.font, x: &x, lineX: line.x, baseline: baseline, &state)
                }
            } while pango_layout_iter_next_line(iterator) != 0
            pango_layout_iter_free(iterator)
        }
        if state.body.bytes.count == firstGlyph {
            state.body.bytes.removeSubrange(start...)
        } else {
            state.body.append("</g>\n")
        }
    }

    /// One `<use>` per visible glyph of a run starting at `x` (Pango units from the line's
    /// start), which moves on by the run's width.
    private func writeGlyphs(_ string: UnsafeMutablePointer<PangoGlyphString>, font: UnsafeMutablePointer<PangoFont>?,
                             x: inout Int, lineX: Double, baseline: Double, _ state: inout State) {
        guard let infos = string.pointee.glyphs else { return }
        let count = Int(string.pointee.num_glyphs)
        guard let font else {
            for index in 0..<count { x += Int(infos[index].geometry.width) }
            return
        }
        let unit = Double(PANGO_SCALE)
        let fontKey = glyphs.fontNumber(UnsafeMutableRawPointer(font)) << 32
        for index in 0..<count {
            let info = infos[index]
            let glyphX = x + Int(info.geometry.x_offset)
            x += Int(info.geometry.width)
            guard info.glyph & SVGGlyphs.unknownFlag == 0, info.glyph != SVGGlyphs.emptyGlyph else { continue }
            let id = glyphID(fontKey | UInt64(info.glyph), &state)
            guard id >= 0 else { continue }
            // The most written element of all: its fixed parts in as few appends as possible.
            // SVG 2's href and SVG 1.1's xlink:href: Inkscape 1.2 and older librsvg read only the latter.
            state.body.append("<use href=\"#")
            state.body.append(byte: SVGIDPrefix.marker)
            state.body.append("g")
            state.body.append(integer: id)
            state.body.append("\" xlink:href=\"#")
            state.body.append(byte: SVGIDPrefix.marker)
            state.body.append("g")
            state.body.append(integer: id)
            state.body.append("\" x=\"")
            state.body.append(number: lineX + Double(glyphX) / unit)
            state.body.append("\" y=\"")
            state.body.append(number: baseline + Double(info.geometry.y_offset) / unit)
            state.body.append("\"/>\n")
        }
    }

    /// The document's id of a glyph, its outline added to `<defs>` the first time; -1 for a
    /// glyph that draws nothing.
    private func glyphID(_ key: UInt64, _ state: inout State) -> Int {
        if let known = state.glyphIDs[key] { return known }
        let outline = glyphs.outline(key)
        guard !outline.isEmpty else {
            state.glyphIDs[key] = -1
            return -1
        }
        let id = state.glyphCount
        state.glyphCount += 1
        state.glyphIDs[key] = id
        state.defs.append("<path id=\"")
        state.defs.append(byte: SVGIDPrefix.marker)
        state.defs.append("g")
        state.defs.append(integer: id)
        state.defs.append("\" d=\"")
        state.defs.append(outline)
        state.defs.append("\"/>\n")
        return id
    }

    /// An icon file as `ImagePainter` draws it: fitted into its box keeping its aspect ratio,
    /// clipped to the node's outline. Files that cannot be read draw nothing.
    func writeImage(_ image: ImageNode, _ state: inout State) {
        let embedded: EmbeddedImage
        if let cached = state.images[image.path] {
            guard let cached else { return }
            embedded = cached
        } else {
            let loaded = Self.embed(image.path)
            state.images[image.path] = .some(loaded)
            guard let loaded else { return }
            embedded = loaded
        }
        let clip = state.clips
        state.clips += 1
        state.defs.append("<clipPath id=\"")
        state.defs.append(byte: SVGIDPrefix.marker)
        state.defs.append("clip")
        state.defs.append(integer: clip)
        state.defs.append("\">")
        Self.openMarker(image.clip, center: Point(x: image.rect.x + image.rect.width / 2, y: image.rect.y + image.rect.height / 2),
                        size: image.rect.width, into: &state.defs)
        state.defs.append("/></clipPath>\n")

        var rect = image.rect
        if let (width, height) = embedded.pixelSize {
            // A PNG is scaled exactly as ImagePainter scales it, centred in its box.
            let scale = min(image.rect.width / width, image.rect.height / height)
            rect = Rect(x: image.rect.x + (image.rect.width - width * scale) / 2, y: image.rect.y + (image.rect.height - height * scale) / 2,
                        width: width * scale, height: height * scale)
        }
        state.body.append("<image")
        state.body.attribute("x", rect.x)
        state.body.attribute("y", rect.y)
        state.body.attribute("width", rect.width)
        state.body.attribute("height", rect.height)
        state.body.append(embedded.pixelSize == nil ? " preserveAspectRatio=\"xMidYMid meet\"" : " preserveAspectRatio=\"none\"")
        state.body.append(" clip-path=\"url(#")
        state.body.append(byte: SVGIDPrefix.marker)
        state.body.append("clip")
        state.body.append(integer: clip)
        state.body.append(")\" href=\"")
        state.body.append(embedded.url)
        state.body.append("\"/>\n")
    }

    /// A file as a data URL, when cairo (PNG) or librsvg (SVG) can read it, as `ImagePainter` would.
    static func embed(_ path: String) -> EmbeddedImage? {
        let name = path.lowercased()
        if name.hasSuffix(".png") {
            guard let surface = cairo_image_surface_create_from_png(path) else { return nil }
            defer { cairo_surface_destroy(surface) }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
            let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
            guard width > 0, height > 0, let data = FileManager.default.contents(atPath: path) else { return nil }
            return EmbeddedImage(url: Array(("data:image/png;base64," + data.base64EncodedString()).utf8), pixelSize: (width, height))
        }
        if name.hasSuffix(".svg") {
            guard SVGIcon(path: path) != nil, let data = FileManager.default.contents(atPath: path) else { return nil }
            return EmbeddedImage(url: Array(("data:image/svg+xml;base64," + data.base64EncodedString()).utf8), pixelSize: nil)
        }
        return nil
    }
}

/// An icon file ready to embed: its data URL, and a PNG's size in pixels (nil for SVG).
struct EmbeddedImage {
    var url: [UInt8]
    var pixelSize: (Double, Double)?
}
