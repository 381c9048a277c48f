import CCairo
import CPangoCairo
import TimelinePolicy
import TimelineThreads

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The fonts text is measured and drawn with: by default only the fonts bundled with the tool,
/// through a private fontconfig configuration, so the machine's fonts never change the output.
/// Its Pango objects (font map, context, fonts) live on the text thread (`TextThread`): it is made
/// there, used there and let go of there. One library per set of font options serves every
/// renderer of the process (`shared`): the fontconfig configuration, the font files and the fonts
/// glyph runs name are loaded once, not once per thread.
public final class FontLibrary {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    /// The names of the fonts glyph runs were shaped in, and the fonts they name.
    let faces = FaceNames()
    private var descriptions: [String: OpaquePointer] = [:]
    /// Per font, the attribute list a layout itemizes with (its font description over all the
    /// text), or nil when `ShapedLine` cannot stand in for a layout in that font.
    private var itemizeAttributes: [String: OpaquePointer?] = [:]
    /// The bundled font folder (Inter, DejaVu Sans, Serif and Sans Mono, Droid Sans Fallback, Symbola,
    /// Noto Color Emoji Compact).
    public static var bundledFontDirectory: String? {
        BundledFonts.directory
    }

    /// Families tried, in order, for characters the requested family lacks.
    static let fallbackFamilies = ["Inter", "DejaVu Sans", "Droid Sans Fallback", "Symbola"]

    public enum SetupError: Error, CustomStringConvertible {
        case missingFonts(String)
        case fontconfig(String)
        /// Files of `--fonts` folders that cannot be used: bad input, not a failure of the tool.
        case unusableFonts([FontFolder.Problem])
        public var description: String {
            switch self {
            case .missingFonts(let path): return "bundled fonts not found at \(path)"
            case .fontconfig(let message): return "font setup failed: \(message)"
            case .unusableFonts(let problems): return problems.map(\.description).joined(separator: "\n")
            }
        }
    }

    /// The bundled fonts only (and the machine's with `systemFonts`): no folder of the user's,
    /// so no limit of the user's applies.
    public convenience init(systemFonts: Bool = false) throws {
        try self.init(extraDirectories: [], systemFonts: systemFonts, limits: Limits())
    }

    /// - Parameters:
    ///   - extraDirectories: folders added with `--fonts`.
    ///   - systemFonts: also use the machine's fonts (not hermetic).
    ///   - limits: the run's; the `--fonts` folders' files are bounded by `maxFontBytes` and `maxFontFiles`.
    public init(extraDirectories: [String], systemFonts: Bool, limits: Limits) throws {
        (fontMap, context) = try TextThread.run {
            try Self.fontMap(extraDirectories: extraDirectories, systemFonts: systemFonts, limits: limits)
        }
        measuringSurface = CairoSurface(cairo_svg_surface_create_for_stream(Self.discard, nil, 1, 1))
        measuringContext = CairoContext(surface: measuringSurface)
        TextThread.run { enterMeasuringState() }
    }

    /// A Pango font map over the fonts, and its context in the state text is measured in.
    private static func fontMap(extraDirectories: [String], systemFonts: Bool, limits: Limits) throws
        -> (UnsafeMutablePointer<PangoFontMap>, OpaquePointer)
    {
        let config = try Self.configuration(
            extraDirectories: extraDirectories, systemFonts: systemFonts, limits: limits)
        if !systemFonts { Self.installAsProcessDefault(config) }
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            FcConfigDestroy(config)
            throw SetupError.fontconfig("cannot create a Pango font map")
        }
        pango_fc_font_map_set_config(OpaquePointer(map), config)
        FcConfigDestroy(config) // the font map holds its own reference
        let context = pango_font_map_create_context(map)!
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
        return (map, context)
    }

    /// The library of these font options that every renderer of the process shares, made at the
    /// first call (on the text thread, as all its use). A library whose fonts cannot be used is
    /// not kept: each call tells why.
    public static func shared(extraDirectories: [String], systemFonts: Bool, limits: Limits) throws -> FontLibrary {
        try TextThread.run {
            // The limits bound only the `--fonts` folders' files.
            // Concatenated, not joined: generic code's first use costs the text thread (#48).
            var key = systemFonts ? "system" : "bundled"
            if !extraDirectories.isEmpty { key += "\u{0}\(limits.maxFontBytes)\u{0}\(limits.maxFontFiles)" }
            for directory in extraDirectories { key += "\u{0}" + directory }
            if let known = sharedLibraries[key] { return known }
            let library = try FontLibrary(extraDirectories: extraDirectories, systemFonts: systemFonts, limits: limits)
            sharedLibraries[key] = library
            return library
        }
    }

    /// The shared libraries by their font options, for the process's life; the text thread's only.
    nonisolated(unsafe) private static var sharedLibraries: [String: FontLibrary] = [:]

    /// Every pattern gets the bundled families appended, so fallback order is fixed and known;
    /// the generic names `genericFamilies` lists take a bundled family (sans: Inter, serif: DejaVu
    /// Serif, monospace: DejaVu Sans Mono).
    /// Pango asks for the family "emoji" for a run of emoji presentation (not for a character
    /// followed by U+FE0E): it gets the emoji font, then Symbola (a keycap's U+20E3, emoji the
    /// colour font lacks). The emoji font's size is the text's, not its bitmaps' strike, and its
    /// embedded bitmaps are off, so that cairo loads its empty outlines (`EmojiPictures`).
    /// A face with no bold of its own (the CJK fallback) is emboldened when bold is asked for, so
    /// titles are bold in every script; italic asked of a family without an italic face is
    /// slanted (fontconfig's synthetic oblique).
    private static let hermeticRules: String = {
        // Concatenated, not mapped and joined: generic code's first use costs the font thread.
        var fallbacks = ""
        for family in fallbackFamilies { fallbacks += "<string>" + family + "</string>" }
        let cache =
            BundledFonts.hasWritableCacheHome ? "<cachedir prefix=\"xdg\">timeline-cards/fontconfig</cachedir>" : ""
        return """
            <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>\(cache)
            <match target="pattern"><test name="family"><string>sans-serif</string></test>
            <edit name="family" mode="prepend" binding="strong"><string>Inter</string></edit></match>
            <match target="pattern"><test name="family"><string>sans</string></test>
            <edit name="family" mode="prepend" binding="strong"><string>Inter</string></edit></match>
            <match target="pattern"><test name="family"><string>serif</string></test>
            <edit name="family" mode="prepend" binding="strong"><string>DejaVu Serif</string></edit></match>
            <match target="pattern"><test name="family"><string>monospace</string></test>
            <edit name="family" mode="prepend" binding="strong"><string>DejaVu Sans Mono</string></edit></match>
            <match target="pattern"><test name="family"><string>mono</string></test>
            <edit name="family" mode="prepend" binding="strong"><string>DejaVu Sans Mono</string></edit></match>
            <match target="pattern"><test name="family"><string>emoji</string></test>
            <edit name="family" mode="prepend" binding="strong"><string>\(EmojiPictures.family)</string>
            <string>Symbola</string></edit></match>
            <match target="font"><test name="family"><string>\(EmojiPictures.family)</string></test>
            <edit name="pixelsize" mode="assign"><name target="pattern">pixelsize</name></edit>
            <edit name="antialias" mode="assign"><bool>true</bool></edit>
            <edit name="embeddedbitmap" mode="assign"><bool>false</bool></edit></match>
            <match target="pattern"><edit name="family" mode="append_last" binding="weak">\(fallbacks)</edit></match>
            <match target="font"><test name="weight" compare="less_eq"><const>medium</const></test>
            <test target="pattern" name="weight" compare="more_eq"><const>semibold</const></test>
            <edit name="embolden" mode="assign"><bool>true</bool></edit></match>
            <match target="font"><test name="slant"><const>roman</const></test>
            <test target="pattern" name="slant" compare="not_eq"><const>roman</const></test>
            <edit name="matrix" mode="assign"><times><name>matrix</name><matrix><double>1</double><double>0.2</double>
            <double>0</double><double>1</double></matrix></times></edit>
            <edit name="slant" mode="assign"><const>oblique</const></edit></match>
            </fontconfig>
            """
    }()

    /// The fontconfig configuration of the bundled fonts (and the machine's with `systemFonts`)
    /// and the `--fonts` folders' files; the caller owns it.
    private static func configuration(extraDirectories: [String], systemFonts: Bool, limits: Limits) throws
        -> OpaquePointer
    {
        guard let config = systemFonts ? FcInitLoadConfigAndFonts() : FcConfigCreate() else {
            throw SetupError.fontconfig("cannot create a configuration")
        }
        if !systemFonts {
            _ = FcConfigParseAndLoadFromMemory(config, hermeticRules, FcTrue)
        }
        if !systemFonts || !extraDirectories.isEmpty {
            guard let bundled = bundledFontDirectory, BundledFonts.exists(bundled) else {
                FcConfigDestroy(config)
                throw SetupError.missingFonts(bundledFontDirectory ?? "(no resource bundle)")
            }
            // The folder scan reads fontconfig's cache (2 ms a start saved, the CJK and symbol
            // fonts not parsed again), but writes one too, and prints "No writable cache
            // directories" on every run where it cannot: then file by file, in the folder scan's
            // order (the same fonts in the same order, the same bytes out).
            let added =
                BundledFonts.hasWritableCacheHome
                ? FcConfigAppFontAddDir(config, bundled) != FcFalse
                : addBundledFonts(in: bundled, to: config)
            if !added {
                FcConfigDestroy(config)
                throw SetupError.fontconfig("cannot read fonts in \(bundled)")
            }
        }
        let problems = extraDirectories.flatMap { addFonts(in: $0, to: config, limits: limits) }
        if !problems.isEmpty {
            FcConfigDestroy(config)
            throw SetupError.unusableFonts(problems)
        }
        return config
    }

    /// Adds the font files of a `--fonts` folder one by one (never fontconfig's folder scan, which
    /// opens whatever it finds), each from the in-memory copy of the bytes `FontFolder` read;
    /// returns the files that cannot be used.
    private static func addFonts(in directory: String, to config: OpaquePointer, limits: Limits)
        -> [FontFolder.Problem]
    {
        let (files, problems) = FontFolder.scan(directory, limits: limits)
        func fontCount() -> Int32 { FcConfigGetFonts(config, FcSetApplication)?.pointee.nfont ?? 0 }
        return problems
            + files.compactMap { file in
                let before = fontCount()
                // fontconfig accepts a file it finds no font in: only a new font in the set tells.
                guard FcConfigAppFontAddFile(config, file.copy) == FcFalse || fontCount() == before else { return nil }
                return FontFolder.Problem(path: file.path, reason: "is not a font file FreeType can read")
            }
    }

    /// Adds the bundled fonts file by file, in the folder scan's order.
    private static func addBundledFonts(in directory: String, to config: OpaquePointer) -> Bool {
        let (files, problems) = FontFolder.list(directory)
        return problems.isEmpty && files.allSatisfy { FcConfigAppFontAddFile(config, $0) != FcFalse }
    }

    private static let discard: cairo_write_func_t = { _, _, _ in CAIRO_STATUS_SUCCESS }
    /// A scratch SVG surface whose state text is measured in.
    private let measuringSurface: CairoSurface
    private let measuringContext: CairoContext

    /// Puts the context in the state text is measured in: the state painting
    /// an SVG leaves it in. Measurements then do not depend on what was painted before (a PNG
    /// at another scale), and the lines an SVG lays out itself are shaped in the same state as
    /// the lines kept from measuring.
    func enterMeasuringState() {
        updateContext(for: measuringContext.pointer)
    }

    /// The surface type and transformation the context was last updated for.
    private var contextState: (type: cairo_surface_type_t, matrix: [Double])?

    /// `pango_cairo_update_context`, skipped when the surface type (which fixes the surface's
    /// font options) and the transformation are those of the last update: every update marks the
    /// context changed, and that lays out the renderer's layout again at its next use.
    func updateContext(for cr: OpaquePointer) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let state = (type: cairo_surface_get_type(cairo_get_target(cr)), matrix: [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0])
        if let contextState, contextState.type == state.type, contextState.matrix == state.matrix { return }
        pango_cairo_update_context(cr, context)
        contextState = state
    }

    /// Pango's font map starts `FcInit()` on a thread and waits for it before its first font:
    /// that loads the machine's whole fontconfig setup and font caches, only to be ignored in
    /// hermetic mode. With a current configuration already
    /// set, `FcInit()` returns at once, so the first hermetic library of a process makes the
    /// bundled configuration fontconfig's current one (code that uses fontconfig's default
    /// configuration in the same process then sees the bundled fonts).
    private static func installAsProcessDefault(_ config: OpaquePointer) {
        guard !installedAsProcessDefault else { return }
        installedAsProcessDefault = true
        _ = FcConfigSetCurrent(config)
    }

    nonisolated(unsafe) private static var installedAsProcessDefault = false // the text thread's

    deinit {
        // The named fonts first: they are the context's and the font map's.
        let (faces, attributes, descriptions) = (faces, Array(itemizeAttributes.values), Array(descriptions.values))
        let (context, fontMap) = (UnsafeMutableRawPointer(context), UnsafeMutableRawPointer(fontMap))
        TextThread.release {
            faces.releaseAll()
            for case let list? in attributes { pango_attr_list_unref(list) }
            for description in descriptions { pango_font_description_free(description) }
            g_object_unref(context)
            g_object_unref(fontMap)
        }
    }

    /// The attribute list `pango_layout_check_lines` itemizes a text in `font` with: the font
    /// description from its first byte to its last. Nil for a small-caps or title-caps font,
    /// whose items a layout splits by word starts (`ShapedLine` has no word starts).
    func itemizeAttributes(_ font: String) -> OpaquePointer? {
        if let known = itemizeAttributes[font] { return known }
        let description = self.description(font)
        var attributes: OpaquePointer?
        if pango_font_description_get_variant(description) == PANGO_VARIANT_NORMAL, let list = pango_attr_list_new() {
            pango_attr_list_insert_before(list, pango_attr_font_desc_new(description))
            attributes = list
        }
        itemizeAttributes[font] = attributes
        return attributes
    }

    /// The font a glyph run's `face` names, for drawing it.
    func font(named face: String) -> UnsafeMutablePointer<PangoFont>? {
        face.isEmpty ? nil : faces.font(named: face, map: fontMap, context: context)
    }

    /// Whether `font` was named by measuring, in the measuring state (`FaceNames.isMeasured`).
    func isMeasured(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
        faces.isMeasured(UnsafeMutableRawPointer(font))
    }

    /// A parsed Pango font description, cached by its string.
    func description(_ font: String) -> OpaquePointer {
        if let cached = descriptions[font] { return cached }
        let parsed = pango_font_description_from_string(font)!
        descriptions[font] = parsed
        return parsed
    }
}
