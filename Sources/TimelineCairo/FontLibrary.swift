import CPangoCairo
import Foundation

/// The fonts text is measured and drawn with: by default only the fonts bundled with the tool,
/// through a private fontconfig configuration, so the machine's fonts never change the output.
/// Not thread-safe: make one per thread.
public final class FontLibrary {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    private var descriptions: [String: OpaquePointer] = [:]

    /// The bundled font folder (Inter, DejaVu Sans, Droid Sans Fallback, Symbola).
    public static var bundledFontDirectory: String? {
        Bundle.module.resourceURL?.appendingPathComponent("Fonts").path
    }

    /// Families tried, in order, for characters the requested family lacks.
    static let fallbackFamilies = ["Inter", "DejaVu Sans", "Droid Sans Fallback", "Symbola"]

    public enum SetupError: Error, CustomStringConvertible {
        case missingFonts(String)
        case fontconfig(String)
        public var description: String {
            switch self {
            case .missingFonts(let path): return "bundled fonts not found at \(path)"
            case .fontconfig(let message): return "font setup failed: \(message)"
            }
        }
    }

    /// - Parameters:
    ///   - extraDirectories: folders added with `--fonts`.
    ///   - systemFonts: also use the machine's fonts (not hermetic).
    public init(extraDirectories: [String] = [], systemFonts: Bool = false) throws {
        guard let config = systemFonts ? FcInitLoadConfigAndFonts() : FcConfigCreate() else {
            throw SetupError.fontconfig("cannot create a configuration")
        }
        let fallbacks = Self.fallbackFamilies.map { "<string>\($0)</string>" }.joined()
        // Every pattern gets the bundled families appended, so fallback order is fixed and known.
        let rules = """
            <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>
            <cachedir prefix="xdg">timeline-cards/fontconfig</cachedir>
            <match target="pattern"><test name="family"><string>sans-serif</string></test>
            <edit name="family" mode="prepend" binding="strong"><string>Inter</string></edit></match>
            <match target="pattern"><test name="family"><string>sans</string></test>
            <edit name="family" mode="prepend" binding="strong"><string>Inter</string></edit></match>
            <match target="pattern"><edit name="family" mode="append_last" binding="weak">\(fallbacks)</edit></match>
            </fontconfig>
            """
        if !systemFonts {
            _ = FcConfigParseAndLoadFromMemory(config, rules, FcTrue)
        }
        var directories = extraDirectories
        if !systemFonts || !extraDirectories.isEmpty {
            guard let bundled = Self.bundledFontDirectory, FileManager.default.fileExists(atPath: bundled) else {
                FcConfigDestroy(config)
                throw SetupError.missingFonts(Self.bundledFontDirectory ?? "(no resource bundle)")
            }
            directories.insert(bundled, at: 0)
        }
        for directory in directories where FcConfigAppFontAddDir(config, directory) == FcFalse {
            FcConfigDestroy(config)
            throw SetupError.fontconfig("cannot read fonts in \(directory)")
        }
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            FcConfigDestroy(config)
            throw SetupError.fontconfig("cannot create a Pango font map")
        }
        pango_fc_font_map_set_config(OpaquePointer(map), config)
        FcConfigDestroy(config) // the font map holds its own reference
        fontMap = map
        context = pango_font_map_create_context(map)
        // Hint metrics off and unrounded glyph positions: the same geometry at every scale and in
        // every format.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_language(context, pango_language_from_string("en"))
        pango_context_set_base_dir(context, PANGO_DIRECTION_LTR)
    }

    deinit {
        for description in descriptions.values { pango_font_description_free(description) }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// A parsed Pango font description, cached by its string.
    func description(_ font: String) -> OpaquePointer {
        if let cached = descriptions[font] { return cached }
        let parsed = pango_font_description_from_string(font)!
        descriptions[font] = parsed
        return parsed
    }

    /// Family names the configuration offers, for diagnostics and tests.
    public var familyNames: [String] {
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(fontMap, &families, &count)
        defer { g_free(families) }
        return (0..<Int(count)).compactMap { index in
            families?[index].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) }
        }.sorted()
    }
}
