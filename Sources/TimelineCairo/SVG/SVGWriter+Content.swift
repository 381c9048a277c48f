import CCairo
import CPangoCairo
import TimelineScene

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SVGWriter {
    /// A text node as one group in its color, one `<use>` per visible glyph, placed where
    /// `ScenePainter.paintText` draws it: the line's glyphs (kept from measuring when there are
    /// some, else from a layout of the line) with its baseline on the line's baseline.
    func writeText(_ text: TextNode, _ state: inout State) {
        let group = Self.openGroup(fill: text.color, &state.body)
        for line in text.lines where !line.text.isEmpty {
            if let kept = keptLine(line, font: text.font) {
                numberGlyphs(kept.shaped.glyphs, font: kept.font, &state)
                Self.writeLine(line, kept, ids: state.ids, &state.body)
            } else {
                writeLaidOut(line, font: text.font, &state)
            }
        }
        Self.closeGroup(group, &state.body)
    }

    /// A text all of whose lines measuring kept the shaping of (`KeptText`), drawing no emoji;
    /// nil for any other.
    func keptText(_ text: TextNode) -> KeptText? {
        guard !EmojiPictures.mayHold(text) else { return nil }
        var lines: [KeptLine?] = []
        lines.reserveCapacity(text.lines.count)
        for line in text.lines {
            guard !line.text.isEmpty else {
                lines.append(nil)
                continue
            }
            guard let kept = keptLine(line, font: text.font) else { return nil }
            lines.append(kept)
        }
        return KeptText(node: text, lines: lines)
    }

    private func keptLine(_ line: PlacedLine, font: String) -> KeptLine? {
        guard let shaped = fonts.handoff.line(line.text, font: font) else { return nil }
        let font = shaped.item.pointee.analysis.font.map { glyphs.fontNumber(UnsafeMutableRawPointer($0)) }
        return KeptLine(shaped: shaped, font: font)
    }

    /// Gives every drawn glyph of `text` its id, in the order its lines are written.
    func numberGlyphs(_ text: KeptText, _ state: inout State) {
        for case let kept? in text.lines { numberGlyphs(kept.shaped.glyphs, font: kept.font, &state) }
    }

    private func numberGlyphs(_ string: UnsafeMutablePointer<PangoGlyphString>, font: UInt64?, _ state: inout State) {
        guard let font, let infos = string.pointee.glyphs else { return }
        for index in 0..<Int(string.pointee.num_glyphs) where Self.isDrawn(infos[index].glyph) {
            _ = glyphID(font: font, glyph: infos[index].glyph, &state)
        }
    }

    /// Whether a glyph is drawn as an outline: not an unknown character's box, not empty.
    static func isDrawn(_ glyph: UInt32) -> Bool {
        glyph & SVGGlyphs.unknownFlag == 0 && glyph != SVGGlyphs.emptyGlyph
    }

    /// `text` as `writeText` writes it, its glyphs numbered already (`numberGlyphs`): no Pango.
    static func write(_ text: KeptText, ids: GlyphIDs, into out: inout SVGBytes) {
        let group = openGroup(fill: text.node.color, &out)
        for case (let line, let kept?) in zip(text.node.lines, text.lines) { writeLine(line, kept, ids: ids, &out) }
        closeGroup(group, &out)
    }

    /// A line of kept shaping, as for a layout's first line: its top from the layout's baseline.
    private static func writeLine(_ line: PlacedLine, _ kept: KeptLine, ids: GlyphIDs, _ out: inout SVGBytes) {
        let unit = Double(PANGO_SCALE)
        let baseline = Double(kept.shaped.baseline) / unit
        let origin = line.layoutOrigin(ascent: baseline)
        var x = Int(kept.shaped.logical.x)
        let group = openLine(x: origin.x, baseline: origin.y + baseline, &out)
        writeGlyphs(kept.shaped.glyphs, font: kept.font, x: &x, ids: ids, &out)
        closeGroup(group, &out)
    }

    /// A line no shaping was kept of, from a layout of it.
    private func writeLaidOut(_ line: PlacedLine, font: String, _ state: inout State) {
        let unit = Double(PANGO_SCALE)
        pango_layout_set_font_description(layout, fonts.description(font))
        pango_layout_set_text(layout, line.text, -1)
        let origin = line.layoutOrigin(ascent: Double(pango_layout_get_baseline(layout)) / unit)
        guard let iterator = pango_layout_get_iter(layout) else { return }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let baseline = origin.y + Double(pango_layout_iter_get_baseline(iterator)) / unit
            var x = Int(logical.x)
            let group = Self.openLine(x: origin.x, baseline: baseline, &state.body)
            var runs = pango_layout_iter_get_line_readonly(iterator)?.pointee.runs
            while let node = runs {
                runs = node.pointee.next
                guard let data = node.pointee.data else { continue }
                let run = data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
                guard let string = run.glyphs else { continue }
                let font = run.item?.pointee.analysis.font.map { glyphs.fontNumber(UnsafeMutableRawPointer($0)) }
                numberGlyphs(string, font: font, &state)
                Self.writeGlyphs(string, font: font, x: &x, ids: state.ids, &state.body)
            }
            Self.closeGroup(group, &state.body)
        } while pango_layout_iter_next_line(iterator) != 0
        pango_layout_iter_free(iterator)
    }

    /// A text's group in its color; returns where it starts in `out` and where its content does.
    private static func openGroup(fill: RGBA, _ out: inout SVGBytes) -> (start: Int, content: Int) {
        let start = out.count
        out.append("<g")
        out.fill(fill)
        out.append(">\n")
        return (start, out.count)
    }

    /// A line's group, its origin on the line's start and baseline, so that its glyphs need no
    /// `y` and shorter `x`; returns where it starts in `out` and where its content does.
    private static func openLine(x: Double, baseline: Double, _ out: inout SVGBytes) -> (start: Int, content: Int) {
        let start = out.count
        out.write(maxCount: 30 + 2 * SVGCursor.maxNumberLength) { out in
            out.put("<g transform=\"translate(")
            out.put(point: x, baseline)
            out.put(")\">\n")
        }
        return (start, out.count)
    }

    /// Closes a group, or drops it when no glyph was drawn in it.
    private static func closeGroup(_ group: (start: Int, content: Int), _ out: inout SVGBytes) {
        if out.count == group.content {
            out.truncate(to: group.start)
        } else {
            out.append("</g>\n")
        }
    }

    /// One `<use>` per visible glyph of a run starting at `x` (Pango units from the line's
    /// start), which moves on by the run's width; its glyphs numbered already. Only SVG 1.1's
    /// `xlink:href`: every browser reads it too, and a second reference on the most written
    /// element costs a sixth of the file.
    private static func writeGlyphs(
        _ string: UnsafeMutablePointer<PangoGlyphString>, font: UInt64?, x: inout Int, ids: GlyphIDs,
        _ out: inout SVGBytes
    ) {
        guard let infos = string.pointee.glyphs else { return }
        let count = Int(string.pointee.num_glyphs)
        guard let font else {
            for index in 0..<count { x += Int(infos[index].geometry.width) }
            return
        }
        let unit = Double(PANGO_SCALE)
        let prefix = out.idPrefix
        for index in 0..<count {
            let info = infos[index]
            let glyphX = x + Int(info.geometry.x_offset)
            x += Int(info.geometry.width)
            guard isDrawn(info.glyph), let id = ids.known(font: font, glyph: info.glyph), id >= 0 else { continue }
            // The most written element of all: written in one go.
            let yOffset = info.geometry.y_offset
            out.write(maxCount: prefix.count + 50 + 2 * SVGCursor.maxNumberLength) { out in
                out.put("<use xlink:href=\"#")
                out.putID(prefix, "g", id)
                out.put("\" x=\"")
                out.put(number: Double(glyphX) / unit)
                if yOffset != 0 {
                    out.put("\" y=\"")
                    out.put(number: Double(yOffset) / unit)
                }
                out.put("\"/>\n")
            }
        }
    }

    /// The document's id of a glyph, its outline added to `<defs>` the first time; -1 for a
    /// glyph that draws nothing.
    func glyphID(font: UInt64, glyph: UInt32, _ state: inout State) -> Int {
        if let known = state.ids.known(font: font, glyph: glyph) { return known }
        let outline = glyphs.outline(font << 32 | UInt64(glyph))
        guard !outline.isEmpty else {
            state.ids.record(font: font, glyph: glyph, id: -1)
            return -1
        }
        let id = state.ids.count
        state.ids.count += 1
        state.ids.record(font: font, glyph: glyph, id: id)
        state.defs.append("<path id=\"")
        state.defs.id("g", id)
        state.defs.append("\" d=\"")
        state.defs.append(outline)
        state.defs.append("\"/>\n")
        return id
    }

    /// An icon as `ImagePainter` draws it: fitted into its box keeping its aspect ratio, clipped
    /// to the node's outline. Its PNG is defined once per document and placed with `<use>`;
    /// icons that cannot be decoded draw nothing (decoding refused them already).
    func writeImage(_ image: ImageNode, _ state: inout State) {
        let embedded: EmbeddedImage
        if let cached = state.images[image.path] {
            guard let cached else { return }
            embedded = cached
        } else {
            let defined = scene(icon: image.path, &state)
            state.images[image.path] = .some(defined)
            guard let defined else { return }
            embedded = defined
        }
        let clip = state.clips
        state.clips += 1
        state.defs.append("<clipPath id=\"")
        state.defs.id("clip", clip)
        state.defs.append("\">")
        Self.openOutline(image.clipOutline, into: &state.defs)
        state.defs.append("/></clipPath>\n")

        let fit = image.fit(width: embedded.width, height: embedded.height)
        state.body.append("<g clip-path=\"url(#")
        state.body.id("clip", clip)
        state.body.append(")\"><use")
        state.body.references("icon", embedded.id)
        state.body.append(" transform=\"translate(")
        state.body.point(fit.origin.x, fit.origin.y)
        state.body.append(") scale(")
        state.body.append(number: fit.scale)
        state.body.append(")\"/></g>\n")
    }

    /// Defines the scene's icon at `path` as a PNG `<image>` in `<defs>`.
    private func scene(icon path: String, _ state: inout State) -> EmbeddedImage? {
        guard let icon = state.icons[path], let png = IconDecoding.embeddablePNG(icon) else { return nil }
        let id = state.images.count
        let url = Array(("data:image/png;base64," + Data(png.bytes).base64EncodedString()).utf8)
        state.defs.append("<image id=\"")
        state.defs.id("icon", id)
        state.defs.append("\"")
        state.defs.attribute("width", png.width)
        state.defs.attribute("height", png.height)
        state.defs.append(" href=\"")
        state.defs.append(url)
        state.defs.append("\" xlink:href=\"")
        state.defs.append(url)
        state.defs.append("\"/>\n")
        return EmbeddedImage(id: id, width: png.width, height: png.height)
    }
}

/// An icon defined in the document: its id and its size in pixels.
struct EmbeddedImage {
    var id: Int
    var width: Double
    var height: Double
}

/// A line's shaping kept from measuring, and its font's number in the document's glyph ids.
struct KeptLine: @unchecked Sendable {
    let shaped: ShapedLine
    let font: UInt64?
}

/// A text whose every line has kept shaping (nil for an empty line): written without Pango.
struct KeptText: Sendable {
    let node: TextNode
    let lines: [KeptLine?]
}

/// A document's glyph ids, by font number and glyph.
struct GlyphIDs: Sendable {
    /// Looked up without hashing: 0 for a glyph not seen yet, -1 for one that draws nothing, else
    /// its id + 1. Glyphs past its width are in `byKey` only.
    private var table: [[Int32]] = []
    private static let tableWidth = 1 << 16
    /// By `font << 32 | glyph`.
    private var byKey: [UInt64: Int] = [:]
    /// Ids given out.
    var count = 0

    /// The glyph's id, -1 when it draws nothing, nil when it has none yet.
    @inline(__always)
    func known(font: UInt64, glyph: UInt32) -> Int? {
        let (row, column) = (Int(font), Int(glyph))
        if row < table.count, column < table[row].count {
            let known = table[row][column]
            if known != 0 { return known > 0 ? Int(known) - 1 : -1 }
        }
        return byKey[font << 32 | UInt64(glyph)]
    }

    mutating func record(font: UInt64, glyph: UInt32, id: Int) {
        byKey[font << 32 | UInt64(glyph)] = id
        let (row, column) = (Int(font), Int(glyph))
        guard column < Self.tableWidth else { return }
        while table.count <= row { table.append([]) }
        if table[row].count <= column {
            let width = min(Self.tableWidth, max(column + 1, 2 * table[row].count, 256))
            table[row] += repeatElement(0, count: width - table[row].count)
        }
        table[row][column] = id >= 0 ? Int32(id + 1) : -1
    }
}
