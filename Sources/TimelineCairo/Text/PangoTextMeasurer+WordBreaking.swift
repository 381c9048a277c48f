import TimelineBreaks
import TimelineScene

/// The lines of a text as wrapped between words, before a word too wide for them is broken.
struct WrappedText {
    var lines: [MeasuredLine]
    /// Each line's first byte in `bytes`.
    var starts: [Int]
    var lineHeight: Double
    var height: Double
    var bytes: UnsafeBufferPointer<UInt8>
}

extension PangoTextMeasurer {
    /// The mark a word broken across lines ends with.
    static let breakMark = "-"
    /// How many broken words in a row the rest of a text wraps on after: each is a measure of the
    /// rest, nested. Past it, words are broken where they stand (a hostile text of thousands of
    /// long words neither recurses that deep nor measures its rest thousands of times).
    static let maxWordsWrappedOn = 8
    /// The fewest characters a broken word leaves for its last line, when it has them to spare.
    static let shortestTail = 3

    /// The text with the word on line `index` (too wide for `maxWidth`, no break allowed inside)
    /// broken at character boundaries, each piece but the last ending in a hyphen, and the rest
    /// of the text from that last piece on wrapped again: a word is never cut and never loses
    /// characters from its middle. `overflow` still tells the word's width, so a layout can
    /// widen the column to it first.
    func breakingWord(
        at index: Int, of wrap: WrappedText, font: String, description: OpaquePointer, maxWidth: Double,
        maxLines: Int?
    ) -> MeasuredText {
        let line = wrap.lines[index]
        let pieces = wordPieces(line.text, description, maxWidth: maxWidth)
        var lines = Array(wrap.lines[..<index])
        var starts = Array(wrap.starts[..<index])
        var offset = wrap.starts[index]
        for (number, piece) in pieces.dropLast().enumerated() {
            lines.append(
                MeasuredLine(
                    text: piece.text, width: piece.width, baseline: line.baseline + Double(number) * wrap.lineHeight,
                    isRightToLeft: line.isRightToLeft))
            starts.append(offset)
            offset += piece.sourceBytes
        }
        if let maxLines, maxLines > 0, lines.count >= maxLines {
            // No room for the rest: the last line kept ends in an ellipsis over all that follows.
            let rest = String(decoding: wrap.bytes[starts[maxLines - 1]...], as: UTF8.self)
                .split(whereSeparator: \.isNewline).joined(separator: " ")
            var last = lines[maxLines - 1]
            (last.text, last.width) = ellipsized(rest, description, maxWidth: maxWidth)
            lines = Array(lines.prefix(maxLines - 1)) + [last]
            let height = last.baseline - wrap.lines[0].baseline + wrap.lineHeight
            return MeasuredText(
                lines: lines, height: height, lineHeight: wrap.lineHeight, isTruncated: true, overflow: line.width)
        }
        let restLines = maxLines.map { $0 - lines.count }
        let rest: MeasuredText
        if wordsWrappedOn < Self.maxWordsWrappedOn {
            wordsWrappedOn += 1
            defer { wordsWrappedOn -= 1 }
            // Broken where the whole text may break: the rest of a URL is no URL on its own.
            let before = (LineBreaks.precedingText ?? "") + String(decoding: wrap.bytes[..<offset], as: UTF8.self)
            rest = LineBreaks.$precedingText.withValue(before) {
                let restBytes = UnsafeBufferPointer(rebasing: wrap.bytes[offset...])
                return measure(
                    String(decoding: restBytes, as: UTF8.self), bytes: restBytes, font: font, maxWidth: maxWidth,
                    maxLines: restLines)
            }
        } else {
            rest = brokenWhereTheyStand(
                wrap, from: index, pieces: pieces, description: description, maxWidth: maxWidth, maxLines: restLines)
        }
        let top = line.baseline + Double(pieces.count - 1) * wrap.lineHeight - (rest.lines.first?.baseline ?? 0)
        for var restLine in rest.lines {
            restLine.baseline += top
            lines.append(restLine)
        }
        return MeasuredText(
            lines: lines, height: top + rest.height, lineHeight: wrap.lineHeight, isTruncated: rest.isTruncated,
            overflow: max(line.width, rest.overflow))
    }

    /// The lines from `index` on with the last of `pieces` and every later word too wide broken
    /// where it stands (no wrapping on after it), as a block of their own from the piece's line;
    /// cut with an ellipsis past `maxLines`.
    private func brokenWhereTheyStand(
        _ wrap: WrappedText, from index: Int, pieces: [WordPiece], description: OpaquePointer, maxWidth: Double,
        maxLines: Int?
    ) -> MeasuredText {
        let last = pieces[pieces.count - 1]
        let line = wrap.lines[index]
        var lines = [MeasuredLine(text: last.text, width: last.width, baseline: line.baseline)]
        var overflow: Double = 0
        for later in wrap.lines[(index + 1)...] {
            let shift = lines[lines.count - 1].baseline + wrap.lineHeight - later.baseline
            guard later.width > maxWidth + 0.01, later.text.count > 1 else {
                lines.append(MeasuredLine(text: later.text, width: later.width, baseline: later.baseline + shift))
                continue
            }
            overflow = max(overflow, later.width)
            for piece in wordPieces(later.text, description, maxWidth: maxWidth) {
                let baseline = lines[lines.count - 1].baseline + wrap.lineHeight
                lines.append(MeasuredLine(text: piece.text, width: piece.width, baseline: baseline))
            }
        }
        // As a block of its own: its first baseline at the text's ascent.
        let ascent = wrap.lines[0].baseline
        for index in lines.indices { lines[index].baseline -= line.baseline - ascent }
        var truncated = false
        if let maxLines, maxLines > 0, lines.count > maxLines {
            truncated = true
            let rest = lines[(maxLines - 1)...].map(\.text).joined(separator: " ")
            (lines[maxLines - 1].text, lines[maxLines - 1].width) = ellipsized(rest, description, maxWidth: maxWidth)
            lines = Array(lines.prefix(maxLines))
        }
        let height = lines[lines.count - 1].baseline - ascent + wrap.lineHeight
        return MeasuredText(
            lines: lines, height: height, lineHeight: wrap.lineHeight, isTruncated: truncated, overflow: overflow)
    }

    /// A piece of a broken word: its text (with the mark), width, and how many bytes of the word
    /// it holds.
    typealias WordPiece = (text: String, width: Double, sourceBytes: Int)

    /// `text` in pieces that fit `maxWidth`: at its dictionary points when each piece between
    /// two of them fits (`dictionaryPieces`), else at grapheme boundaries (at least one
    /// character each, `letterCut`), every piece but the last ending in the break mark unless it
    /// ends in a hyphen already or its script takes none (`LineBreaks.marksLetterBreaks`). Each
    /// piece's length is found by doubling from its start and halving back (`longestFitting`), so
    /// a piece costs the shaping of a few times its own characters and a word costs time linear in
    /// its length.
    func wordPieces(_ text: String, _ description: OpaquePointer, maxWidth: Double) -> [WordPiece] {
        if let pieces = dictionaryPieces(text, description, maxWidth: maxWidth) { return pieces }
        let characters = Array(text)
        let marks = LineBreaks.marksLetterBreaks(text)
        // A piece that breaks the word, or one of the rest measured up to where it stops.
        let shown = { (from: Int, to: Int) in Self.letterPiece(characters, from, to, marks: marks, breaks: true) }
        let rest = { (from: Int, to: Int) in Self.letterPiece(characters, from, to, marks: marks, breaks: false) }
        var pieces: [WordPiece] = []
        var first = 0
        while first < characters.count {
            let restFits = Self.fitsThroughEnd(from: first, to: characters.count) {
                singleLineWidth(rest(first, $0), description) <= maxWidth + 0.01
            }
            if restFits {
                let whole = rest(first, characters.count)
                pieces.append((whole, singleLineWidth(whole, description), String(characters[first...]).utf8.count))
                break
            }
            // The most characters that fit with their mark.
            var low = Self.longestFitting(from: first + 1, to: characters.count - 1) {
                singleLineWidth(shown(first, $0), description) <= maxWidth
            }
            low = Self.letterCut(characters, from: first, fitting: low, marks: marks)
            let piece = shown(first, low)
            pieces.append((piece, singleLineWidth(piece, description), String(characters[first..<low]).utf8.count))
            first = low
        }
        return pieces
    }

    /// Where a piece of `characters` from `first` ends, `low` characters fitting: after a hyphen of
    /// the word's own in the piece's second half rather than with a mark of ours ("WP-2026-11-"
    /// over "000123-…" reads as the ID, "11-00012-" over "3-" not); no orphan of one or two
    /// characters on the next line ("Housewarmi-" over "ng"); in a joined script (Arabic), after a
    /// letter that does not join the next, so both pieces keep their letters' shapes, when that
    /// keeps half the piece and more than one letter (never "ا" over "نتشار").
    static func letterCut(_ characters: [Character], from first: Int, fitting low: Int, marks: Bool) -> Int {
        var low = low
        if let hyphen = characters[first..<low].lastIndex(where: Self.isHyphen), hyphen + 1 < low,
            hyphen + 1 - first >= (low - first) / 2
        {
            low = hyphen + 1
        }
        let tail = Self.shortestTail
        if characters.count - low < tail, characters.count - tail - first >= 2 { low = characters.count - tail }
        if !marks, LineBreaks.joinsNext(characters[low - 1]),
            let unjoined = (first + 1..<low).last(where: { !LineBreaks.joinsNext(characters[$0 - 1]) }),
            unjoined - first >= max(2, (low - first + 1) / 2)
        {
            low = unjoined
        }
        return low
    }

    /// Characters `from..<to` of a word broken between letters, as their line shows them; when the
    /// word `breaks` there, with the break mark (`marked`) in the alphabets that take one. Else
    /// (Arabic, Hebrew, CJK) bare; a cut between two joined Arabic letters ends its line with a
    /// zero-width joiner (`LineBreaks.cutParts`): the letter keeps the joined form it has in the
    /// word, which tells, as a hyphen does in Latin, that the word goes on.
    static func letterPiece(_ characters: [Character], _ from: Int, _ to: Int, marks: Bool, breaks: Bool) -> String {
        let slice = characters[from..<to]
        if marks { return breaks ? marked(slice) : String(slice) }
        let joined = breaks && to < characters.count && LineBreaks.cutParts(characters[to - 1], from: characters[to])
        return joined ? String(slice) + "\u{200D}" : String(slice)
    }

    /// Whether `fits` holds at `upper`, for a `fits` that holds up to some end and not after it:
    /// probed at `lower + 1, + 2, + 4, ...`, so a long text that does not fit costs a few times
    /// what fits.
    static func fitsThroughEnd(from lower: Int, to upper: Int, _ fits: (Int) -> Bool) -> Bool {
        var (end, step) = (lower, 1)
        while end < upper {
            let probe = min(end + step, upper)
            guard fits(probe) else { return false }
            end = probe
            step *= 2
        }
        return true
    }

    /// The largest end in `lower...upper` for which `fits` holds (`lower` when none does), for a
    /// `fits` that holds up to some end and not after it, as widths of growing prefixes do.
    /// Probes `lower + 1, + 2, + 4, ...` until one fails, then halves between the last two: the
    /// probes cost a few times the answer's length, not the text's, as halving all of
    /// `lower...upper` would (a long word broken into many pieces was quadratic).
    static func longestFitting(from lower: Int, to upper: Int, _ fits: (Int) -> Bool) -> Int {
        var (good, step) = (lower, 1)
        var bad = upper + 1
        while good < upper {
            let probe = min(good + step, upper)
            if fits(probe) {
                good = probe
                step *= 2
            } else {
                bad = probe
                break
            }
        }
        var (low, high) = (good, bad - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(middle) { low = middle } else { high = middle - 1 }
        }
        return low
    }

    static func isHyphen(_ character: Character) -> Bool {
        character == "-" || character == "\u{2010}"
    }

    static func marked(_ characters: ArraySlice<Character>) -> String {
        let text = String(characters)
        return characters.last.map(Self.isHyphen) == true ? text : text + Self.breakMark
    }
}
