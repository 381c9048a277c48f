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
    /// Pango; every format skips them, as it draws only the scene's runs).
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
        let (context, surface, unemboldenedFonts, referenced) = (context, surface, unemboldenedFonts, referenced)
        TextThread.release {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            for font in unemboldenedFonts { cairo_scaled_font_destroy(font) }
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
        let number = Int(key >> 32)
        let glyph = UInt32(truncatingIfNeeded: key)
        var path: [UInt8] = []
        if let plain = unemboldened(number) {
            let segments = Self.readSegments(font: plain.font, glyph: glyph, on: context)
            path = Self.pathData(SyntheticBold.embolden(segments, strength: plain.strength))
        } else if let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(fonts[number])) {
            path = Self.pathData(Self.readSegments(font: scaled, glyph: glyph, on: context))
        }
        outlines[key] = path
        return path
    }

    /// By font number, the same font without fontconfig's emboldening and the strength to
    /// embolden its outlines by (`SyntheticBold`), or nil for a font not emboldened.
    private var plainFonts: [Int: (font: OpaquePointer, strength: Double)?] = [:]

    private func unemboldened(_ number: Int) -> (font: OpaquePointer, strength: Double)? {
        if let known = plainFonts[number] { return known }
        let font = fonts[number]
        var plain: (font: OpaquePointer, strength: Double)?
        if let pattern = pango_fc_font_get_pattern(font.assumingMemoryBound(to: PangoFcFont.self)),
            let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font))
        {
            var emboldened: FcBool = 0
            if FcPatternGetBool(pattern, FC_EMBOLDEN, 0, &emboldened) == FcResultMatch, emboldened != 0,
                let copy = FcPatternDuplicate(pattern)
            {
                FcPatternDel(copy, FC_EMBOLDEN)
                let face = cairo_ft_font_face_create_for_pattern(copy)
                FcPatternDestroy(copy)
                var matrix = cairo_matrix_t()
                var ctm = cairo_matrix_t()
                cairo_scaled_font_get_font_matrix(scaled, &matrix)
                cairo_scaled_font_get_ctm(scaled, &ctm)
                let options = cairo_font_options_create()
                cairo_scaled_font_get_font_options(scaled, options)
                if let created = cairo_scaled_font_create(face, &matrix, &ctm, options) {
                    unemboldenedFonts.append(created)
                    if cairo_scaled_font_status(created) == CAIRO_STATUS_SUCCESS {
                        plain = (created, SyntheticBold.strength(fontSize: matrix.yy))
                    }
                }
                cairo_font_options_destroy(options)
                cairo_font_face_destroy(face)
            }
        }
        plainFonts[number] = .some(plain)
        return plain
    }

    /// The scaled fonts `unemboldened` made, destroyed with this object.
    private var unemboldenedFonts: [OpaquePointer] = []

    /// A path's segments: a move starts a contour, then lines and curves (their points), each
    /// contour closed.
    enum Segment {
        case move(SyntheticBold.Point)
        case line(SyntheticBold.Point)
        case curve(SyntheticBold.Point, SyntheticBold.Point, SyntheticBold.Point)
        case close
    }

    /// The glyph's outline as cairo gives it, at font size with its origin at 0,0.
    private static func readSegments(font scaled: OpaquePointer, glyph: UInt32, on context: OpaquePointer)
        -> [Segment]
    {
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
        var segments: [Segment] = []
        var index = 0
        let count = Int(path.pointee.num_data)
        func point(_ offset: Int) -> SyntheticBold.Point {
            SyntheticBold.Point(x: data[index + offset].point.x, y: data[index + offset].point.y)
        }
        while index < count {
            let header = data[index].header
            let length = Int(header.length)
            guard length > 0 else { break }
            // cairo ends each closed contour with a move back to its start: nothing to draw.
            if header.type == CAIRO_PATH_MOVE_TO, index + length >= count { break }
            switch header.type {
            case CAIRO_PATH_MOVE_TO: segments.append(.move(point(1)))
            case CAIRO_PATH_LINE_TO: segments.append(.line(point(1)))
            case CAIRO_PATH_CURVE_TO: segments.append(.curve(point(1), point(2), point(3)))
            default: segments.append(.close)
            }
            index += length
        }
        return segments
    }

    /// SVG path data of `segments`; empty when nothing is drawn (a space).
    static func pathData(_ segments: [Segment]) -> [UInt8] {
        var out = SVGBytes()
        var drawn = false
        for segment in segments {
            if !out.isEmpty { out.append(byte: UInt8(ascii: " ")) }
            switch segment {
            case .move(let point):
                out.append("M")
                out.point(point.x, point.y)
            case .line(let point):
                out.append("L")
                out.point(point.x, point.y)
                drawn = true
            case .curve(let first, let second, let end):
                out.append("C")
                out.point(first.x, first.y)
                out.append(byte: UInt8(ascii: " "))
                out.point(second.x, second.y)
                out.append(byte: UInt8(ascii: " "))
                out.point(end.x, end.y)
                drawn = true
            case .close:
                out.append("Z")
            }
        }
        return drawn ? out.bytes : []
    }
}
