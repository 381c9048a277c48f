/// A word's visible glyphs as a `<use>` each would draw them: their ids, and their positions
/// (Pango units) from its first glyph's; `start` is that glyph's place in the line, not part
/// of the word's identity. Hashed by a mix kept as glyphs are added (a word is looked up each
/// time it is drawn, and hashing its numbers one by one costs more than writing them), started
/// from a random seed, so that a text's words do not collide by design. One is reused for every
/// word of a document: emptied, it keeps its room.
struct SVGWord {
    /// Id, x from the first glyph, y offset: three numbers a glyph, the first `used` of them
    /// this word's.
    private var glyphs: [Int] = []
    private var used = 0
    private(set) var start = 0
    private(set) var mixed: UInt64
    private let seed: UInt64

    init() {
        seed = UInt64.random(in: .min ... .max)
        mixed = seed
    }

    var count: Int { used / 3 }
    var isEmpty: Bool { used == 0 }

    /// The glyph `index`: its id, its x in the line, its y offset.
    subscript(index: Int) -> (id: Int, x: Int, y: Int) {
        (glyphs[3 * index], start + glyphs[3 * index + 1], glyphs[3 * index + 2])
    }

    mutating func append(id: Int, x: Int, y: Int) {
        if used == 0 { start = x }
        if used + 3 > glyphs.count { glyphs += repeatElement(0, count: max(48, glyphs.count)) }
        let at = used
        let offset = x - start
        glyphs.withUnsafeMutableBufferPointer { numbers in
            numbers[at] = id
            numbers[at + 1] = offset
            numbers[at + 2] = y
        }
        used += 3
        mix(id)
        mix(offset)
        mix(y)
    }

    /// Multiply-rotate mixing; equal runs mix equally, and `SVGWordTable` tells unequal ones apart.
    @inline(__always)
    private mutating func mix(_ value: Int) {
        mixed = (mixed ^ UInt64(bitPattern: Int64(value))) &* 0x9E37_79B9_7F4A_7C15
        mixed = mixed << 31 | mixed >> 33
    }

    /// Empty, its room kept.
    mutating func clear() {
        used = 0
        start = 0
        mixed = seed
    }

    /// The word's numbers (`glyphs`).
    func withNumbers<T>(_ body: (UnsafeBufferPointer<Int>) -> T) -> T {
        glyphs.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<used])) }
    }
}

/// The words of a document seen so far, each with a number (`SVGWriter.State.words`), found by
/// the word's own mix in a table of open addressing: a `Dictionary` would hash the mix again
/// (SipHash) at every word drawn, which cost more than writing the word.
struct SVGWordTable {
    /// 24 bytes: a card of 10,000 items keeps tens of thousands of words.
    private struct Entry {
        var mixed: UInt64
        /// Where its numbers start in `numbers`, or in `wideNumbers` for a wide entry.
        var start: Int
        /// How many numbers; negative for a wide entry, whose numbers do not all fit 32 bits.
        var count: Int32
        var value: Int32

        var length: Int { Int(count.magnitude) }
        var isWide: Bool { count < 0 }
    }

    private var entries: [Entry] = []
    /// Every entry's numbers, one after another, in 32 bits: half the memory of `Int`s.
    private var numbers: [Int32] = []
    /// The numbers of words with one beyond 32 bits (a glyph millions of points from its word's start).
    private var wideNumbers: [Int] = []
    /// An entry's index + 1 in each slot, 0 where empty; a power of two long, at most half full.
    private var slots = [Int32](repeating: 0, count: 256)

    var count: Int { entries.count }
    /// The numbers of all the words kept: each word's own, none of a longer run's room.
    var keptNumbers: Int { numbers.count + wideNumbers.count }

    /// The entry of a word equal to `word`, if one was added.
    func find(_ word: SVGWord) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: word.mixed) & mask
        while true {
            let index = Int(slots[slot]) - 1
            if index < 0 { return nil }
            if holds(entries[index], word) { return index }
            slot = (slot + 1) & mask
        }
    }

    private func holds(_ entry: Entry, _ word: SVGWord) -> Bool {
        guard entry.mixed == word.mixed else { return false }
        return word.withNumbers { mine in
            guard mine.count == entry.length else { return false }
            if entry.isWide {
                return wideNumbers.withUnsafeBufferPointer { all in
                    for offset in 0..<mine.count where all[entry.start + offset] != mine[offset] { return false }
                    return true
                }
            }
            return numbers.withUnsafeBufferPointer { all in
                for offset in 0..<mine.count where Int(all[entry.start + offset]) != mine[offset] { return false }
                return true
            }
        }
    }

    func value(at entry: Int) -> Int { Int(entries[entry].value) }

    mutating func setValue(_ value: Int, at entry: Int) { entries[entry].value = Int32(value) }

    /// Adds `word`, not found before, with `value`.
    mutating func add(_ word: SVGWord, value: Int) {
        if 2 * (entries.count + 1) > slots.count {
            slots = [Int32](repeating: 0, count: 2 * slots.count)
            for index in entries.indices { place(index) }
        }
        let entry = word.withNumbers { mine in
            let count = Int32(mine.count)
            guard mine.allSatisfy({ Int32(exactly: $0) != nil }) else {
                defer { wideNumbers.append(contentsOf: mine) }
                return Entry(mixed: word.mixed, start: wideNumbers.count, count: -count, value: Int32(value))
            }
            defer { numbers.append(contentsOf: mine.lazy.map { Int32(truncatingIfNeeded: $0) }) }
            return Entry(mixed: word.mixed, start: numbers.count, count: count, value: Int32(value))
        }
        entries.append(entry)
        place(entries.count - 1)
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: entries[index].mixed) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index + 1)
    }
}

/// The values of the last few keys looked up, found by comparing the keys: a document's texts
/// alternate between a few fonts (titles, subtitles), and a dictionary hashes the key each time.
struct RecentKeys<Value> {
    private struct Entry {
        var key: String
        var value: Value
    }

    private var recent: [Entry] = []
    private static var capacity: Int { 8 }

    /// The value of `key`, made by `make` when it is not among the recent ones.
    mutating func value(_ key: String, orMake make: (String) -> Value) -> Value {
        for entry in recent where entry.key == key { return entry.value }
        let value = make(key)
        if recent.count == Self.capacity { recent.removeFirst() }
        recent.append(Entry(key: key, value: value))
        return value
    }
}
