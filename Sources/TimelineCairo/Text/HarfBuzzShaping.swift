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
    /// could shape differently.
    static func shape(_ item: UnsafeMutablePointer<PangoItem>, text: UnsafePointer<CChar>, length: Int32)
        -> (glyphs: UnsafeMutablePointer<PangoGlyphString>, unsafe: [Bool])?
    {
        let analysis = item.pointee.analysis
        guard let font = analysis.font, analysis.extra_attrs == nil, analysis.level & 1 == 0,
            analysis.gravity == UInt8(PANGO_GRAVITY_SOUTH.rawValue),
            // No centred baseline, ellipsis or hyphen (bit 7 only says the item knows its character offset).
            analysis.flags & 0x7 == 0,
            let hbFont = pango_font_get_hb_font(font)
        else { return nil }
        let face = hb_font_get_face(hbFont)
        // Pango marks colour glyphs (`glyph_has_color`): such fonts are left to it.
        guard hb_ot_color_has_layers(face) == 0, hb_ot_color_has_png(face) == 0, hb_ot_color_has_svg(face) == 0 else {
            return nil
        }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        fill(buffer, item: item, text: text, length: length)
        var features = [hb_feature_t](repeating: hb_feature_t(), count: 32)
        var featureCount: UInt32 = 0
        features.withUnsafeMutableBufferPointer { pango_font_get_features(font, $0.baseAddress, 32, &featureCount) }
        hb_shape(hbFont, buffer, features, featureCount)

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, nil),
            count > 0
        else { return nil }
        return glyphString(infos, positions, count: Int(count), offset: Int(item.pointee.offset))
    }

    /// The buffer set up as `pango_hb_shape` sets it, with the item's text and its context.
    private static func fill(
        _ buffer: OpaquePointer?, item: UnsafeMutablePointer<PangoItem>, text: UnsafePointer<CChar>, length: Int32
    ) {
        let analysis = item.pointee.analysis
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(
            buffer,
            hb_script_from_iso15924_tag(g_unicode_script_to_iso15924(GUnicodeScript(rawValue: Int32(analysis.script)))))
        hb_buffer_set_language(buffer, hb_language_from_string(pango_language_to_string(analysis.language), -1))
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_buffer_set_flags(
            buffer, hb_buffer_flags_t(rawValue: HB_BUFFER_FLAG_BOT.rawValue | HB_BUFFER_FLAG_EOT.rawValue))
        hb_buffer_set_invisible_glyph(buffer, SVGGlyphs.emptyGlyph)
        let offset = UInt32(item.pointee.offset)
        let itemLength = Int32(item.pointee.length)
        // Pre-context, the item, post-context, as `pango_hb_shape` adds them.
        hb_buffer_add_utf8(buffer, text, Int32(offset), offset, 0)
        hb_buffer_add_utf8(buffer, text, Int32(offset) + itemLength, offset, itemLength)
        hb_buffer_add_utf8(buffer, text, length, offset + UInt32(itemLength), 0)
    }

    /// HarfBuzz's glyphs as Pango's, with their unsafe-to-break flags; nil on a glyph the font
    /// lacks or a negative advance, which Pango would shape differently.
    private static func glyphString(
        _ infos: UnsafeMutablePointer<hb_glyph_info_t>, _ positions: UnsafeMutablePointer<hb_glyph_position_t>,
        count: Int, offset: Int
    ) -> (glyphs: UnsafeMutablePointer<PangoGlyphString>, unsafe: [Bool])? {
        let glyphs = pango_glyph_string_new()!
        pango_glyph_string_set_size(glyphs, Int32(count))
        var unsafe = [Bool](repeating: false, count: count)
        var lastCluster = -1
        for index in 0..<count {
            let info = infos[index]
            let position = positions[index]
            let cluster = Int(info.cluster) - offset
            guard info.codepoint != 0, position.x_advance >= 0 else {
                pango_glyph_string_free(glyphs)
                return nil
            }
            glyphs.pointee.glyphs[index].glyph = info.codepoint
            glyphs.pointee.glyphs[index].geometry = PangoGlyphGeometry(
                width: position.x_advance, x_offset: position.x_offset,
                y_offset: -position.y_offset)
            var attributes = PangoGlyphVisAttr()
            attributes.is_cluster_start = cluster != lastCluster ? 1 : 0
            glyphs.pointee.glyphs[index].attr = attributes
            glyphs.pointee.log_clusters[index] = Int32(cluster)
            lastCluster = cluster
            var copy = info
            unsafe[index] = hb_glyph_info_get_glyph_flags(&copy).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
        }
        return (glyphs, unsafe)
    }
}
