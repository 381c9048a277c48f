import CPangoCairo

/// Pango's log attributes (`pango_default_break`) of the plainest wrapped texts, computed
/// without it, which runs every rule of UAX #14 and #29 for each character: words of ASCII
/// letters and digits, each maybe followed by a comma, colon or semicolon, and lone em dashes
/// between words, separated by single spaces. There a line may break after every space (an em
/// dash, class B2, is kept from a following em dash only, which such a text never has), a word
/// boundary is wherever a letter or digit does not meet another, a sentence boundary only at
/// the ends (none of those marks ends a sentence); Pango adds a hyphen to a break after a
/// Latin letter inside a word, and lets backspace delete the character before the start and
/// after a non-Latin one (the dash). `SimpleLogAttributesTests` compares every field with
/// Pango's over many random texts.
enum SimpleLogAttributes {
    private enum Kind: UInt8 {
        case letter, digit, space, dash, separator
    }

    /// Fills `attributes` (one more than the characters) for `bytes` when it is such a text, of
    /// two characters or more (Pango marks no sentence start or end in a text of one); false
    /// otherwise, `attributes` then unspecified.
    static func fill(_ bytes: UnsafeBufferPointer<UInt8>, into attributes: UnsafeMutableBufferPointer<PangoLogAttr>)
        -> Bool
    {
        guard let kinds = kinds(bytes), kinds.count >= 2, attributes.count == kinds.count + 1 else { return false }
        let count = kinds.count
        let inside = Self.inside
        kinds.withUnsafeBufferPointer { kinds in
            attributes[0] = attribute(previous: nil, next: kinds[0], atStart: true, atEnd: false)
            // Between two characters, the attribute depends on their kinds only: copied from the
            // table (#48: fourteen bit fields set one by one for each character).
            for index in 1..<count {
                attributes[index] = inside[Int(kinds[index - 1].rawValue) * kindCount + Int(kinds[index].rawValue)]
            }
            attributes[count] = attribute(previous: kinds[count - 1], next: nil, atStart: false, atEnd: true)
        }
        return true
    }

    private static let kindCount = 5

    /// By the kinds before and after (`previous * kindCount + next`), the attribute between two
    /// characters.
    private static let inside: [PangoLogAttr] = (0..<kindCount * kindCount).map { pair in
        attribute(
            previous: Kind(rawValue: UInt8(pair / kindCount))!, next: Kind(rawValue: UInt8(pair % kindCount))!,
            atStart: false, atEnd: false)
    }

    /// The attribute before the character of kind `next` and after that of `previous` (nil at the
    /// text's ends, `atStart` and `atEnd`).
    private static func attribute(previous: Kind?, next: Kind?, atStart: Bool, atEnd: Bool) -> PangoLogAttr {
        let previousWord = previous == .letter || previous == .digit
        let nextWord = next == .letter || next == .digit
        var attribute = PangoLogAttr()
        attribute.is_char_break = 1
        attribute.is_cursor_position = 1
        attribute.is_line_break = atEnd || previous == .space ? 1 : 0
        attribute.is_mandatory_break = atEnd ? 1 : 0
        attribute.is_white = atEnd || next == .space ? 1 : 0
        attribute.is_expandable_space = next == .space ? 1 : 0
        attribute.is_word_start = nextWord && !previousWord ? 1 : 0
        attribute.is_word_end = previousWord && !nextWord ? 1 : 0
        attribute.is_word_boundary = previousWord && nextWord ? 0 : 1
        attribute.is_sentence_boundary = atStart || atEnd ? 1 : 0
        attribute.is_sentence_start = atStart ? 1 : 0
        attribute.is_sentence_end = atEnd ? 1 : 0
        attribute.backspace_deletes_character = atStart || previous == .dash ? 1 : 0
        attribute.break_inserts_hyphen = previous == .letter && nextWord ? 1 : 0
        return attribute
    }

    /// The kind of each character, when `bytes` is words (each maybe ending in a separator) and
    /// lone dashes (neither first, nor last, nor next to another) between single spaces; else nil.
    private static func kinds(_ bytes: UnsafeBufferPointer<UInt8>) -> [Kind]? {
        var kinds: [Kind] = []
        kinds.reserveCapacity(bytes.count)
        var index = 0
        // The kind of the word before the last space: a dash may follow only a word.
        var lastWord: Kind?
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x61...0x7A, 0x41...0x5A, 0x30...0x39:
                guard kinds.last != .dash else { return nil }
                kinds.append(byte <= 0x39 ? .digit : .letter)
                index += 1
            case 0x2C, 0x3A, 0x3B:
                // A comma, colon or semicolon: after a letter or digit, before a space.
                guard kinds.last == .letter || kinds.last == .digit, index + 1 < bytes.count, bytes[index + 1] == 0x20
                else { return nil }
                kinds.append(.separator)
                index += 1
            case 0x20:
                guard let last = kinds.last, last != .space else { return nil }
                lastWord = last
                kinds.append(.space)
                index += 1
            case 0xE2:
                // U+2014, alone between spaces, after a word.
                guard index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0x94,
                    kinds.last == .space, lastWord != .dash
                else { return nil }
                kinds.append(.dash)
                index += 3
            default:
                return nil
            }
        }
        guard let last = kinds.last, last == .letter || last == .digit else { return nil }
        return kinds
    }
}
