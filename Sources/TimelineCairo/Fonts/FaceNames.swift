import CPangoCairo
import TimelineScene

/// The names a library's fonts go by in a scene's glyph runs (`GlyphRun.face`), and the fonts
/// behind them: measuring names the font it shaped a run in, drawing finds the font by that name.
/// Each font is referenced while kept, so a name never comes to stand for another object.
/// Used by one thread at a time, as its library.
final class FaceNames {
    /// By address: an `Int` key, whose hashing the runtime has found for other dictionaries
    /// already (a pointer key cost a search of every conformance at its first use: #48).
    private var names: [Int: (name: String, size: Double)] = [:]
    private var fonts: [String: UnsafeMutableRawPointer] = [:]
    /// The fonts only a name loaded (`font(named:map:context:)`), in whatever state the context
    /// was then; every other font was named by measuring, in the measuring state.
    private var loadedByName: [UnsafeMutableRawPointer] = []

    /// Whether `font` was named by measuring, so loaded in the measuring state (the context
    /// without a transformation), not loaded by a name alone.
    func isMeasured(_ font: UnsafeMutableRawPointer) -> Bool {
        names[Int(bitPattern: font)] != nil && !loadedByName.contains(font)
    }

    /// The name of `font` and its size in points: its file's name, face index, `+bold` when
    /// fontconfig emboldens it, and its description at its absolute size.
    func name(of font: UnsafeMutablePointer<PangoFont>) -> (name: String, size: Double) {
        let key = UnsafeMutableRawPointer(font)
        if let known = names[Int(bitPattern: key)] { return known }
        var name = ""
        if let pattern = pango_fc_font_get_pattern(
            UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self))
        {
            var file: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file {
                let path = String(cString: file)
                name = path.split(separator: "/").last.map(String.init) ?? path
            }
            var index: Int32 = 0
            if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) == FcResultMatch { name += "#\(index)" }
            var emboldened: FcBool = 0
            if FcPatternGetBool(pattern, FC_EMBOLDEN, 0, &emboldened) == FcResultMatch, emboldened != 0 {
                name += "+bold"
            }
        }
        var size = 0.0
        if let description = pango_font_describe_with_absolute_size(font) {
            defer { pango_font_description_free(description) }
            size = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
            if let text = pango_font_description_to_string(description) {
                name += "|" + String(cString: text)
                g_free(text)
            }
        }
        g_object_ref(key)
        names[Int(bitPattern: key)] = (name, size)
        // The first font of a name stays its font: another object of the same face and size
        // shapes alike.
        if fonts[name] == nil { fonts[name] = key }
        return (name, size)
    }

    /// The font `name` names: the one measuring named so, else the font its description loads
    /// (a scene shaped by another library); nil for the empty name of glyphs of no font.
    func font(named name: String, map: UnsafeMutablePointer<PangoFontMap>, context: OpaquePointer)
        -> UnsafeMutablePointer<PangoFont>?
    {
        if let known = fonts[name] { return known.assumingMemoryBound(to: PangoFont.self) }
        guard let bar = name.firstIndex(of: "|"),
            let description = pango_font_description_from_string(String(name[name.index(after: bar)...]))
        else { return nil }
        defer { pango_font_description_free(description) }
        guard let font = pango_font_map_load_font(map, context, description) else { return nil }
        if names[Int(bitPattern: UnsafeMutableRawPointer(font))] == nil {
            loadedByName.append(UnsafeMutableRawPointer(font))
        }
        _ = self.name(of: font)
        fonts[name] = UnsafeMutableRawPointer(font)
        g_object_unref(UnsafeMutableRawPointer(font)) // `name(of:)` holds its own reference
        return font
    }

    /// Lets go of every font (on the text thread).
    func releaseAll() {
        for font in names.keys { g_object_unref(UnsafeMutableRawPointer(bitPattern: font)) }
        names.removeAll()
        fonts.removeAll()
        loadedByName.removeAll()
    }
}
