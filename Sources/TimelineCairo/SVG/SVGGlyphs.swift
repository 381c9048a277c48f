import CCairo
import CPangoCairo
import Dispatch

/// Glyph outlines as SVG path data, drawn by HarfBuzz (`HarfBuzzOutlines`) once per font and
/// glyph and kept for the renderer's life (documents reuse the same few hundred glyphs). Not
/// thread-safe: one per renderer.
final class SVGGlyphs {
    /// A scratch SVG surface: the Pango context is put back on its context, in the state measuring
    /// used (an SVG surface, identity transformation), before text is read.
    private let surface: OpaquePointer
    let context: OpaquePointer
    /// The fonts seen, each referenced while kept here, so pointers cannot be reused.
    /// By address (an `Int` key, whose hashing the runtime has found already: #48).
    private var fontNumbers: [Int: UInt64] = [:]
    /// Numbers by what a font is (face and size): sibling font libraries load the same font as
    /// distinct objects, and its glyphs must get the same ids whichever thread shaped them.
    private var numbersByIdentity: [String: UInt64] = [:]
    /// One font object per number, for reading outlines, and whether measuring named it (its
    /// font matrix then made from its pattern: `HarfBuzzOutlines.fontMatrix`).
    private var fonts: [(font: UnsafeMutableRawPointer, measured: Bool)] = []
    private var referenced: [UnsafeMutableRawPointer] = []
    /// Outlines by `fontNumber << 32 | glyph`; empty for glyphs that draw nothing (spaces).
    private var outlines: [Int: [UInt8]] = [:]

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
        let (context, surface, referenced) = (context, surface, referenced)
        TextThread.release {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            for font in referenced { g_object_unref(font) }
        }
    }

    /// A number for `font`, unique for this object's life; a glyph's key is
    /// `fontNumber << 32 | glyph`. `measured`, asked of a font not numbered yet: measuring named
    /// the font, in the measuring state.
    func fontNumber(_ font: UnsafeMutableRawPointer, measured: @autoclosure () -> Bool = false) -> UInt64 {
        return number(for: font, measured: measured)
    }

    private func number(for font: UnsafeMutableRawPointer, measured: () -> Bool) -> UInt64 {
        if let number = fontNumbers[Int(bitPattern: font)] { return number }
        g_object_ref(font)
        referenced.append(font)
        let identity = Self.identity(of: font)
        let number = numbersByIdentity[identity] ?? UInt64(fonts.count)
        if number == UInt64(fonts.count) {
            fonts.append((font, measured()))
            numbersByIdentity[identity] = number
        }
        fontNumbers[Int(bitPattern: font)] = number
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
        if let known = outlines[Int(bitPattern: UInt(key))] { return known }
        var path: [UInt8] = []
        let number = Int(key >> 32)
        // A reader for each font numbered so far (a few), in order.
        while readers.count <= number {
            let (font, measured) = fonts[readers.count]
            readers.append(HarfBuzzOutlines.Font(font, ownMatrix: measured))
        }
        if let reader = readers[number] {
            let segments = reader.segments(UInt32(truncatingIfNeeded: key))
            path = Self.pathData(reader.strength.map { SyntheticBold.embolden(segments, strength: $0) } ?? segments)
        }
        outlines[Int(bitPattern: UInt(key))] = path
        return path
    }

    /// By font number, what its outlines are drawn with (`HarfBuzzOutlines`); nil for a font
    /// without a font matrix or HarfBuzz's font.
    private var readers: [HarfBuzzOutlines.Font?] = []

    /// A path's segments: a move starts a contour, then lines and curves (their points), each
    /// contour closed.
    enum Segment {
        case move(SyntheticBold.Point)
        case line(SyntheticBold.Point)
        case curve(SyntheticBold.Point, SyntheticBold.Point, SyntheticBold.Point)
        case close
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
