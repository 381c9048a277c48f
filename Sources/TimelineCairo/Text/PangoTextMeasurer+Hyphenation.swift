import TimelineBreaks

extension PangoTextMeasurer {
    /// `text`, one word too wide for `maxWidth`, in lines broken only at its dictionary points
    /// in the card's language (`LineBreaks.language`), each line holding as many of the parts
    /// between them as fit; nil when the word has no points or one part alone does not fit:
    /// only then is it broken at grapheme boundaries. Searched only for words that do not fit.
    func dictionaryPieces(_ text: String, _ description: OpaquePointer, maxWidth: Double) -> [WordPiece]? {
        let points = LineBreaks.hyphenationPoints(text, language: LineBreaks.language)
        guard !points.isEmpty else { return nil }
        let characters = Array(text)
        let cuts = [0] + points + [characters.count]
        var pieces: [WordPiece] = []
        var first = 0
        while first < cuts.count - 1 {
            let last = cuts.count - 1
            let piece = { (end: Int) -> String in
                end == last ? String(characters[cuts[first]...]) : Self.marked(characters[cuts[first]..<cuts[end]])
            }
            let end = Self.longestFitting(from: first, to: last) {
                singleLineWidth(piece($0), description) <= maxWidth + 0.01
            }
            guard end > first else { return nil }
            let text = piece(end)
            pieces.append(
                (text, singleLineWidth(text, description), String(characters[cuts[first]..<cuts[end]]).utf8.count))
            first = end
        }
        return pieces
    }
}
