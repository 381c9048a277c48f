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
}
