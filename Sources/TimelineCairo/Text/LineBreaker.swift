import CPangoCairo

/// Breaks a text that `ShapedLine` shaped as one item, but that is wider than its column, into
/// lines: where lines may break is ours (`OwnLineBreaks`, from `TimelineBreaks`: the engine
/// defines the output, on every platform); how each line is filled and measured is Pango 1.50's
/// `process_item` for a paragraph of one item, from the log widths, measuring the same candidate
/// pieces. A piece is a slice of the text's one shaping wherever HarfBuzz says the text may be cut
/// at both its ends, and is shaped (with the paragraph as context, as Pango does) only elsewhere.
/// `WrappedMeasuringTests` and `LineBreakerTests` compare the lines, widths, baselines, SVG and
/// PDF with a `PangoLayout` given the same opportunities (`OwnLineBreaks.layoutAttributes`).
struct LineBreaker {
    /// A line: its bytes in the text, and the layout's run (`shapedLine(_:)` makes it): the piece
    /// as the paragraph shapes it, unless the line ends in white space and no candidate break
    /// measured it (measuring trims the line and shapes it alone).
    struct Line {
        var start: Int
        var end: Int
        /// The character offsets of `start` and `end`.
        var startCharacter: Int
        var endCharacter: Int
        var run: Run?
    }

    /// A run: the whole text, a slice of its glyphs (characters `from..<to`, made only for the
    /// lines chosen), or a piece shaped with the paragraph as context.
    enum Run {
        case whole
        case slice(Int, Int)
        case shaped(ShapedLine)
    }

    private let item: UnsafeMutablePointer<PangoItem>
    private let chars: UnsafePointer<CChar>
    private let length: Int32
    /// `PANGO_WRAP_WORD`, or `PANGO_WRAP_WORD_CHAR` (by characters when no word fits).
    private let wrap: PangoWrapMode
    private var attrs: [PangoLogAttr]
    private var logWidths: [Int]
    /// By character offset: the sum of the log widths from there to the end, so each line's rest
    /// is summed once, not character by character (which made a text of many lines quadratic).
    private var widthsFrom: [Int]
    /// Character offsets to byte offsets, one more than the characters.
    private(set) var byteOffsets: [Int]
    private let whole: ShapedLine
    private let glyphs: UnsafeMutablePointer<PangoGlyphString>
    private let wholeWidth: Int
    /// By character offset: the first glyph of the cluster starting there, when the text may be
    /// cut there (HarfBuzz's unsafe-to-break flag clear), else -1; empty when the whole text's
    /// glyphs cannot be sliced.
    private var safeGlyph: [Int] = []

    /// Scripts whose shaping never looks at the text around an item (no joining): there, glyphs
    /// between two places safe to cut are those of the piece shaped alone.
    static let sliceableScripts: Set<UInt8> = Set(
        [
            G_UNICODE_SCRIPT_COMMON, G_UNICODE_SCRIPT_LATIN, G_UNICODE_SCRIPT_GREEK,
            G_UNICODE_SCRIPT_CYRILLIC, G_UNICODE_SCRIPT_HAN, G_UNICODE_SCRIPT_HIRAGANA,
            G_UNICODE_SCRIPT_KATAKANA,
        ].map { UInt8($0.rawValue) })

    /// `sliceableScripts` as bits (each of them below 64), asked once or twice a text (#48: a
    /// `Set` hashed the script with SipHash each time).
    private static let sliceableBits: UInt64 = sliceableScripts.reduce(0) { bits, script in
        precondition(script < 64, "a sliceable script's number above 63")
        return bits | 1 << script
    }

    /// Whether `script` is one of `sliceableScripts`.
    static func isSliceable(_ script: UInt8) -> Bool {
        script < 64 && sliceableBits & (1 << script) != 0
    }

    /// A breaker for `whole`, the shaping of all of `chars`, wrapping as a layout does in `wrap`
    /// (words, or words then characters). `text`, when given, is `chars` as a `String` (not made
    /// again from the bytes for the break opportunities).
    init(
        _ whole: ShapedLine, chars: UnsafePointer<CChar>, length: Int32, wrap: PangoWrapMode, text: String? = nil,
        opportunities: [Int]? = nil
    ) {
        let (item, glyphs, unsafeToBreak) = (whole.item, whole.glyphs, whole.unsafeToBreak)
        self.whole = whole
        self.item = item
        self.glyphs = glyphs
        wholeWidth = Int(pango_glyph_string_get_width(glyphs))
        self.wrap = wrap
        self.chars = chars
        self.length = length
        let count = Int(item.pointee.num_chars)
        // As `get_items_log_attrs` computes them for a paragraph of one item and no break attributes.
        attrs = [PangoLogAttr](repeating: PangoLogAttr(), count: count + 1)
        let bytes = UnsafeRawPointer(chars).assumingMemoryBound(to: UInt8.self)
        attrs.withUnsafeMutableBufferPointer { buffer in
            if !SimpleLogAttributes.fill(UnsafeBufferPointer(start: bytes, count: Int(length)), into: buffer) {
                pango_default_break(chars, length, nil, buffer.baseAddress, Int32(count + 1))
            }
            pango_tailor_break(chars, length, &item.pointee.analysis, -1, buffer.baseAddress, Int32(count + 1))
        }
        byteOffsets = Self.characterStarts(UnsafeBufferPointer(start: bytes, count: Int(length)))
        attrs.withUnsafeMutableBufferPointer { [byteOffsets] buffer in
            OwnLineBreaks.apply(
                UnsafeBufferPointer(start: bytes, count: Int(length)), text: text, opportunities: opportunities,
                byteOffsets: byteOffsets, to: buffer)
        }
        logWidths = Self.logicalWidths(item, glyphs, chars: chars, count: count, byteOffsets: byteOffsets)
        widthsFrom = Self.sumsFrom(logWidths)
        if let unsafe = unsafeToBreak, Self.isSliceable(item.pointee.analysis.script), byteOffsets.count == count + 1 {
            safeGlyph = Self.safeGlyphs(glyphs, unsafe: unsafe, length: Int(length), byteOffsets: byteOffsets)
        }
    }

    // The breaker's arrays written through buffers, element by element (#48: appending, and
    // writing an array's elements in a loop, checked each time that the array was unshared:
    // 110,000 checks for 1,000 wrapped titles).

    /// The offsets of `bytes`' characters (where a UTF-8 sequence starts), and its length.
    static func characterStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        [Int](unsafeUninitializedCapacity: bytes.count + 1) { offsets, initialized in
            var found = 0
            for index in bytes.indices where bytes[index] & 0xC0 != 0x80 {
                offsets[found] = index
                found += 1
            }
            offsets[found] = bytes.count
            initialized = found + 1
        }
    }

    /// By index, the sum of `widths` from there to the end; one more, 0, at the end.
    static func sumsFrom(_ widths: [Int]) -> [Int] {
        widths.withUnsafeBufferPointer { widths in
            [Int](unsafeUninitializedCapacity: widths.count + 1) { sums, initialized in
                sums[widths.count] = 0
                for index in widths.indices.reversed() { sums[index] = sums[index + 1] + widths[index] }
                initialized = widths.count + 1
            }
        }
    }

    /// `safeGlyph` for `glyphs` (of a text of `length` bytes, its characters at `byteOffsets`) and
    /// their flags `unsafe`.
    private static func safeGlyphs(
        _ glyphs: UnsafeMutablePointer<PangoGlyphString>, unsafe: [Bool], length: Int, byteOffsets: [Int]
    ) -> [Int] {
        let glyphCount = Int(glyphs.pointee.num_glyphs)
        var glyphAtByte = [Int](repeating: -1, count: length + 1)
        glyphAtByte.withUnsafeMutableBufferPointer { atByte in
            if let clusters = glyphs.pointee.log_clusters {
                for index in stride(from: glyphCount - 1, through: 0, by: -1) {
                    atByte[Int(clusters[index])] = unsafe[index] ? -1 : index
                }
            }
            atByte[length] = glyphCount
        }
        var safe = byteOffsets.map { glyphAtByte[$0] }
        safe[0] = 0
        return safe
    }

    /// Each character's logical width, as `pango_glyph_item_get_logical_widths` gives it. Where
    /// every character is a glyph of its own, left to right (most Latin and CJK text), that is
    /// its glyph's width, read here directly: Pango walks the clusters with an iterator that
    /// costs as much as the rest of setting up the breaker.
    static func logicalWidths(
        _ item: UnsafeMutablePointer<PangoItem>, _ string: UnsafeMutablePointer<PangoGlyphString>,
        chars: UnsafePointer<CChar>, count: Int, byteOffsets: [Int]
    ) -> [Int] {
        let glyphs = string.pointee
        if item.pointee.analysis.level % 2 == 0, item.pointee.offset == 0,
            Int(glyphs.num_glyphs) == count, byteOffsets.count == count + 1,
            let infos = glyphs.glyphs, let clusters = glyphs.log_clusters
        {
            var read = 0
            let widths = [Int](unsafeUninitializedCapacity: count) { widths, initialized in
                while read < count, Int(clusters[read]) == byteOffsets[read] {
                    widths[read] = Int(infos[read].geometry.width)
                    read += 1
                }
                initialized = read
            }
            if read == count { return widths }
        }
        var widths = [Int32](repeating: 0, count: count)
        var glyphItem = PangoGlyphItem(item: item, glyphs: string, y_offset: 0, start_x_offset: 0, end_x_offset: 0)
        widths.withUnsafeMutableBufferPointer { pango_glyph_item_get_logical_widths(&glyphItem, chars, $0.baseAddress) }
        return widths.map { Int($0) }
    }

    /// The lines at `maxWidth` (Pango units), or nil where a layout could break them otherwise.
    /// `charWidths` gives the font's approximate character width, whose triple is the distance
    /// from the line's end within which candidates are measured rather than summed.
    func breakLines(maxWidth: Int32, charWidths: ApproximateCharWidths) -> [Line]? {
        let count = Int(item.pointee.num_chars)
        // A hyphen at the paragraph's end would be measured; an unknown glyph has extents of its own.
        guard byteOffsets.count == count + 1, maxWidth >= 0, attrs[count].break_inserts_hyphen == 0,
            attrs[count].break_removes_preceding == 0, !ShapedLine.hasUnknownGlyph(glyphs),
            let font = item.pointee.analysis.font
        else { return nil }
        let safeDistance = charWidths.width(of: font, language: item.pointee.analysis.language) * 3
        var lines: [Line] = []
        var start = 0
        while start < count {
            guard let line = nextLine(from: start, count: count, remaining: Int(maxWidth), safeDistance: safeDistance)
            else { return nil }
            lines.append(line)
            start = line.endCharacter
        }
        return lines
    }

    /// `process_item` for the rest of the item from character `start` on an empty line.
    private func nextLine(from start: Int, count: Int, remaining: Int, safeDistance: Int) -> Line? {
        let chars = count - start
        var width = start == 0 ? wholeWidth : widthsFrom[start] - widthsFrom[count]
        // The end of the paragraph is always a break.
        let extra = extraWidth(start, chars)
        if width + extra <= remaining || chars == 1 {
            let rest = piece(start, count)
            width = rest.width
            if width + extra <= remaining || chars == 1 { return line(start, count, run: rest.run) }
        }
        guard
            let found = searchBreak(
                from: start, chars: chars, width: width, extra: extra, remaining: remaining,
                safeDistance: safeDistance)
        else { return nil }
        let end = start + found.chars
        if end == count {
            // The rest fits after all: the layout's run is the rest, shaped again unless it is the whole text.
            return line(start, count, run: start == 0 ? .whole : piece(start, count).run)
        }
        return line(start, end, run: found.run ?? (attrs[end - 1].is_white != 0 ? nil : piece(start, end).run))
    }

    /// The line of characters `from..<to`, with `run`.
    private func line(_ from: Int, _ to: Int, run: Run?) -> Line {
        Line(start: byteOffsets[from], end: byteOffsets[to], startCharacter: from, endCharacter: to, run: run)
    }

    /// A break `process_item` chose: after `chars` characters, measured `width` plus `extra`,
    /// and the run of the piece it measured, if it did.
    private struct Break {
        var chars: Int
        var width: Int
        var extra: Int
        var run: Run?
    }

    /// `process_item`'s search for a break in the rest from `start` (`chars` characters, `width`
    /// wide, `extra` more at its end): by words, then, in `PANGO_WRAP_WORD_CHAR`, by characters
    /// when no word fits. Candidates
    /// well inside the line are taken by their log widths, those near its end measured; nil
    /// where the choice would need a hyphen.
    private func searchBreak(
        from start: Int, chars: Int, width originalWidth: Int, extra originalExtra: Int,
        remaining: Int, safeDistance: Int
    ) -> Break? {
        var best = Break(chars: chars, width: originalWidth, extra: originalExtra, run: nil)
        for charWrap in [false, true] {
            var width = 0
            for offset in 0...chars {
                let extra = extraWidth(start, offset)
                if min(width + extra, width) > remaining + safeDistance, best.chars < chars { break }
                if offset > 0, canBreak(start + offset, charWrap: charWrap) {
                    // A break that inserts a hyphen changes the line's glyphs: left to a layout.
                    if attrs[start + offset].break_inserts_hyphen != 0
                        || attrs[start + offset].break_removes_preceding != 0
                    {
                        return nil
                    }
                    if width + extra < remaining - safeDistance {
                        // Pango keeps an earlier measured piece's glyphs here; never seen, not followed.
                        if best.run != nil { return nil }
                        best = Break(chars: offset, width: width, extra: extra, run: nil)
                    } else {
                        let run = piece(start, start + offset)
                        let measured = run.width
                        let measuredExtra =
                            offset < chars && attrs[start + offset - 1].is_white != 0
                            ? -logWidths[start + offset - 1] : 0
                        if best.chars == chars || measured + measuredExtra <= remaining
                            || measured + measuredExtra < best.width + best.extra
                        {
                            best = Break(chars: offset, width: measured, extra: measuredExtra, run: run.run)
                        }
                    }
                }
                if offset < chars { width += logWidths[start + offset] }
            }
            // Nothing fits by words: again by characters, in PANGO_WRAP_WORD_CHAR.
            guard wrap == PANGO_WRAP_WORD_CHAR, !charWrap, best.width + best.extra > remaining else { break }
            best = Break(chars: chars, width: originalWidth, extra: originalExtra, run: nil)
        }
        return best
    }

    /// `can_break_at` at character `offset` of the paragraph.
    private func canBreak(_ offset: Int, charWrap: Bool) -> Bool {
        if offset == attrs.count - 1 { return true }
        return charWrap ? attrs[offset].is_char_break != 0 : attrs[offset].is_line_break != 0
    }

    /// `find_break_extra_width` for a break after `offset` characters of the rest from `start`.
    /// Where the break would insert a hyphen, 0: its width is only ever added to a width it is
    /// compared with the smaller of (Pango takes the minimum), unless it is a break: refused there.
    private func extraWidth(_ start: Int, _ offset: Int) -> Int {
        guard attrs[start + offset].break_inserts_hyphen == 0, offset > 0, attrs[start + offset - 1].is_white != 0
        else { return 0 }
        return -logWidths[start + offset - 1]
    }

    /// Characters `from..<to` shaped as `shape_run` shapes a split item: with the whole text as
    /// context; a slice of the whole text's glyphs where it may be cut at both ends.
    private func piece(_ from: Int, _ to: Int) -> (run: Run, width: Int) {
        if let width = sliceWidth(from, to) { return (.slice(from, to), width) }
        let piece = item.copy(
            offset: byteOffsets[from], length: byteOffsets[to] - byteOffsets[from], characters: to - from)
        let glyphs = pango_glyph_string_new()!
        attrs.withUnsafeBufferPointer { buffer in
            pango_shape_item(
                piece, chars, length, UnsafeMutablePointer(mutating: buffer.baseAddress! + from), glyphs,
                PANGO_SHAPE_NONE)
        }
        let shaped = ShapedLine(item: piece, glyphs: glyphs)
        return (.shaped(shaped), shaped.width)
    }

    /// The glyphs of characters `from..<to` in the whole text's, when the text may be cut at both ends.
    private func sliceGlyphs(_ from: Int, _ to: Int) -> Range<Int>? {
        guard !safeGlyph.isEmpty, from < to else { return nil }
        let first = safeGlyph[from]
        let end = safeGlyph[to]
        guard first >= 0, end > first else { return nil }
        return first..<end
    }

    /// The width of `slice(from, to)`, without making it.
    private func sliceWidth(_ from: Int, _ to: Int) -> Int? {
        guard let range = sliceGlyphs(from, to), let infos = glyphs.pointee.glyphs else { return nil }
        var width = 0
        for index in range { width += Int(infos[index].geometry.width) }
        return width
    }

    /// `run` as a line of its own.
    func shapedLine(_ run: Run) -> ShapedLine? {
        switch run {
        case .whole: whole
        case .slice(let from, let to): slice(from, to)
        case .shaped(let line): line
        }
    }

    /// The whole text's glyphs for characters `from..<to`, their item and clusters starting at
    /// `from`, when the text may be cut at both ends; nil otherwise.
    func slice(_ from: Int, _ to: Int) -> ShapedLine? {
        guard let range = sliceGlyphs(from, to) else { return nil }
        let (first, end) = (range.lowerBound, range.upperBound)
        let start = byteOffsets[from]
        let piece = item.copy(offset: start, length: byteOffsets[to] - start, characters: to - from)
        let glyphs = pango_glyph_string_new()!
        pango_glyph_string_set_size(glyphs, Int32(end - first))
        let source = self.glyphs.pointee
        for index in first..<end {
            glyphs.pointee.glyphs[index - first] = source.glyphs[index]
            glyphs.pointee.log_clusters[index - first] = source.log_clusters[index] - Int32(start)
        }
        return ShapedLine(item: piece, glyphs: glyphs)
    }

    /// The line of characters `from..<to` as a text of its own, its first `length` bytes
    /// (`characters` of them): `slice(from, to)` then `standalone(length:characters:)`, in one
    /// copy of the whole text's glyphs (#48: the slice between was made, measured and freed for
    /// every wrapped line). Nil where `slice` is.
    func standaloneSlice(_ from: Int, _ to: Int, length: Int, characters: Int) -> ShapedLine? {
        guard let range = sliceGlyphs(from, to) else { return nil }
        let start = byteOffsets[from]
        let source = self.glyphs.pointee
        var end = range.upperBound
        // The glyphs of the bytes past `length` (white space cut from the line) are dropped.
        while end > range.lowerBound, Int(source.log_clusters[end - 1]) - start >= length { end -= 1 }
        let first = range.lowerBound
        let glyphs = pango_glyph_string_new()!
        pango_glyph_string_set_size(glyphs, Int32(end - first))
        for index in first..<end {
            glyphs.pointee.glyphs[index - first] = source.glyphs[index]
            glyphs.pointee.log_clusters[index - first] = source.log_clusters[index] - Int32(start)
        }
        return ShapedLine(item: item.copy(offset: 0, length: length, characters: characters), glyphs: glyphs)
    }

    /// `run` as a text of its own of its first `length` bytes (`characters` of them), as
    /// `shapedLine(run)?.standalone(length:characters:)`.
    func standaloneLine(_ run: Run, length: Int, characters: Int) -> ShapedLine? {
        if case .slice(let from, let to) = run {
            return standaloneSlice(from, to, length: length, characters: characters)
        }
        return shapedLine(run)?.standalone(length: length, characters: characters)
    }

    /// Whether `bytes`, a line of this text from a place a line may start, alone itemize as one
    /// item analysed as this text's (same font, script, language and level): then a slice of its
    /// glyphs is the line's shaping on its own. The text is one left-to-right item, so each of its
    /// characters has this font and level wherever it stands; a part of it keeps the item's script
    /// when it holds a character of that script (Pango gives the others, common and inherited
    /// characters, the script of the run they are in), or when the item's script is Common. The
    /// language follows from the script. `LineBreakerTests` compares this with Pango's itemizing.
    func itemizesAlike(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let script = item.pointee.analysis.script
        guard item.pointee.analysis.level == 0, item.pointee.analysis.extra_attrs == nil else { return false }
        if script == UInt8(G_UNICODE_SCRIPT_COMMON.rawValue) { return true }
        let latin = script == UInt8(G_UNICODE_SCRIPT_LATIN.rawValue)
        // Read from the bytes, not a `String` made of them (#48). Invalid UTF-8, which a `String`
        // would read as U+FFFD (Common), never fixes a script other than Common.
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar.isASCII {
                    // ASCII's alphabetic characters are A–Z and a–z.
                    if latin, (scalar.value | 0x20) &- 0x61 < 26 { return true }
                } else if g_unichar_get_script(scalar.value).rawValue == Int32(script) {
                    return true
                }
            case .emptyInput: return false
            case .error: continue
            }
        }
    }
}

extension ShapedLine {
    /// The sum of the glyphs' advances (`pango_glyph_string_get_width`).
    var width: Int { Int(pango_glyph_string_get_width(glyphs)) }
}
