/// Glyphs met so far, by font number and glyph: a table per font for glyphs below 65,536, a set
/// past them (a set for all would cost more than reading the outlines for a document of few
/// distinct glyphs).
struct GlyphsMet {
    private var table: [[Bool]] = []
    private var beyond: Set<UInt64> = []

    /// Notes the glyph `key` names (`fontNumber << 32 | glyph`); whether it is met for the first time.
    mutating func insert(_ key: UInt64) -> Bool {
        let glyph = Int(key & 0xFFFF_FFFF)
        guard glyph < 1 << 16 else { return beyond.insert(key).inserted }
        let row = Int(key >> 32)
        while table.count <= row { table.append([]) }
        if table[row].count <= glyph {
            table[row] += repeatElement(false, count: max(glyph + 1, 2 * table[row].count, 256) - table[row].count)
        }
        guard !table[row][glyph] else { return false }
        table[row][glyph] = true
        return true
    }
}
