import CPangoCairo

/// What a bundled font's own lookups say about the seams between word pieces (#48), written by
/// `scripts/seam-certificates.py` (`SeamCertificate+Bundled.swift`): HarfBuzz's
/// unsafe-to-concatenate flags answer per text but, from HarfBuzz 7 on, flag every glyph a lookup
/// merely examined, which in Inter is every glyph; the certificate is the same on every system.
///
/// A certified font's text may be put together from pieces when it holds only `characters`
/// (the font's own, without default ignorables and the fraction slash), at every seam not named
/// by a pair: the characters before a piece's space (its last base character and any marks after
/// it) in the pair's first set (-1: any), the character after the space in its second, and the
/// text holding a character of its third anywhere (-1: always).
struct SeamCertificate {
    let file: String
    let fingerprint: UInt64
    let characters: String
    let sets: [String]
    let pairs: [(Int, Int, Int)]

    /// FNV-1a over the glyph count and the bytes of `head` as little-endian 64-bit words, as the
    /// script computes it: `head` holds the whole file's checksum adjustment and its time of
    /// change, which font tools write again on every change, so 54 bytes stand for the file.
    static func fingerprint(_ face: OpaquePointer?) -> UInt64 {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        func fold(_ word: UInt64) { value = (value ^ word) &* 0x100_0000_01B3 }
        fold(UInt64(hb_face_get_glyph_count(face)))
        let blob = hb_face_reference_table(face, hb_tag_t(0x6865_6164)) // "head"
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length) else { return value }
        let head = UnsafeRawBufferPointer(start: data, count: Int(length))
        var index = 0
        while index < head.count {
            var word: UInt64 = 0
            for byte in 0..<min(8, head.count - index) { word |= UInt64(head[index + byte]) << (8 * byte) }
            fold(word)
            index += 8
        }
        return value
    }

    /// The rules of the font of `face` with `features`, if certified: none for features asked
    /// (the script reads only what HarfBuzz applies by itself).
    static func rules(_ face: OpaquePointer?, features: [hb_feature_t]) -> SeamRules? {
        // A search of the dozen, once per font and lane: no dictionary to build at every start.
        guard features.isEmpty else { return nil }
        let fingerprint = fingerprint(face)
        guard let certificate = bundled.first(where: { $0.fingerprint == fingerprint }) else { return nil }
        return SeamRules(certificate)
    }
}

/// A certificate read for use: where a text's pieces may be put together. Used by one thread at
/// a time, as its measurer's word pieces (it remembers the last character and text class read).
final class SeamRules {
    private let certificate: SeamCertificate
    private let asciiAllowed: (UInt64, UInt64)
    /// Per ASCII character, the sets that hold it (bit n: set n).
    private let asciiMasks: [UInt64]
    /// The allowed characters and the sets, read whole at the first character above ASCII: most
    /// texts have none, and an 8-item card's start should not pay for reading them.
    private lazy var allowed: [Span] = Self.ranges(certificate.characters)
    private lazy var sets: [[Span]] = certificate.sets.map { Self.ranges($0) }
    /// Set masks; nil: any character before the space, no character required.
    private let pairs: [(before: UInt64?, after: UInt64, required: UInt64?)]
    /// The last character above ASCII read: its sets, and whether it is allowed.
    private var last: (scalar: UInt32, mask: UInt64, allowed: Bool) = (.max, 0, false)
    /// For the last few texts' sets (`textMask`): per set after a space, the sets before it that
    /// a rule crosses (`crossing`), and all sets after a space that any rule needs (`afterSets`).
    /// A timeline's titles mostly hold the same sets, and its subtitles theirs.
    private var prepared: [(textMask: UInt64, afterSets: UInt64, crossing: [UInt64])] = []
    private var nextPrepared = 0

    init(_ certificate: SeamCertificate) {
        self.certificate = certificate
        var allowedBits: (UInt64, UInt64) = (0, 0)
        for span in Self.ranges(certificate.characters, below: 128) {
            for character in span.first...min(span.last, 127) {
                if character < 64 {
                    allowedBits.0 |= 1 << UInt64(character)
                } else {
                    allowedBits.1 |= 1 << UInt64(character - 64)
                }
            }
        }
        asciiAllowed = allowedBits
        var masks = [UInt64](repeating: 0, count: 128)
        for (index, set) in certificate.sets.enumerated() {
            for span in Self.ranges(set, below: 128) {
                for character in span.first...min(span.last, 127) {
                    masks[Int(character)] |= 1 << UInt64(index)
                }
            }
        }
        asciiMasks = masks
        func mask(_ index: Int) -> UInt64? { index < 0 ? nil : 1 << UInt64(index) }
        pairs = certificate.pairs.map { (mask($0.0), 1 << UInt64($0.1), mask($0.2)) }
    }

    /// Characters from `first` through `last`: a type of its own, not a `ClosedRange`, whose
    /// array's first making costs the runtime a search of every conformance for its bound's
    /// `Comparable` (#48: 0.25 million instructions on the text thread of every render).
    private struct Span {
        var first: UInt32
        var last: UInt32
    }

    /// "20-7E A0" (ascending) as spans, those starting below `limit`, read byte by byte.
    private static func ranges(_ text: String, below limit: UInt32 = .max) -> [Span] {
        var ranges: [Span] = []
        var utf8 = text
        utf8.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                // One span: hexadecimal digits, and a second number after a hyphen.
                var low: UInt32 = 0
                var high: UInt32 = 0
                var digits = 0
                var second = false
                while index < bytes.count {
                    let byte = bytes[index]
                    let digit: UInt8
                    if byte >= 0x30 && byte <= 0x39 {
                        digit = byte - 0x30
                    } else if byte >= 0x41 && byte <= 0x46 {
                        digit = byte - 0x41 + 10
                    } else if byte == 0x2D {
                        second = true
                        index += 1
                        continue
                    } else {
                        index += 1
                        if digits > 0 { break }
                        continue
                    }
                    if second { high = high << 4 | UInt32(digit) } else { low = low << 4 | UInt32(digit) }
                    digits += 1
                    index += 1
                }
                guard digits > 0 else { continue }
                if low >= limit { return }
                ranges.append(Span(first: low, last: second ? high : low))
            }
        }
        return ranges
    }

    private static func holds(_ ranges: [Span], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].last < value {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < ranges.count && ranges[low].first <= value && value <= ranges[low].last
    }

    private func mask(_ scalar: UInt32) -> UInt64 {
        if scalar < 128 { return asciiMasks[Int(scalar)] }
        read(scalar)
        return last.mask
    }

    private func allows(_ scalar: UInt32) -> Bool {
        if scalar < 64 { return asciiAllowed.0 & (1 << UInt64(scalar)) != 0 }
        if scalar < 128 { return asciiAllowed.1 & (1 << UInt64(scalar - 64)) != 0 }
        read(scalar)
        return last.allowed
    }

    /// `last` for `scalar`, above ASCII.
    private func read(_ scalar: UInt32) {
        guard last.scalar != scalar else { return }
        let mask = sets.indices.reduce(UInt64(0)) { $0 | (Self.holds(sets[$1], scalar) ? 1 << UInt64($1) : 0) }
        last = (scalar, mask, Self.holds(allowed, scalar))
    }

    /// The index in `prepared` of a text of the sets `textMask`, made if need be.
    private func prepare(_ textMask: UInt64) -> Int {
        if let known = prepared.firstIndex(where: { $0.textMask == textMask }) { return known }
        var crossing = [UInt64](repeating: 0, count: 64)
        var afterSets: UInt64 = 0
        for pair in pairs where pair.required.map({ $0 & textMask != 0 }) ?? true {
            crossing[pair.after.trailingZeroBitCount] |= pair.before ?? Self.anyBefore
            afterSets |= pair.after
        }
        let entry = (textMask, afterSets, crossing)
        if prepared.count < 4 {
            prepared.append(entry)
            return prepared.count - 1
        }
        defer { nextPrepared = (nextPrepared + 1) % 4 }
        prepared[nextPrepared] = entry
        return nextPrepared
    }

    /// `ends` (where `text`'s pieces end, each after a space) without those whose seam a rule may
    /// cross, so that the pieces on either side are shaped as one; nil when the text holds a
    /// character outside the certificate (it is shaped whole). Two passes over the bytes, and an
    /// allocation for the result: it runs for every text measured.
    func seamEnds(_ text: UnsafeBufferPointer<UInt8>, _ ends: [Int]) -> [Int]? {
        // The sets of all of the text's characters; ASCII read from the tables alone.
        var textMask: UInt64 = 0
        var index = 0
        let fine = asciiMasks.withUnsafeBufferPointer { asciiMasks -> Bool in
            while index < text.count {
                let byte = text[index]
                if byte < 0x80 {
                    let bit = UInt64(1) << UInt64(byte & 63)
                    guard (byte < 64 ? asciiAllowed.0 : asciiAllowed.1) & bit != 0 else { return false }
                    textMask |= asciiMasks[Int(byte)]
                    index += 1
                    continue
                }
                guard let (value, width) = Self.decode(text, at: index), allows(value) else { return false }
                textMask |= mask(value)
                index += width
            }
            return true
        }
        guard fine else { return nil }
        let entry = prepare(textMask)
        let afterSets = prepared[entry].afterSets
        guard afterSets != 0 else { return ends }
        var kept: [Int] = []
        kept.reserveCapacity(ends.count)
        prepared[entry].crossing.withUnsafeBufferPointer { crossing in
            for end in ends {
                if end < text.count, let (value, _) = Self.decode(text, at: end) {
                    var after = mask(value) & afterSets
                    if after != 0 {
                        let before = beforeMask(text, space: end - 1)
                        var crossed = false
                        while after != 0 {
                            crossed = crossed || crossing[after.trailingZeroBitCount] & before != 0
                            after &= after - 1
                        }
                        if crossed { continue }
                    }
                }
                kept.append(end)
            }
        }
        return kept
    }

    /// A mark every character before a space has, for pairs whose rule starts at the space.
    private static let anyBefore: UInt64 = 1 << 63

    /// The sets of the characters before the space at byte `space`: the last one and, while it
    /// is a mark (which lookups may skip), those before it back to a base character.
    private func beforeMask(_ text: UnsafeBufferPointer<UInt8>, space: Int) -> UInt64 {
        var before = Self.anyBefore
        var end = space
        while end > 0 {
            var start = end - 1
            while start > 0, text[start] & 0xC0 == 0x80 { start -= 1 }
            guard let (value, _) = Self.decode(text, at: start) else { break }
            before |= mask(value)
            guard value >= 0x300, let scalar = Unicode.Scalar(value), Self.isMark(scalar) else { break }
            end = start
        }
        return before
    }

    /// The scalar at byte `index` of valid UTF-8 and its width.
    private static func decode(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        let lead = text[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + width <= text.count else { return nil }
        var value = UInt32(lead) & (0x7F >> UInt32(width))
        for offset in 1..<width { value = value << 6 | UInt32(text[index + offset] & 0x3F) }
        return (value, width)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
