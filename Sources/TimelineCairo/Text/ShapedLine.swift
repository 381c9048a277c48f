import CPangoCairo

/// A text that is one left-to-right run in one font, itemized and shaped without a
/// `PangoLayout`: a layout also works out line breaks (UAX #14 for every character), builds
/// lines and caches ink extents, all of it wasted on a text that fits on one line. Its glyphs and extents are exactly
/// those a layout of the same text gives (Pango 1.50's `pango_layout_check_lines` and `pango_layout_line_get_extents`
/// for a single item), which `ShapedLineTests` compares text by text.
/// Handed between threads whole: made by one measuring thread, read by the drawing one after it.
final class ShapedLine: @unchecked Sendable {
    /// The item (its font and analysis) and its glyphs, owned by this object.
    let item: UnsafeMutablePointer<PangoItem>
    let glyphs: UnsafeMutablePointer<PangoGlyphString>
    /// The line's logical extents in Pango units, its origin on the baseline.
    let logical: PangoRectangle
    /// Per glyph, whether the text may not be cut before it (HarfBuzz's flag), when known.
    let unsafeToBreak: [Bool]?
    private init(
        item: UnsafeMutablePointer<PangoItem>, glyphs: UnsafeMutablePointer<PangoGlyphString>, logical: PangoRectangle,
        unsafeToBreak: [Bool]?
    ) {
        self.item = item
        self.glyphs = glyphs
        self.logical = logical
        self.unsafeToBreak = unsafeToBreak
    }

    deinit {
        // The item holds a reference to its font, a Pango object of the text thread's.
        let (item, glyphs) = (item, glyphs)
        TextThread.release {
            pango_item_free(item)
            pango_glyph_string_free(glyphs)
        }
    }

    /// The distance from the line's top to its baseline, in Pango units (`pango_layout_get_baseline`).
    var baseline: Int32 { -logical.y }

    /// Shapes `bytes` as one line, or nil when a layout could lay it out differently: more than
    /// one line (line or paragraph separators, or wider than `maxWidth`), a right-to-left or
    /// mixed-font line (a layout reorders runs and shifts their baselines), bidirectional
    /// formatting, or characters whose break properties a layout acts on at the line's end (soft
    /// hyphen, hyphenation point, trailing white space, which measuring trims).
    static func shape(
        _ bytes: UnsafeBufferPointer<UInt8>, text: String, context: OpaquePointer,
        attributes: OpaquePointer, maxWidth: Int32, memory: ShapingMemory? = nil
    ) -> ShapedLine? {
        guard let line = shape(bytes, text: text, context: context, attributes: attributes, memory: memory),
            line.logical.width <= maxWidth
        else { return nil }
        return line
    }

    /// The text shaped as one line, however wide: nil as `shape(_:text:context:attributes:maxWidth:)`
    /// except for the width, which `LineBreaker` breaks lines by. `memory` keeps what texts share.
    static func shape(
        _ bytes: UnsafeBufferPointer<UInt8>, text: String, context: OpaquePointer,
        attributes: OpaquePointer, memory: ShapingMemory? = nil
    ) -> ShapedLine? {
        guard let chars = bytes.baseAddress.map({ UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) })
        else { return nil }
        let length = Int32(bytes.count)
        let ahead = memory?.take(text)
        if let ahead, let glyphs = ahead.glyphs, let (string, unsafe) = HarfBuzzShaping.glyphString(glyphs, offset: 0) {
            return ShapedLine(item: ahead.item, glyphs: string, unsafeToBreak: unsafe)
        }
        guard
            let item = ahead?.item
                ?? lineItem(bytes, text: text, context: context, attributes: attributes, memory: memory)
        else { return nil }
        if let (glyphs, unsafe) = HarfBuzzShaping.shape(item, text: chars, length: length, memory: memory) {
            return ShapedLine(item: item, glyphs: glyphs, unsafeToBreak: unsafe)
        }
        let glyphs = pango_glyph_string_new()!
        pango_shape_item(item, chars, length, nil, glyphs, PANGO_SHAPE_NONE)
        return ShapedLine(item: item, glyphs: glyphs)
    }

    /// The one left-to-right item of a text `shape` shapes (owned by the caller); nil for a text
    /// it refuses.
    static func lineItem(
        _ bytes: UnsafeBufferPointer<UInt8>, text: String, context: OpaquePointer, attributes: OpaquePointer,
        memory: ShapingMemory?
    ) -> UnsafeMutablePointer<PangoItem>? {
        guard isPlainLine(bytes), !endsInWhitespace(bytes, text: text) else { return nil }
        if let item = memory?.analyses.item(bytes, context: context, attributes: attributes) { return item }
        // A layout takes the paragraph's direction from its first strong character. Without
        // explicit embeddings, a right-to-left one gets an odd level in a left-to-right
        // paragraph, and is refused: the line is left-to-right as the layout's. So is a text
        // Pango itemizes into several items.
        let chars = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
        guard
            let list = pango_itemize_with_base_dir(
                context, PANGO_DIRECTION_LTR, chars, 0, Int32(bytes.count), attributes, nil)
        else { return nil }
        guard list.pointee.next == nil, let item = list.pointee.data?.assumingMemoryBound(to: PangoItem.self),
            item.pointee.analysis.level & 1 == 0
        else {
            g_list_free_full(list) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) }
            return nil
        }
        g_list_free(list)
        memory?.analyses.learn(bytes, item: item, context: context, attributes: attributes)
        return item
    }

    /// Whether `text` (its UTF-8 `bytes`) is empty or its last character is white space
    /// (`Character.isWhitespace`). Two ASCII bytes at the end, the last visible, end in a
    /// character of that byte alone, no white space: answered from the bytes (#48: finding the
    /// last character walked grapheme breaks backwards, 750 instructions a text).
    static func endsInWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, text: String) -> Bool {
        if let last = bytes.last, last > 0x20, last < 0x7F, bytes.count == 1 || bytes[bytes.count - 2] < 0x80 {
            return false
        }
        return text.last?.isWhitespace != false
    }

    /// A line of one run, `item` and `glyphs` taken over, with a layout line's extents.
    convenience init(
        item: UnsafeMutablePointer<PangoItem>, glyphs: UnsafeMutablePointer<PangoGlyphString>,
        unsafeToBreak: [Bool]? = nil
    ) {
        let run = Self.logicalExtents(glyphs, font: item.pointee.analysis.font)
        // A layout line's extents start from an empty rectangle at the origin and take in each run.
        var logical = PangoRectangle()
        logical.x = min(0, run.x)
        logical.width = max(0, run.x + run.width) - logical.x
        logical.y = min(0, run.y)
        logical.height = max(0, run.y + run.height) - logical.y
        self.init(item: item, glyphs: glyphs, logical: logical, unsafeToBreak: unsafeToBreak)
    }

    /// `pango_glyph_string_extents`' logical rectangle, without its ink: a Pango cairo font gives
    /// every real glyph the font's ascent and descent and its advance as logical extents, while
    /// asking for them loads the glyph's outline for its ink extents (most of the cost of a
    /// glyph not seen before). Empty and unknown glyphs, which have extents of their own, are
    /// left to Pango.
    private static func logicalExtents(
        _ glyphs: UnsafeMutablePointer<PangoGlyphString>,
        font: UnsafeMutablePointer<PangoFont>?
    ) -> PangoRectangle {
        var run = PangoRectangle()
        let count = Int(glyphs.pointee.num_glyphs)
        var width: Int32 = 0
        for index in 0..<count {
            let glyph = glyphs.pointee.glyphs[index]
            guard glyph.glyph < SVGGlyphs.emptyGlyph, font != nil else {
                pango_glyph_string_extents(glyphs, font, nil, &run)
                return run
            }
            width += glyph.geometry.width
        }
        guard count > 0 else { return run }
        pango_font_get_glyph_extents(font, SVGGlyphs.emptyGlyph, nil, &run)
        run.x = 0
        run.width = width
        return run
    }

    /// This line as a text of its own: its item starting at 0, without the glyphs of its last
    /// bytes from `length` on (trailing white space a measured line is trimmed of).
    func standalone(length: Int, characters: Int) -> ShapedLine {
        let item = self.item.copy(offset: 0, length: length, characters: characters)
        var kept = Int(self.glyphs.pointee.num_glyphs)
        while kept > 0, Int(self.glyphs.pointee.log_clusters[kept - 1]) >= length { kept -= 1 }
        // A new string of the kept glyphs: a copy would keep room for all of them (kept lines
        // stay until the document is drawn).
        let glyphs = pango_glyph_string_new()!
        pango_glyph_string_set_size(glyphs, Int32(kept))
        if kept > 0 {
            glyphs.pointee.glyphs.update(from: self.glyphs.pointee.glyphs, count: kept)
            glyphs.pointee.log_clusters.update(from: self.glyphs.pointee.log_clusters, count: kept)
        }
        return ShapedLine(item: item, glyphs: glyphs)
    }

    /// Whether any of `glyphs` is one the fonts lack, which Pango draws as a hex box.
    static func hasUnknownGlyph(_ glyphs: UnsafeMutablePointer<PangoGlyphString>) -> Bool {
        (0..<Int(glyphs.pointee.num_glyphs)).contains { glyphs.pointee.glyphs[$0].glyph & SVGGlyphs.unknownFlag != 0 }
    }

    /// No control characters (tabs, line breaks), no next-line, line or paragraph separator
    /// (U+0085, U+2028, U+2029), soft hyphen (U+00AD), hyphenation point (U+2027), and no
    /// bidirectional formatting (U+061C, U+200E, U+200F, U+202A – U+202E, U+2066 – U+2069).
    static func isPlainLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte < 0x20 || byte == 0x7F { return false }
            } else if byte == 0xC2, index + 1 < count {
                let next = bytes[index + 1]
                if next == 0x85 || next == 0xAD { return false }
            } else if byte == 0xD8, index + 1 < count, bytes[index + 1] == 0x9C {
                return false
            } else if byte == 0xE2, index + 2 < count {
                let (second, last) = (bytes[index + 1], bytes[index + 2])
                if second == 0x80,
                    last == 0x8E || last == 0x8F || (0xA7...0xA9).contains(last) || (0xAA...0xAE).contains(last)
                {
                    return false
                }
                if second == 0x81, (0xA6...0xA9).contains(last) { return false }
            }
            index += 1
        }
        return true
    }
}

extension UnsafeMutablePointer<PangoItem> {
    /// A copy of the item (owned by the caller) over `length` bytes from `offset`, `characters` of them.
    func copy(offset: Int, length: Int, characters: Int) -> UnsafeMutablePointer<PangoItem> {
        let copy = pango_item_copy(self)!
        copy.pointee.offset = Int32(offset)
        copy.pointee.length = Int32(length)
        copy.pointee.num_chars = Int32(characters)
        return copy
    }
}
