import CPangoCairo

/// The analyses (font, script, language, level) of texts Pango itemized as one left-to-right
/// item, and the characters each was seen with, by attribute list: a text made only of
/// characters seen in one analysis is that analysis's single item, without itemizing it again.
///
/// Why: Pango 1.50's itemizing of a paragraph of one font description, left to right, decides
/// per character. Its bidirectional level is 0 for every character seen at level 0 (those are
/// left-to-right, European numbers or neutrals; right-to-left letters, Arabic numbers and
/// embeddings never are). Its font is the fontset's first font covering it, the fontset chosen by
/// description and language, or the current font for spaces, marks and other non-graphic
/// characters. Its script is its own, or, for Common and Inherited characters, its run's: a text
/// keeps the analysis's script when it holds a character of that script (or when that script is
/// Common and so are all its characters), and the language follows from the script. Emoji and
/// their selectors, whose presentation Pango decides from sequences, are never taken as seen.
/// `KnownItemAnalysesTests` compares these items with Pango's itemizing.
///
/// Used by one thread at a time, as its measurer.
final class KnownItemAnalyses {
    private final class Known {
        /// The first text's item, kept as the template of the others.
        let item: UnsafeMutablePointer<PangoItem>
        /// Characters seen: ASCII as bits, others in a set.
        var ascii: (low: UInt64, high: UInt64) = (0, 0)
        var others: Set<Int> = []

        init(_ item: UnsafeMutablePointer<PangoItem>) { self.item = item }
        deinit {
            let item = item
            TextThread.release { pango_item_free(item) }
        }

        func contains(_ scalar: UInt32) -> Bool {
            if scalar < 64 { return ascii.low & (1 << scalar) != 0 }
            if scalar < 128 { return ascii.high & (1 << (scalar - 64)) != 0 }
            return others.contains(Int(scalar))
        }

        func insert(_ scalar: UInt32) {
            if scalar < 64 {
                ascii.low |= 1 << scalar
            } else if scalar < 128 {
                ascii.high |= 1 << (scalar - 64)
            } else {
                others.insert(Int(scalar))
            }
        }
    }

    private var known: [Int: [Known]] = [:]
    /// The context's serial the analyses were seen with: a changed context forgets them.
    private var serial: UInt32 = 0
    /// Most characters kept per analysis; a text with others is itemized.
    static let limit = 4_096

    /// The single item of all of `bytes` (a plain line, valid UTF-8) in `attributes`, from a
    /// known analysis; nil when its characters were not all seen in one.
    func item(_ bytes: UnsafeBufferPointer<UInt8>, context: OpaquePointer, attributes: OpaquePointer)
        -> UnsafeMutablePointer<PangoItem>?
    {
        guard pango_context_get_serial(context) == serial, let candidates = known[Int(bitPattern: attributes)] else {
            return nil
        }
        for candidate in candidates {
            guard let characters = Self.characters(bytes, ifAllIn: candidate) else { continue }
            return candidate.item.copy(offset: 0, length: bytes.count, characters: characters)
        }
        return nil
    }

    /// The number of characters of `bytes` when each was seen in `known`'s analysis and one
    /// fixes the run's script; else nil.
    private static func characters(_ bytes: UnsafeBufferPointer<UInt8>, ifAllIn known: Known) -> Int? {
        let script = Int32(known.item.pointee.analysis.script)
        let common = script == G_UNICODE_SCRIPT_COMMON.rawValue
        var fixesScript = false
        var count = 0
        // ASCII's characters read from the bits here, and its letters from the byte, not through
        // `contains` and Unicode's properties (#48: 1,000 wrapped titles and their subtitles,
        // 7.1 million instructions to find their items, 4.7 now); an ASCII byte is its character,
        // not decoded (3.0 million, 1.9 now).
        let ascii = known.ascii
        var index = 0
        while index < bytes.count {
            let value: UInt32
            if bytes[index] < 0x80 {
                value = UInt32(bytes[index])
                index += 1
            } else {
                // Decoded as a `String` would be read: the characters up to invalid UTF-8.
                var iterator = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
                var decoder = UTF8()
                guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { break }
                value = scalar.value
                index += UTF8.width(scalar)
            }
            count += 1
            let seen =
                value < 64
                ? ascii.low & (1 << value) != 0
                : value < 128 ? ascii.high & (1 << (value - 64)) != 0 : known.contains(value)
            guard seen else { return nil }
            if fixesScript { continue }
            if value < 0x80 {
                // ASCII's alphabetic characters are A–Z and a–z.
                fixesScript =
                    common ? value > 0x20 : ((value | 0x20) &- 0x61 < 26 && script == G_UNICODE_SCRIPT_LATIN.rawValue)
            } else {
                let own = g_unichar_get_script(value).rawValue
                fixesScript = common ? g_unichar_isgraph(value) != 0 : own == script
            }
        }
        return fixesScript ? count : nil
    }

    /// Learns from Pango's itemizing of `bytes` into the one item `item`.
    func learn(
        _ bytes: UnsafeBufferPointer<UInt8>, item: UnsafeMutablePointer<PangoItem>, context: OpaquePointer,
        attributes: OpaquePointer
    ) {
        let analysis = item.pointee.analysis
        guard analysis.level == 0, analysis.extra_attrs == nil, analysis.flags & 0x7 == 0 else { return }
        let contextSerial = pango_context_get_serial(context)
        if contextSerial != serial {
            known.removeAll()
            serial = contextSerial
        }
        let key = Int(bitPattern: attributes)
        let same = known[key, default: []].first {
            let own = $0.item.pointee.analysis
            return own.font == analysis.font && own.script == analysis.script && own.language == analysis.language
                && own.gravity == analysis.gravity
        }
        let target: Known
        if let same {
            target = same
        } else {
            target = Known(pango_item_copy(item)!)
            known[key, default: []].append(target)
        }
        guard target.others.count < Self.limit else { return }
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars where !Self.isEmojiLike(scalar) {
            target.insert(scalar.value)
        }
    }

    /// Characters whose presentation, and so font, Pango's emoji segmentation may decide from
    /// their neighbours.
    private static func isEmojiLike(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return false }
        let properties = scalar.properties
        return properties.isEmoji || properties.isEmojiPresentation || properties.isEmojiModifier
            || properties.isEmojiModifierBase || properties.isVariationSelector || scalar.value == 0x200D
            || scalar.value == 0x20E3 || (0xE0000...0xE007F).contains(scalar.value)
    }
}
