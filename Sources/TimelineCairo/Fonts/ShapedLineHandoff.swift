import CPangoCairo
import TimelineScene

/// What a font library's measuring hands to its drawing: the lines measuring shaped, by font and
/// text, so the SVG writer and the PDF painter draw them without shaping the same text again
/// (shaping is most of the cost of text); and the sibling libraries that shape on other
/// threads, whose lines are handed over here once their threads are done.
/// Used by one thread at a time, as its library.
final class ShapedLineHandoff {
    /// Libraries with the same fonts that shape text on other threads; their lines are drawn
    /// with this library's fonts, so their contexts are kept in the same state as its own.
    private(set) var siblings: [FontLibrary] = []
    private var lines: [Key: ShapedLine] = [:]

    /// Texts by their bytes: canonically equivalent texts shape differently.
    private struct Key: Hashable {
        let font: String
        let text: String

        static func == (lhs: Key, rhs: Key) -> Bool { lhs.font == rhs.font && lhs.text.hasSameBytes(as: rhs.text) }

        func hash(into hasher: inout Hasher) {
            hasher.combine(font)
            text.hashBytes(into: &hasher)
        }
    }

    /// Most lines kept: past it, the lines of texts measured before are dropped.
    static let limit = 200_000

    var count: Int { lines.count }

    /// Another library with the same fonts, for shaping on another thread (any thread may make
    /// it). `adopt` it before drawing its lines.
    static func sibling(sameFontsAs setup: FontLibrary.Setup) throws -> FontLibrary {
        try FontLibrary(extraDirectories: setup.extraDirectories, systemFonts: setup.systemFonts)
    }

    /// Registers a sibling: its context follows this library's from now on, and its lines are
    /// taken over with `takeOver(from:)`.
    func adopt(_ sibling: FontLibrary) {
        siblings.append(sibling)
    }

    /// Keeps the siblings' contexts in the state of the library's own, updated for `cr`.
    func updateSiblings(for cr: OpaquePointer) {
        for sibling in siblings { sibling.updateContext(for: cr) }
    }

    /// Makes room for `count` more lines, here and in the siblings (whose lines come here).
    func reserve(_ count: Int) {
        lines.reserveCapacity(lines.count + count)
        for sibling in siblings { sibling.handoff.lines.reserveCapacity(count / (siblings.count + 1) + 1) }
    }

    /// Keeps `line`, the shaping of exactly `text` in `font`; a line already kept stays.
    /// - Returns: the line kept, for the measured line to hand on (a wrapped title's last lines
    ///   repeat from item to item: handing on each copy would keep thousands alive).
    @discardableResult
    func keep(_ line: ShapedLine, text: String, font: String) -> ShapedLine {
        line.keep(as: text, font: font)
        let key = Key(font: font, text: text)
        if lines.count >= Self.limit {
            if let kept = lines[key] { return kept }
            discardAll()
        }
        // One lookup for a new text (most are): a line already kept is put back.
        if let kept = lines.updateValue(line, forKey: key) {
            lines[key] = kept
            return kept
        }
        return line
    }

    /// The kept shaping of exactly `text` on one line in `font`.
    func line(_ text: String, font: String) -> ShapedLine? {
        lines.isEmpty ? nil : lines[Key(font: font, text: text)]
    }

    /// Takes over the lines `sibling` kept, once its thread is done with them, and finds the
    /// fonts of `library` (whose handoff this is) they are drawn in while `library` is still in
    /// the state they were measured in: found later, in a scaled PDF's state, they would be
    /// fonts at a size rounded another way, so a line's bytes would depend on its thread.
    func takeOver(from sibling: FontLibrary, in library: FontLibrary) {
        for (key, line) in sibling.handoff.lines where lines.count < Self.limit {
            if let kept = lines.updateValue(line, forKey: key) {
                lines[key] = kept
                continue
            }
            let font = line.item.pointee.analysis.font
            if let font { _ = ownFont(font, text: key.text, fontName: key.font, in: library) }
        }
        sibling.handoff.discardAll()
    }

    func discardAll() {
        lines.removeAll()
    }

    /// Fonts of siblings' kept lines, by pointer: the font the library's own itemization picks
    /// for the same text (a PDF embeds a font once per cairo font face), or nil.
    private var ownFonts: [UnsafeMutablePointer<PangoFont>: UnsafeMutablePointer<PangoFont>?] = [:]
    /// References taken by `ownFont`, dropped with `release()`.
    private var ownedFonts: [UnsafeMutablePointer<PangoFont>] = []

    /// `font` when it is `library`'s (whose handoff this is), else the font `library` itemizes
    /// `text` in `fontName` with, when that is one run in a font of the same file; nil otherwise.
    func ownFont(_ font: UnsafeMutablePointer<PangoFont>, text: String, fontName: String, in library: FontLibrary)
        -> UnsafeMutablePointer<PangoFont>?
    {
        if pango_font_get_font_map(font) == library.fontMap { return font }
        if let known = ownFonts[font] { return known }
        var own: UnsafeMutablePointer<PangoFont>?
        if let attributes = library.itemizeAttributes(fontName),
            let list = pango_itemize_with_base_dir(
                library.context, PANGO_DIRECTION_LTR, text, 0, Int32(text.utf8.count), attributes, nil)
        {
            if list.pointee.next == nil, let data = list.pointee.data,
                let candidate = data.assumingMemoryBound(to: PangoItem.self).pointee.analysis.font,
                let file = Self.fontFile(candidate), file == Self.fontFile(font)
            {
                own = candidate
                g_object_ref(candidate)
                ownedFonts.append(candidate)
            }
            g_list_free_full(list) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) }
        }
        g_object_ref(font)
        ownedFonts.append(font)
        ownFonts[font] = own
        return own
    }

    private static func fontFile(_ font: UnsafeMutablePointer<PangoFont>) -> String? {
        guard
            let pattern = pango_fc_font_get_pattern(
                UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self))
        else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file,
            FcPatternGetInteger(pattern, FC_INDEX, 0, &index) == FcResultMatch
        else { return nil }
        return String(cString: file) + "#\(index)"
    }

    /// Drops the kept lines and the fonts' references, before the library's font map goes.
    func release() {
        discardAll()
        for font in ownedFonts { g_object_unref(UnsafeMutableRawPointer(font)) }
        ownedFonts.removeAll()
        ownFonts.removeAll()
    }
}
