import CPangoCairo

extension FontLibrary {
    /// The generic names the bundled configuration maps to a bundled family (`hermeticRules`):
    /// a font may name them as it would a family.
    public static let genericFamilies = ["sans-serif", "sans", "serif", "monospace", "mono"]

    /// The families the library's fonts hold (the bundled ones, `--fonts` folders', and with
    /// `systemFonts` the machine's), sorted and without repeats. A font with names in several
    /// languages counts under each.
    public var families: [String] {
        TextThread.run { fontFamilies }
    }

    private var fontFamilies: [String] {
        guard let config = pango_fc_font_map_get_config(OpaquePointer(fontMap)) else { return [] }
        var names = Set<String>()
        for set in [FcSetApplication, FcSetSystem] {
            guard let fonts = FcConfigGetFonts(config, set)?.pointee, let patterns = fonts.fonts else { continue }
            for index in 0..<Int(fonts.nfont) {
                var position: Int32 = 0
                var name: UnsafeMutablePointer<FcChar8>?
                while FcPatternGetString(patterns[index], FC_FAMILY, position, &name) == FcResultMatch, let name {
                    names.insert(String(cString: name))
                    position += 1
                }
            }
        }
        return names.sorted()
    }

    /// The family of a Pango font description ("Inter Semi-Bold 14" → "Inter"), nil when it names
    /// none (only a size or a style).
    public func family(ofDescription font: String) -> String? {
        guard TextThread.isCurrent else { return TextThread.run { family(ofDescription: font) } }
        guard let family = pango_font_description_get_family(description(font)) else { return nil }
        let name = String(cString: family)
        return name.isEmpty ? nil : name
    }
}
