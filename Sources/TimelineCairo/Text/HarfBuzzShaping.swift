import CPangoCairo

/// Shapes an item as Pango 1.50's `pango_shape_item` does (`pango_hb_shape`: the same buffer
/// settings, context and features), straight through HarfBuzz, keeping what Pango drops: which
/// glyphs start a place where the text may not be cut and shaped in parts
/// (`HB_GLYPH_FLAG_UNSAFE_TO_BREAK`). Everywhere else, a wrapped line's glyphs are a slice of
/// the text's, so a text is shaped once however many lines it makes.
///
/// Pango shapes through a sub-font whose callbacks turn characters the font lacks into hex-box
/// glyphs and draw spaces and ignorables on request; this uses the font itself, so any glyph 0
/// (a character the font lacks), colour glyphs, attributes on the item, vertical or right-to-left
/// text make it answer nil and Pango shape the item. `HarfBuzzShapingTests` compares the glyphs
/// with `pango_shape_item`'s.
enum HarfBuzzShaping {
    /// The item's glyphs and, per glyph, whether it is unsafe to break before; nil where Pango
    /// could shape differently. With `pieces`, a whole text of a script that never joins across
    /// spaces is put together from its word pieces' glyphs where they may be concatenated.
    static func shape(
        _ item: UnsafeMutablePointer<PangoItem>, text: UnsafePointer<CChar>, length: Int32,
        memory: ShapingMemory? = nil
    ) -> (glyphs: UnsafeMutablePointer<PangoGlyphString>, unsafe: [Bool])? {
        // The whole text is the item: no context around it, which pieces are shaped without.
        if let memory, let font = memory.piecesFont(item, length: length),
            let glyphs = memory.pieces.glyphs(
                UnsafeBufferPointer(
                    start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: Int(length)),
                analysis: item.pointee.analysis, hbFont: font.hbFont, features: font.features)
        {
            return glyphString(glyphs, offset: 0)
        }
        guard let font = itemFont(item) else { return nil }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        configureWhole(buffer, analysis: item.pointee.analysis)
        addText(buffer, item: item, text: text, length: length)
        hb_shape(font.hbFont, buffer, font.features, UInt32(font.features.count))
        return glyphString(glyphs(buffer), offset: Int(item.pointee.offset))
    }

    /// The glyphs of a whole text that is one item of `analysis`, shaped in `buffer` as `shape`
    /// shapes such an item (nothing around it is context).
    static func wholeText(
        _ text: UnsafeBufferPointer<UInt8>, analysis: PangoAnalysis, font: ItemFont, buffer: OpaquePointer?
    ) -> [ShapedGlyph] {
        hb_buffer_clear_contents(buffer)
        configureWhole(buffer, analysis: analysis)
        text.withMemoryRebound(to: CChar.self) {
            hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
        }
        hb_shape(font.hbFont, buffer, font.features, UInt32(font.features.count))
        return glyphs(buffer)
    }

    /// The settings of a buffer that holds a whole paragraph: its beginning and end are the text's.
    private static func configureWhole(_ buffer: OpaquePointer?, analysis: PangoAnalysis) {
        configure(
            buffer, analysis: analysis,
            flags: hb_buffer_flags_t(rawValue: HB_BUFFER_FLAG_BOT.rawValue | HB_BUFFER_FLAG_EOT.rawValue))
    }

    /// What HarfBuzz shapes an item with: the font and Pango's features for it.
    struct ItemFont {
        var hbFont: OpaquePointer
        var features: [hb_feature_t]
    }

    /// The item's HarfBuzz font and features; nil where Pango could shape differently.
    static func itemFont(_ item: UnsafeMutablePointer<PangoItem>) -> ItemFont? {
        guard isPlain(item.pointee.analysis), let font = item.pointee.analysis.font,
            let hbFont = pango_font_get_hb_font(font)
        else { return nil }
        let face = hb_font_get_face(hbFont)
        // Pango marks colour glyphs (`glyph_has_color`): such fonts are left to it.
        guard hb_ot_color_has_layers(face) == 0, hb_ot_color_has_png(face) == 0, hb_ot_color_has_svg(face) == 0 else {
            return nil
        }
        var features = [hb_feature_t](repeating: hb_feature_t(), count: 32)
        var featureCount: UInt32 = 0
        features.withUnsafeMutableBufferPointer { pango_font_get_features(font, $0.baseAddress, 32, &featureCount) }
        features.removeSubrange(Int(featureCount)...)
        return ItemFont(hbFont: hbFont, features: features)
    }

    /// Whether an item of `analysis` has nothing but its font to shape it by: a font, no
    /// attributes, left to right, upright, and no centred baseline, ellipsis or hyphen (bit 7 of
    /// the flags only says the item knows its character offset).
    static func isPlain(_ analysis: PangoAnalysis) -> Bool {
        analysis.font != nil && analysis.extra_attrs == nil && analysis.level & 1 == 0
            && analysis.gravity == UInt8(PANGO_GRAVITY_SOUTH.rawValue) && analysis.flags & 0x7 == 0
    }

    /// The buffer's settings as `pango_hb_shape` sets them, with `flags`.
    static func configure(_ buffer: OpaquePointer?, analysis: PangoAnalysis, flags: hb_buffer_flags_t) {
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(
            buffer,
            hb_script_from_iso15924_tag(g_unicode_script_to_iso15924(GUnicodeScript(rawValue: Int32(analysis.script)))))
        hb_buffer_set_language(buffer, hb_language_from_string(pango_language_to_string(analysis.language), -1))
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_buffer_set_flags(buffer, flags)
        hb_buffer_set_invisible_glyph(buffer, SVGGlyphs.emptyGlyph)
    }

    /// The item's text and its context, as `pango_hb_shape` adds them.
    private static func addText(
        _ buffer: OpaquePointer?, item: UnsafeMutablePointer<PangoItem>, text: UnsafePointer<CChar>, length: Int32
    ) {
        let offset = UInt32(item.pointee.offset)
        let itemLength = Int32(item.pointee.length)
        // Pre-context, the item, post-context.
        hb_buffer_add_utf8(buffer, text, Int32(offset), offset, 0)
        hb_buffer_add_utf8(buffer, text, Int32(offset) + itemLength, offset, itemLength)
        hb_buffer_add_utf8(buffer, text, length, offset + UInt32(itemLength), 0)
    }

    /// The shaped buffer's glyphs.
    static func glyphs(_ buffer: OpaquePointer?) -> [ShapedGlyph] {
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return [] }
        return (0..<Int(count)).map { index in
            let position = positions[index]
            return ShapedGlyph(
                glyph: infos[index].codepoint, advance: position.x_advance, xOffset: position.x_offset,
                yOffset: position.y_offset, cluster: Int32(bitPattern: infos[index].cluster),
                unsafeToBreak: hb_glyph_info_get_glyph_flags(infos + index).rawValue
                    & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0)
        }
    }

    /// Whether the shaped buffer's glyph `index` is flagged unsafe to concatenate.
    static func isUnsafeToConcat(_ buffer: OpaquePointer?, at index: Int) -> Bool {
        guard let infos = hb_buffer_get_glyph_infos(buffer, nil) else { return true }
        return hb_glyph_info_get_glyph_flags(infos + index).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_CONCAT.rawValue != 0
    }

    /// HarfBuzz's glyphs as Pango's, with their unsafe-to-break flags; nil on no glyph, a glyph
    /// the font lacks or a negative advance, which Pango would shape differently.
    static func glyphString(_ shaped: [ShapedGlyph], offset: Int)
        -> (glyphs: UnsafeMutablePointer<PangoGlyphString>, unsafe: [Bool])?
    {
        guard !shaped.isEmpty, !shaped.contains(where: { $0.glyph == 0 || $0.advance < 0 }) else { return nil }
        let glyphs = pango_glyph_string_new()!
        pango_glyph_string_set_size(glyphs, Int32(shaped.count))
        // Written through the string's arrays and the source's buffer, the flags gathered in the
        // same pass (#48: 1,750 instructions a text through `pointee` and a `map`).
        guard let infos = glyphs.pointee.glyphs, let clusters = glyphs.pointee.log_clusters else {
            pango_glyph_string_free(glyphs)
            return nil
        }
        var unsafe = [Bool](repeating: false, count: shaped.count)
        shaped.withUnsafeBufferPointer { source in
            unsafe.withUnsafeMutableBufferPointer { flags in
                var lastCluster = -1
                for index in source.indices {
                    let glyph = source[index]
                    let cluster = Int(glyph.cluster) - offset
                    var attributes = PangoGlyphVisAttr()
                    attributes.is_cluster_start = cluster != lastCluster ? 1 : 0
                    infos[index] = PangoGlyphInfo(
                        glyph: glyph.glyph,
                        geometry: PangoGlyphGeometry(
                            width: glyph.advance, x_offset: glyph.xOffset, y_offset: -glyph.yOffset),
                        attr: attributes)
                    clusters[index] = Int32(cluster)
                    flags[index] = glyph.unsafeToBreak
                    lastCluster = cluster
                }
            }
        }
        return (glyphs, unsafe)
    }
}
