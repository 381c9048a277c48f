/// What a font library's measuring hands to its drawing: the lines measuring shaped, by font and
/// text, so the SVG writer and the PDF painter draw them without shaping the same text again
/// (shaping is most of the cost of text); and the sibling libraries that shape on other
/// threads, whose lines are handed over here once their threads are done.
/// Used by one thread at a time, as its library.
final class ShapedLineHandoff {
    /// Libraries with the same fonts that shape text on other threads; their lines are drawn
    /// with this library's fonts, so their contexts are kept in the same state as its own.
    private(set) var siblings: [FontLibrary] = []
    private var lines: [Key: ShapedLine] = [:]

    private struct Key: Hashable {
        let font: String
        let text: String
    }

    /// Most lines kept: past it, the lines of texts measured before are dropped.
    static let limit = 200_000

    var count: Int { lines.count }

    /// Registers a sibling: its context follows this library's from now on, and its lines are
    /// taken over with `takeOver(from:)`.
    func adopt(_ sibling: FontLibrary) {
        siblings.append(sibling)
    }

    /// Makes room for `count` more lines, here and in the siblings (whose lines come here).
    func reserve(_ count: Int) {
        lines.reserveCapacity(lines.count + count)
        for sibling in siblings { sibling.handoff.lines.reserveCapacity(count / (siblings.count + 1) + 1) }
    }

    /// Keeps `line`, the shaping of exactly `text` in `font`; a line already kept stays.
    func keep(_ line: ShapedLine, text: String, font: String) {
        let key = Key(font: font, text: text)
        guard lines[key] == nil else { return }
        if lines.count >= Self.limit { discardAll() }
        lines[key] = line
    }

    /// The kept shaping of exactly `text` on one line in `font`.
    func line(_ text: String, font: String) -> ShapedLine? {
        lines.isEmpty ? nil : lines[Key(font: font, text: text)]
    }

    /// Takes over the lines `sibling` kept, once its thread is done with them.
    func takeOver(from sibling: FontLibrary) {
        for (key, line) in sibling.handoff.lines where lines.count < Self.limit {
            if lines[key] == nil { lines[key] = line }
        }
        sibling.handoff.discardAll()
    }

    func discardAll() {
        lines.removeAll()
    }
}
