import TimelineBreaks

extension TextMeasuring {
    /// The widest piece of `texts` a line must hold: each text's unbreakable pieces (between
    /// two line-break opportunities), measured in one batch; `hyphenated`, each word cut at its
    /// dictionary points in the card's language (`LineBreaks.narrowestLines`). At that width
    /// every word is whole or broken at a dictionary point, the promise a refusal's "narrowest
    /// width that fits" makes; at the other, every word is whole.
    public func widestUnbreakable(_ texts: [(text: String, font: String)], hyphenated: Bool) -> Double {
        let language = LineBreaks.language
        let requests = texts.flatMap { text in
            let pieces =
                hyphenated
                ? LineBreaks.narrowestLines(text.text, language: language)
                : LineBreaks.unbreakablePieces(text.text).map(String.init)
            return pieces.map {
                TextRequest(text: $0, font: text.font, maxWidth: 100_000, maxLines: 1)
            }
        }
        return measure(requests).map(\.width).max() ?? 0
    }

    /// The widest piece of rich paragraphs (descriptions) a line must hold, at their dictionary
    /// points: each paragraph's `LineBreaks.narrowestRanges` over its whole text, set run by run
    /// as `RichLineBreaks` sets a line. At that width every word is whole or broken at a
    /// dictionary point.
    public func widestHyphenatedPiece(paragraphs: [[TextRun]]) -> Double {
        let language = LineBreaks.language
        return paragraphs.map { runs in
            let paragraph = RichLineBreaks(measurer: self, runs: runs, maxWidth: 0)
            let text = String(decoding: paragraph.bytes, as: UTF8.self)
            return LineBreaks.narrowestRanges(text, language: language).map {
                paragraph.width($0.bytes.lowerBound, $0.bytes.upperBound, mark: $0.hyphen ? "-" : "")
            }.max() ?? 0
        }.max() ?? 0
    }
}
