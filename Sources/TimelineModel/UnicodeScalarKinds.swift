/// Kinds of characters that text from an input may not carry into an image or a message.
extension Unicode.Scalar {
    /// C0 controls, DEL and C1 controls: no font draws them, and a terminal acts on them (ESC
    /// starts a command, CSI U+009B too).
    package var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// U+FDD0–U+FDEF and the last two code points of every plane: Unicode keeps them for programs'
    /// own use, and cairo's PDF writer fails on them.
    package var isNoncharacter: Bool {
        (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    }

    /// Invisible characters that move or reorder what follows them: line and paragraph
    /// separators, bidirectional marks, embeddings, overrides and isolates, the byte-order mark.
    package var isLayoutControl: Bool {
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }
}
