import CCairo
import CPangoCairo
import Dispatch

/// Glyph outlines as SVG path data, taken from cairo once per font and glyph and kept for the
/// renderer's life (documents reuse the same few hundred glyphs). Not thread-safe: one per renderer.
final class SVGGlyphs {
    /// A scratch SVG surface: outlines are read on its context, and the Pango context is put back
    /// in the state measuring used (an SVG surface, identity transformation) before text is read.
    private let surface: OpaquePointer
    let context: OpaquePointer
    /// The fonts seen, each referenced while kept here, so pointers cannot be reused.
    private var fontNumbers: [UnsafeMutableRawPointer: UInt64] = [:]
    /// Numbers by what a font is (face and size): sibling font libraries load the same font as
    /// distinct objects, and its glyphs must get the same ids whichever thread shaped them.
    private var numbersByIdentity: [String: UInt64] = [:]
    /// One font object per number, for reading outlines.
    private var fonts: [UnsafeMutableRawPointer] = []
    private var referenced: [UnsafeMutableRawPointer] = []
    /// Outlines by `fontNumber << 32 | glyph`; empty for glyphs that draw nothing (spaces).
    private var outlines: [UInt64: [UInt8]] = [:]

    /// Pango's "no glyph" value, and the flag of glyphs a font lacks (drawn as hex boxes by
    /// Pango, which SVG output skips).
    static let emptyGlyph: UInt32 = 0x0FFF_FFFF
    static let unknownFlag: UInt32 = 0x1000_0000

    private static let discard: cairo_write_func_t = { _, _, _ in CAIRO_STATUS_SUCCESS }

    init() {
        surface = Self.scratchSurface()
        context = cairo_create(surface)
    }

    /// An SVG surface that writes nothing.
    private static func scratchSurface() -> OpaquePointer {
        cairo_svg_surface_create_for_stream(Self.discard, nil, 1, 1)
    }

    deinit {
        FontLibrary.pangoTurn.withLock {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            for font in referenced { g_object_unref(font) }
        }
    }

    /// A number for `font`, unique for this object's life; a glyph's key is
    /// `fontNumber << 32 | glyph`.
    func fontNumber(_ font: UnsafeMutableRawPointer) -> UInt64 {
        return number(for: font)
    }

    private func number(for font: UnsafeMutableRawPointer) -> UInt64 {
        if let number = fontNumbers[font] { return number }
        g_object_ref(font)
        referenced.append(font)
        let identity = Self.identity(of: font)
        let number = numbersByIdentity[identity] ?? UInt64(fonts.count)
        if number == UInt64(fonts.count) {
            fonts.append(font)
            numbersByIdentity[identity] = number
        }
        fontNumbers[font] = number
        return number
    }

    /// The font's file, face index, synthetic bold and description with its absolute size.
    private static func identity(of font: UnsafeMutableRawPointer) -> String {
        let pangoFont = font.assumingMemoryBound(to: PangoFont.self)
        var identity = ""
        if let pattern = pango_fc_font_get_pattern(font.assumingMemoryBound(to: PangoFcFont.self)) {
            var file: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file {
                identity = String(cString: file)
            }
            var index: Int32 = 0
            if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) == FcResultMatch { identity += "#\(index)" }
            // A bold weight of a font that has none is the same face and description, emboldened.
            var emboldened: FcBool = 0
            if FcPatternGetBool(pattern, FC_EMBOLDEN, 0, &emboldened) == FcResultMatch, emboldened != 0 {
                identity += "+bold"
            }
        }
        if let description = pango_font_describe_with_absolute_size(pangoFont) {
            defer { pango_font_description_free(description) }
            if let text = pango_font_description_to_string(description) {
                identity += "|" + String(cString: text)
                g_free(text)
            }
        }
        return identity
    }

    /// The outline of a glyph `key` names, as path data at font size with its origin at 0,0.
    func outline(_ key: UInt64) -> [UInt8] {
        if let known = outlines[key] { return known }
        let font = fonts[Int(key >> 32)]
        let path = Self.readOutline(font: font, glyph: UInt32(truncatingIfNeeded: key), on: context)
        outlines[key] = path
        return path
    }

    private static func readOutline(font: UnsafeMutableRawPointer, glyph: UInt32, on context: OpaquePointer)
        -> [UInt8]
    {
        guard let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else { return [] }
        cairo_new_path(context)
        cairo_set_scaled_font(context, scaled)
        var item = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        cairo_glyph_path(context, &item, 1)
        guard let path = cairo_copy_path(context) else { return [] }
        defer {
            cairo_path_destroy(path)
            cairo_new_path(context)
        }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return [] }
        var out = SVGBytes()
        var index = 0
        let count = Int(path.pointee.num_data)
        var drawn = false
        while index < count {
            let header = data[index].header
            let length = Int(header.length)
            guard length > 0 else { break }
            // cairo ends each closed contour with a move back to its start: nothing to draw.
            if header.type == CAIRO_PATH_MOVE_TO, index + length >= count {
                break
            }
            if !out.isEmpty { out.append(byte: UInt8(ascii: " ")) }
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                out.append("M")
                out.point(data[index + 1].point.x, data[index + 1].point.y)
            case CAIRO_PATH_LINE_TO:
                out.append("L")
                out.point(data[index + 1].point.x, data[index + 1].point.y)
                drawn = true
            case CAIRO_PATH_CURVE_TO:
                out.append("C")
                for offset in 1...3 {
                    if offset > 1 { out.append(byte: UInt8(ascii: " ")) }
                    out.point(data[index + offset].point.x, data[index + offset].point.y)
                }
                drawn = true
            default:
                out.append("Z")
            }
            index += length
        }
        return drawn ? out.bytes : []
    }
}
