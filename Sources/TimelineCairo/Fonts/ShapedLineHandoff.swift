import TimelineScene

/// What a font library's measuring hands to its drawing: the lines measuring shaped, by font and
/// text, so the SVG writer and the PDF painter draw them without shaping the same text again
/// (shaping is most of the cost of text). Used by one thread at a time, as its library.
final class ShapedLineHandoff {
    private var lines: [Key: ShapedLine] = [:]

    /// Texts by their bytes: canonically equivalent texts shape differently.
    private struct Key: Hashable {
        let font: String
        let text: String

        static func == (lhs: Key, rhs: Key) -> Bool { lhs.font == rhs.font && lhs.text.hasSameBytes(as: rhs.text) }

        func hash(into hasher: inout Hasher) {
            hasher.combine(font)
            text.hashBytes(into: &hasher)
        }
    }

    /// Most lines kept: past it, the lines of texts measured before are dropped.
    static let limit = 200_000

    /// Keeps `line`, the shaping of exactly `text` in `font`; a line already kept stays.
    func keep(_ line: ShapedLine, text: String, font: String) {
        line.keep(as: text, font: font)
        let key = Key(font: font, text: text)
        if lines.count >= Self.limit {
            if lines[key] != nil { return }
            discardAll()
        }
        // One lookup for a new text (most are): a line already kept is put back.
        if let kept = lines.updateValue(line, forKey: key) { lines[key] = kept }
    }

    /// Makes room for `extra` more lines at once: a batch of new texts would otherwise grow the
    /// table, rehashing every line kept so far, a dozen times.
    func reserve(_ extra: Int) {
        lines.reserveCapacity(min(Self.limit, lines.count + extra))
    }

    /// The kept shaping of exactly `text` on one line in `font`.
    func line(_ text: String, font: String) -> ShapedLine? {
        lines.isEmpty ? nil : lines[Key(font: font, text: text)]
    }

    func discardAll() {
        lines.removeAll()
    }
}
