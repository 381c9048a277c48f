import TimelineThreads

/// Where lines of a card's text may break: UAX #14's opportunities (ICU's iterator on bundled
/// rules, `ICULineRules`, and Unicode 15.1's quotation rules, `QuotationBreaks`), tailored for
/// dates, times, ranges, flags, identifiers, URLs, Korean and CJK orphans (`BreakTailoring`), and
/// a word too long for its line at the points of its language's hyphenation dictionary
/// (`Hyphenator`). Pure: the Cairo measurer and the layout tests' fake measurer break alike with it.
public enum LineBreaks {
    /// The language texts are hyphenated in while a card is laid out (its `locale`, e.g.
    /// "de-DE"); nil: English.
    @TaskLocal public static var language: String?

    /// The text before the one being broken, when it is the rest of a longer one (a measurer
    /// wrapping on after a broken word): its opportunities are then the longer text's, so that
    /// the rest of a URL still breaks after its `/`, and a date or time before it keeps its words.
    @TaskLocal public static var precedingText: String?

    /// Opens ICU and loads the line rules now instead of at the first text broken, so a thread
    /// with nothing else to do yet (the main thread while the text thread loads the fonts) takes
    /// that half millisecond off the text thread's path. Later calls, and breaking, find them
    /// loaded; a thread that calls while another loads them waits for it.
    public static func prepare() {
        _ = ICULineRules.shared
    }

    /// The UTF-8 offsets in `text` where a line may start, in order, 0 and the end excluded; in
    /// `precedingText`'s context when there is one. Without ICU (or its rules file), after white
    /// space only.
    public static func opportunities(in text: String) -> [Int] {
        guard let before = precedingText, !before.isEmpty else { return opportunitiesAlone(in: text) }
        let shift = before.utf8.count
        return opportunitiesAlone(in: before + text).compactMap { $0 > shift ? $0 - shift : nil }
    }

    private static func opportunitiesAlone(in text: String) -> [Int] {
        let found = ICULineRules.shared?.opportunities(in: text) ?? afterWhiteSpace(text)
        return QuotationBreaks.kept(BreakTailoring.tailored(found, in: text), in: text)
    }

    private static func afterWhiteSpace(_ text: String) -> [Int] {
        var found: [Int] = []
        var offset = 0
        var previousWhite = false
        for scalar in text.unicodeScalars {
            let white = scalar.properties.isWhitespace && scalar != "\u{00A0}"
            if previousWhite, !white { found.append(offset) }
            previousWhite = white
            offset += UTF8.width(scalar)
        }
        return found
    }

    /// `text` cut at its opportunities, each piece without its trailing white space: what a
    /// line holds at the least.
    public static func unbreakablePieces(_ text: String) -> [Substring] {
        let utf8 = text.utf8
        var pieces: [Substring] = []
        var start = 0
        for end in opportunities(in: text) + [utf8.count] where end > start {
            let from = utf8.index(utf8.startIndex, offsetBy: start)
            let to = utf8.index(from, offsetBy: end - start)
            let piece = text[from..<to].trimmingWhiteSpace
            if !piece.isEmpty { pieces.append(piece) }
            start = end
        }
        return pieces
    }

    /// The narrowest lines `text` may be set in: its unbreakable pieces, each a word too long
    /// cut at its dictionary points in `language` (each part but the last with its hyphen).
    /// The widest of these, measured, is the narrowest width at which every word is whole or
    /// broken at a dictionary point.
    /// A CJK character is never alone on a line: one followed, with no space, by another
    /// piece needs a line that holds both ("と承認" when "承認" may not be parted).
    public static func narrowestLines(_ text: String, language: String?) -> [String] {
        let utf8 = Array(text.utf8)
        return narrowestRanges(text, language: language).map {
            String(decoding: utf8[$0.bytes], as: UTF8.self) + ($0.hyphen ? "-" : "")
        }
    }

    /// `narrowestLines` as UTF-8 ranges of `text`, each with whether its line ends in a hyphen:
    /// a paragraph of runs of several fonts measures each line run by run.
    public static func narrowestRanges(_ text: String, language: String?) -> [(bytes: Range<Int>, hyphen: Bool)] {
        let pieces = unbreakablePieces(text)
        let offset = { (index: String.Index) in text.utf8.distance(from: text.utf8.startIndex, to: index) }
        var lines = pieces.flatMap { piece -> [(bytes: Range<Int>, hyphen: Bool)] in
            let start = offset(piece.startIndex)
            var characterStarts = [start]
            for character in piece {
                characterStarts.append(characterStarts[characterStarts.count - 1] + character.utf8.count)
            }
            let characters = Array(piece)
            var parts: [(bytes: Range<Int>, hyphen: Bool)] = []
            var first = 0
            for cut in hyphenationPoints(String(piece), language: language) + [characters.count] {
                let hyphen = cut < characters.count && characters[cut - 1] != "-"
                parts.append((characterStarts[first]..<characterStarts[cut], hyphen))
                first = cut
            }
            return parts
        }
        for (piece, next) in zip(pieces, pieces.dropFirst()) where piece.endIndex == next.startIndex {
            if piece.unicodeScalars.count == 1, let only = piece.unicodeScalars.first, BreakTailoring.isCJK(only) {
                lines.append((offset(piece.startIndex)..<offset(next.endIndex), false))
            }
        }
        return lines
    }

    /// `word` cut at every dictionary point of `language`, each part but the last ending in
    /// the hyphen it is set with: ["Anfor-", "de-", "rungs-", "ana-", "ly-", "se"]. One part
    /// when the word has no point (`hyphenationPoints`).
    public static func hyphenated(_ word: String, language: String?) -> [String] {
        let characters = Array(word)
        var parts: [String] = []
        var start = 0
        for cut in hyphenationPoints(word, language: language) + [characters.count] {
            let part = String(characters[start..<cut])
            parts.append(cut < characters.count && characters[cut - 1] != "-" ? part + "-" : part)
            start = cut
        }
        return parts
    }

    /// The offsets (in characters) inside `word` where its dictionary lets it break in
    /// `language`, a hyphen added unless the character before is the word's own hyphen
    /// ("Sprint-Review" breaks after its hyphen, each part at its points). None when the word is
    /// no plain word (a number, a name with digits or marks inside), the language has no
    /// patterns, or the word is of another script than theirs (Arabic in an English card).
    /// Punctuation around the word stays with its first and last part.
    public static func hyphenationPoints(_ word: String, language: String?) -> [Int] {
        let characters = Array(word)
        guard let first = characters.firstIndex(where: \.isLetter),
            let last = characters.lastIndex(where: \.isLetter)
        else { return [] }
        let letters = characters[first...last]
        // camelCase is a name a program reads: never hyphenated.
        let camel = zip(letters, letters.dropFirst()).contains { $0.isLowercase && $1.isUppercase }
        guard letters.allSatisfy({ $0.isLetter || $0 == "-" }), letters.count >= 5, !camel,
            isInPatternScript(letters), let hyphenator = hyphenator(for: language)
        else { return [] }
        var points: [Int] = []
        var start = first
        for part in letters.split(separator: "-", omittingEmptySubsequences: false) {
            let end = start + part.count
            if start > first { points.append(start) }
            points.append(contentsOf: hyphenator.points(in: String(part)).map { $0 + start })
            start = end + 1
        }
        return points.filter { $0 > 0 && $0 < characters.count }
    }

    /// Hyphenators by pattern file, each read once, on first use.
    private static let hyphenators = Lock()
    nonisolated(unsafe) private static var loaded: [String: Hyphenator?] = [:]

    /// The bundled patterns' files by language subtag.
    static let patternFiles = [
        "en": "hyph_en_US", "de": "hyph_de_DE", "fr": "hyph_fr", "es": "hyph_es_ES", "it": "hyph_it_IT",
        "nl": "hyph_nl_NL", "pt": "hyph_pt_PT", "sv": "hyph_sv_SE", "pl": "hyph_pl_PL",
    ]

    /// The hyphenator of `language` (a BCP 47 tag; nil: English); nil for a language without
    /// bundled patterns: its words break only at grapheme boundaries.
    static func hyphenator(for language: String?) -> Hyphenator? {
        let subtag = (language ?? "en").split(separator: "-").first.map { $0.lowercased() } ?? "en"
        guard let file = patternFiles[subtag] else { return nil }
        return hyphenators.withLock {
            if let known = loaded[file] { return known }
            let made = BundledBreakData.contents("hyphenation/\(file).dic").map(Hyphenator.init(dictionary:))
            loaded[file] = made
            return made
        }
    }
}

extension Substring {
    /// Without white space at either end.
    var trimmingWhiteSpace: Substring {
        var result = self
        while let first = result.first, first.isWhitespace { result = result.dropFirst() }
        while let last = result.last, last.isWhitespace { result = result.dropLast() }
        return result
    }
}
