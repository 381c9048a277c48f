import CCairo
import CPangoCairo
import TimelineScene

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SVGWriter {
    /// A text node as one group in its color, its glyph runs placed (`writeGlyphs`) where
    /// `ScenePainter.paintText` draws them: a group for each baseline of the line's runs. Recorded
    /// in `state.ops`; a group that draws no glyph is dropped.
    func writeText(_ text: TextNode, _ state: inout State) {
        let textGroup = state.ops.openText(text.color)
        let unit = Double(PANGO_SCALE)
        for line in text.lines where !line.text.isEmpty {
            guard let glyphs = line.glyphs else { continue }
            let origin = line.layoutOrigin(ascent: Double(glyphs.ascent) / unit)
            var group: SVGBodyOps.Opened?
            var groupBaseline: Int32 = 0
            for run in glyphs.runs {
                if let open = group, groupBaseline != run.baseline {
                    state.ops.close(open)
                    group = nil
                }
                if group == nil {
                    group = state.ops.openLine(x: origin.x, baseline: origin.y + Double(run.baseline) / unit)
                    groupBaseline = run.baseline
                }
                var x = Int(run.x)
                writeGlyphs(run, font: font(named: run.face, &state), x: &x, &state)
            }
            if let group { state.ops.close(group) }
        }
        state.ops.close(textGroup)
    }

    /// The font a run's face names, the last few found kept: a document's runs alternate
    /// between a few fonts (titles, subtitles).
    private func font(named face: String, _ state: inout State) -> UnsafeMutablePointer<PangoFont>? {
        state.faces.value(face) { fonts.font(named: $0) }
    }

    /// The visible glyphs of a run starting at `x` (Pango units from the line's start), which
    /// moves on by the run's width: each word (glyphs between glyphs that draw nothing) one
    /// `<use>` of a group defined once in `<defs>` from its second time on, glyph by glyph before.
    /// A timeline repeats most words, so its file holds each once rather than glyph by glyph.
    private func writeGlyphs(
        _ run: GlyphRun, font: UnsafeMutablePointer<PangoFont>?, x: inout Int, _ state: inout State
    ) {
        let count = run.count
        guard let font else {
            for index in 0..<count { x += Int(run[index].advance) }
            return
        }
        let fontNumber = glyphs.fontNumber(UnsafeMutableRawPointer(font), measured: fonts.isMeasured(font))
        for index in 0..<count {
            let glyph = run[index]
            let glyphX = x + Int(glyph.xOffset)
            x += Int(glyph.advance)
            guard glyph.id & SVGGlyphs.unknownFlag == 0, glyph.id != SVGGlyphs.emptyGlyph,
                case let id = glyphID(font: fontNumber, glyph: glyph.id, &state), id >= 0
            else {
                writeWord(&state)
                continue
            }
            state.run.append(id: id, x: glyphX, y: Int(glyph.yOffset))
        }
        writeWord(&state)
    }

    /// Records the run gathered in `state.run` and empties it: a `<use>` of its group once it is
    /// defined (defining it the second time the run is seen), else its glyphs' own.
    private func writeWord(_ state: inout State) {
        guard !state.run.isEmpty else { return }
        defer { state.run.clear() }
        guard state.run.count > 1, let entry = state.words.find(state.run) else {
            if state.run.count > 1 { state.words.add(state.run, value: -1) }
            for index in 0..<state.run.count {
                let (id, x, y) = state.run[index]
                state.ops.glyph(id: id, x: x, y: Int32(truncatingIfNeeded: y))
            }
            return
        }
        var word = state.words.value(at: entry)
        if word < 0 {
            word = state.wordCount
            state.wordCount += 1
            state.words.setValue(word, at: entry)
            state.defs.append("<g id=\"")
            state.defs.id("w", word)
            state.defs.append("\">\n")
            writeUses(state.run, from: state.run.start, into: &state.defs)
            state.defs.append("</g>\n")
        }
        state.ops.word(id: word, x: state.run.start)
    }

    /// One `<use>` per glyph of `run`, placed from `origin` (Pango units): a word group's
    /// definition. Only SVG 1.1's `xlink:href` (`SVGBodyOps` writes the body's the same way):
    /// every browser reads it too, and a second reference on the most written element costs a
    /// sixth of the file.
    private func writeUses(_ run: SVGWord, from origin: Int, into bytes: inout SVGBytes) {
        let unit = Double(PANGO_SCALE)
        let prefix = bytes.idPrefix
        for index in 0..<run.count {
            let (id, glyphX, yOffset) = run[index]
            bytes.write(maxCount: prefix.count + 50 + 2 * SVGCursor.maxNumberLength) { out in
                out.put("<use xlink:href=\"#")
                out.putID(prefix, "g", id)
                out.put("\" x=\"")
                out.put(number: Double(glyphX - origin) / unit)
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
        let row = Int(font)
        let column = Int(glyph)
        if row < state.glyphTable.count, column < state.glyphTable[row].count {
            let known = state.glyphTable[row][column]
            if known != 0 { return known > 0 ? Int(known) - 1 : -1 }
        }
        let id = newGlyphID(font << 32 | UInt64(glyph), &state)
        if column < State.glyphTableWidth {
            while state.glyphTable.count <= row { state.glyphTable.append([]) }
            if state.glyphTable[row].count <= column {
                let width = min(State.glyphTableWidth, max(column + 1, 2 * state.glyphTable[row].count, 256))
                state.glyphTable[row] += repeatElement(0, count: width - state.glyphTable[row].count)
            }
            state.glyphTable[row][column] = id >= 0 ? Int32(id + 1) : -1
        }
        return id
    }

    private func newGlyphID(_ key: UInt64, _ state: inout State) -> Int {
        // By the key's bits as an `Int`, whose hashing the runtime has found already (#48).
        let bits = Int(bitPattern: UInt(key))
        if let known = state.glyphIDs[bits] { return known }
        let outline = glyphs.outline(key)
        guard !outline.isEmpty else {
            state.glyphIDs[bits] = -1
            return -1
        }
        let id = state.glyphCount
        state.glyphCount += 1
        state.glyphIDs[bits] = id
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
        state.ops.raw { body in
            body.append("<g clip-path=\"url(#")
            body.id("clip", clip)
            body.append(")\"><use")
            body.references("icon", embedded.id)
            body.append(" transform=\"translate(")
            body.point(fit.origin.x, fit.origin.y)
            body.append(") scale(")
            body.append(number: fit.scale)
            body.append(")\"/></g>\n")
        }
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
