import CCairo
import CPangoCairo
import TimelineFontTables
import TimelineScene

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Colour emoji. The bundled emoji font's glyphs have empty outlines (`scripts/make-emoji-font.py`),
/// so every text path (SVG glyph outlines, PNG fills, PDF glyphs) gives an emoji its advance and
/// draws nothing there; each emoji glyph's PNG from the font's `CBDT` table is then drawn over its
/// place as an image: pixels in a PNG, an embedded image in SVG and PDF, the same on every machine.
/// Pango picks the glyph: ZWJ sequences, flags and skin tones are one glyph of the font's `GSUB`.
enum EmojiPictures {
    static let family = "Noto Color Emoji Compact"
    static let fileName = "NotoColorEmoji-Compact.ttf"

    /// The bundled emoji font's bitmaps, found at the first emoji drawn. The file is mapped for
    /// the life of the process, as FreeType maps font files: only the pictures drawn are read
    /// (reading all 6 MB cost a card with one emoji 3 to 5 ms).
    static let font: ColorBitmapFont? = {
        let descriptor = open(BundledFonts.directory + "/" + fileName, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0,
            let base = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED
        else { return nil }
        return ColorBitmapFont(UnsafeRawBufferPointer(start: base, count: Int(info.st_size)))
    }()

    /// An emoji glyph's picture and the box it fills, in the scene's units.
    struct Placed {
        let glyph: UInt32
        let bitmap: ColorBitmapFont.Bitmap
        let rect: Rect
    }

    /// Whether a glyph run may be of the emoji font, by the face its name gives (the family after
    /// the bar of `GlyphRun.face`): only such runs are looked at for emoji glyphs. The name's
    /// bytes are searched: `String.contains` built a search table a call, 38,000 instructions for
    /// each line of every SVG (a fifth of 1,000 wrapped items' run), where this takes a few dozen.
    static func mayHold(_ run: GlyphRun) -> Bool {
        mayHold(run.face)
    }

    /// `mayHold` of a run in `face`.
    static func mayHold(_ face: String) -> Bool {
        var face = face
        return face.withUTF8 { name in
            let pattern = facePattern
            guard name.count >= pattern.count else { return false }
            return (0...name.count - pattern.count).contains { start in
                name[start] == pattern[0] && pattern.indices.allSatisfy { name[start + $0] == pattern[$0] }
            }
        }
    }

    /// What a face name of the emoji font holds: the bar, the family and the space before its size.
    private static let facePattern = Array(("|" + family + " ").utf8)

    /// The emoji glyphs of a text node's lines (`pictures(_:fonts:)`).
    static func pictures(_ text: TextNode, fonts: FontLibrary) -> [Placed] {
        text.lines.flatMap { pictures($0, fonts: fonts) }
    }

    /// The emoji glyphs of a placed line's glyph runs, placed as the text painters place the
    /// runs (the line's top from its ascent), each where the font's strike puts its bitmap.
    static func pictures(_ line: PlacedLine, fonts: FontLibrary) -> [Placed] {
        guard let glyphs = line.glyphs, glyphs.runs.contains(where: mayHold), let emoji = Self.font else { return [] }
        let unit = Double(PANGO_SCALE)
        let origin = line.layoutOrigin(ascent: Double(glyphs.ascent) / unit)
        var placed: [Placed] = []
        for run in glyphs.runs where mayHold(run) {
            let baseline = origin.y + Double(run.baseline) / unit
            var x = Int(run.x)
            let size = emojiSize(fonts.font(named: run.face))
            for index in 0..<run.count {
                let glyph = run[index]
                defer { x += Int(glyph.advance) }
                guard let size, glyph.id & SVGGlyphs.unknownFlag == 0, let bitmap = emoji.bitmap(glyph: glyph.id)
                else { continue }
                let scale = size / Double(emoji.pixelsPerEm)
                let left = origin.x + Double(x + Int(glyph.xOffset)) / unit
                let top = baseline + Double(glyph.yOffset) / unit - Double(bitmap.bearingY) * scale
                let rect = Rect(
                    x: left + Double(bitmap.bearingX) * scale, y: top,
                    width: Double(bitmap.width) * scale, height: Double(bitmap.height) * scale)
                placed.append(Placed(glyph: glyph.id, bitmap: bitmap, rect: rect))
            }
        }
        return placed
    }

    /// The em size of a run's font in the scene's units (its cairo font's size, as drawn) when
    /// it is the emoji font, else nil.
    private static func emojiSize(_ font: UnsafeMutablePointer<PangoFont>?) -> Double? {
        guard let font, let description = pango_font_describe(font) else { return nil }
        defer { pango_font_description_free(description) }
        guard let name = pango_font_description_get_family(description), String(cString: name) == family,
            let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font))
        else { return nil }
        var matrix = cairo_matrix_t()
        cairo_scaled_font_get_font_matrix(scaled, &matrix)
        return matrix.yy
    }
}

extension ScenePainter {
    /// Draws a text node's emoji pictures over its (invisible) emoji glyphs.
    func paintEmoji(_ text: TextNode) {
        for picture in EmojiPictures.pictures(text, fonts: fonts) {
            let source = ByteSource(Data(picture.bitmap.png))
            let surface = withExtendedLifetime(source) {
                CairoSurface(cairo_image_surface_create_from_png_stream(ByteSource.read, source.closure))
            }
            guard surface.status == CAIRO_STATUS_SUCCESS else { continue }
            paintEmoji(surface, bitmap: picture.bitmap, in: picture.rect)
        }
    }

    private func paintEmoji(_ surface: CairoSurface, bitmap: ColorBitmapFont.Bitmap, in rect: Rect) {
        cairo_save(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.x, rect.y)
        cairo_scale(cr, rect.width / Double(bitmap.width), rect.height / Double(bitmap.height))
        cairo_set_source_surface(cr, surface.pointer, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}

extension SVGWriter {
    /// A text node's emoji pictures as `<use>` of PNG images defined once per glyph in `<defs>`,
    /// referenced as glyphs are, by SVG 1.1's `xlink:href` alone: every client reads it, and a
    /// picture's bytes written once instead of twice halve what emoji add to a file.
    func writeEmoji(_ text: TextNode, _ state: inout State) {
        // Most texts have no run in the emoji font: told from the few faces a document names,
        // each searched once (`EmojiPictures.mayHold` on every run of a thousand rows cost
        // 2 million instructions on the text thread).
        let hasEmojiRun = text.lines.contains { line in
            line.glyphs?.runs.contains { state.emojiFaces.value($0.face, orMake: EmojiPictures.mayHold) } ?? false
        }
        guard hasEmojiRun else { return }
        for picture in EmojiPictures.pictures(text, fonts: fonts) {
            let image = definedEmoji(picture, &state)
            state.ops.raw { body in
                body.append("<use xlink:href=\"#")
                body.id("icon", image.id)
                body.append("\" transform=\"translate(")
                body.point(picture.rect.x, picture.rect.y)
                body.append(") scale(")
                body.append(number: picture.rect.width / image.width)
                body.append(")\"/>\n")
            }
        }
    }

    /// The emoji glyph's `<image>`, defined the first time the document draws it. Keyed by a name
    /// no icon path can have (a NUL byte), numbered with the icons.
    private func definedEmoji(_ picture: EmojiPictures.Placed, _ state: inout State) -> EmbeddedImage {
        let key = "\u{0}emoji \(picture.glyph)"
        if case .some(.some(let known)) = state.images[key] { return known }
        let id = state.images.count
        let width = Double(picture.bitmap.width)
        let height = Double(picture.bitmap.height)
        let url = Array(("data:image/png;base64," + Data(picture.bitmap.png).base64EncodedString()).utf8)
        state.defs.append("<image id=\"")
        state.defs.id("icon", id)
        state.defs.append("\"")
        state.defs.attribute("width", width)
        state.defs.attribute("height", height)
        state.defs.append(" xlink:href=\"")
        state.defs.append(url)
        state.defs.append("\"/>\n")
        let image = EmbeddedImage(id: id, width: width, height: height)
        state.images[key] = .some(image)
        return image
    }
}
