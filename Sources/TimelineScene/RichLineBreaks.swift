import TimelineBreaks

/// Runs of several fonts wrapped as one paragraph exactly where its plain text would be: at the
/// opportunities of `LineBreaks` over the whole paragraph (a run boundary is none), greedily, each
/// line as long as fits; a word wider than the line is broken as the measurer breaks it in plain
/// text (at its dictionary points in the card's language first, at grapheme boundaries last, with
/// the same hyphen rules), and the rest of the paragraph wraps on after its last piece. Each run
/// on a line is measured, and later drawn, as a line of its own; whatever measures one line of
/// plain text measures these.
struct RichLineBreaks {
    let measurer: any TextMeasuring
    let runs: [TextRun]
    let maxWidth: Double
    /// The paragraph's base direction for ordering runs (UAX #9): right to left when true, its
    /// first strong letter's when nil.
    let baseIsRightToLeft: Bool?
    /// The paragraph's UTF-8: every run's text, in order.
    let bytes: [UInt8]
    /// Each run's first byte in `bytes`, and the end.
    let bounds: [Int]

    /// The width a piece is measured at as one line: wider than any text `Limits` lets through
    /// (a word too long for 100,000 points was broken, in pieces, only to be found too wide).
    static let unwrapped = 10_000_000.0

    /// A line: bytes `start..<end` (white space at its end not shown), `mark` (a broken word's
    /// hyphen) after them.
    struct Line {
        var start: Int
        var end: Int
        var mark = ""
    }

    init(measurer: any TextMeasuring, runs: [TextRun], maxWidth: Double, rightToLeft: Bool? = nil) {
        self.measurer = measurer
        self.runs = runs
        self.maxWidth = maxWidth
        self.baseIsRightToLeft = rightToLeft
        var bytes: [UInt8] = []
        var bounds: [Int] = []
        for run in runs {
            bounds.append(bytes.count)
            bytes += run.text.utf8
        }
        bounds.append(bytes.count)
        self.bytes = bytes
        self.bounds = bounds
    }

    /// The paragraph measured: every line's runs placed from its start, in reading order, a line
    /// of both directions in the order of UAX #9.
    func measured() -> MeasuredRichText {
        let rightToLeft = LineBreaks.firstStrongIsRightToLeft(String(decoding: bytes, as: UTF8.self)) == true
        var lines: [MeasuredRichLine] = []
        // The paragraph's pitch: its tallest piece's line as plain text (fallback fonts included).
        var pitch = (height: 0.0, ascent: 0.0)
        for line in paragraphs().flatMap(lines(from:to:)) {
            let (measured, height, ascent) = measuredLine(line, rightToLeft: rightToLeft)
            lines.append(measured)
            pitch = (max(pitch.height, height), max(pitch.ascent, ascent))
        }
        if pitch.height == 0, let run = runs.first {
            let empty = measurer.measure("x", font: run.font, maxWidth: Self.unwrapped, maxLines: 1)
            pitch = (empty.lineHeight, empty.lines.first?.baseline ?? 0)
        }
        for index in lines.indices { lines[index].baseline = Double(index) * pitch.height + pitch.ascent }
        return MeasuredRichText(lines: lines, height: Double(lines.count) * pitch.height, lineHeight: pitch.height)
    }

    /// The paragraph's parts between newlines, as byte ranges (a newline begins a line).
    private func paragraphs() -> [(Int, Int)] {
        var found: [(Int, Int)] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            found.append((start, offset))
            start = offset + 1
        }
        found.append((start, bytes.count))
        return found
    }

    /// The lines of bytes `first..<last` (no newline inside): one, empty, when it is.
    private func lines(from first: Int, to last: Int) -> [Line] {
        guard last > first else { return [Line(start: first, end: first)] }
        let text = String(decoding: bytes[first..<last], as: UTF8.self)
        let ends = LineBreaks.opportunities(in: text).map { $0 + first } + [last]
        var lines: [Line] = []
        var start = first
        var index = 0
        while start < last {
            while ends[index] <= start { index += 1 }
            if !fits(start, ends[index]), let pieces = brokenWord(start, ends[index]) {
                // All but the last piece on lines of their own; the last begins the next line.
                lines += pieces
                start = pieces[pieces.count - 1].end
                continue
            }
            let end = lineEnd(from: start, first: index, ends: ends)
            lines.append(Line(start: start, end: ends[end]))
            start = ends[end]
        }
        return lines
    }

    /// The last of `ends` (from `first`, whose piece fits) that the line from `start` holds: guessed
    /// from its pieces' own widths (each word measured once, then known), then checked as the
    /// line is set, so that a line is shaped about twice however many words it holds.
    private func lineEnd(from start: Int, first: Int, ends: [Int]) -> Int {
        var end = first
        var before = width(start, ends[first])
        while end + 1 < ends.count {
            let piece = ends[end]..<ends[end + 1]
            guard before + width(piece.lowerBound, trimmedEnd(piece.lowerBound, piece.upperBound)) <= maxWidth else {
                break
            }
            before += width(piece.lowerBound, piece.upperBound)
            end += 1
        }
        while end > first, !fits(start, ends[end]) { end -= 1 }
        while end + 1 < ends.count, fits(start, ends[end + 1]) { end += 1 }
        return end
    }

    /// Whether bytes `start..<end`, white space at their end left out, fit the line.
    private func fits(_ start: Int, _ end: Int) -> Bool {
        width(start, trimmedEnd(start, end)) <= maxWidth
    }

    /// `end` with the white space before it (down to `start`) left out.
    private func trimmedEnd(_ start: Int, _ end: Int) -> Int {
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        return start + text.trimmingTrailingWhiteSpace.utf8.count
    }

    /// The runs' pieces in bytes `start..<end`: each one's run and bytes.
    private func pieces(_ start: Int, _ end: Int) -> [(run: Int, start: Int, end: Int)] {
        var found: [(run: Int, start: Int, end: Int)] = []
        for run in runs.indices where bounds[run] < end && bounds[run + 1] > start {
            found.append((run, max(start, bounds[run]), min(end, bounds[run + 1])))
        }
        return found
    }

    /// The width of bytes `start..<end` set run by run, `mark` after the last.
    func width(_ start: Int, _ end: Int, mark: String = "") -> Double {
        let found = pieces(start, end)
        return found.enumerated().reduce(0) { sum, piece in
            let text = String(decoding: bytes[piece.element.start..<piece.element.end], as: UTF8.self)
            let marked = piece.offset == found.count - 1 ? text + mark : text
            return sum + Self.width(of: marked, font: runs[piece.element.run].font, measurer: measurer)
        }
    }

    /// A piece of a run as it is set on a line, measured as one line; one ending in white space
    /// (which a measurer may leave out of a line's width) with a letter after it, less that
    /// letter: the space is as wide as it is before the next run.
    static func width(of text: String, font: String, measurer: any TextMeasuring) -> Double {
        func measured(_ text: String) -> Double {
            measurer.measure(text, font: font, maxWidth: Self.unwrapped, maxLines: 1).width
        }
        guard let last = text.last, last.isWhitespace else { return measured(text) }
        return measured(text + "x") - measured("x")
    }

    /// The word in bytes `start..<end` (too wide for a line) in lines as the measurer breaks it in
    /// plain text, set in the widest of its runs' fonts so that every piece fits; all but its last
    /// piece, each with its mark. Nil when it cannot be broken (one character).
    private func brokenWord(_ start: Int, _ end: Int) -> [Line]? {
        let end = trimmedEnd(start, end)
        let word = String(decoding: bytes[start..<end], as: UTF8.self)
        let fonts = Set(pieces(start, end).map { runs[$0.run].font }).sorted()
        let font = fonts.max {
            measurer.measure(word, font: $0, maxWidth: Self.unwrapped, maxLines: 1).width
                < measurer.measure(word, font: $1, maxWidth: Self.unwrapped, maxLines: 1).width
        }
        guard let font else { return nil }
        let shown = measurer.measure(word, font: font, maxWidth: maxWidth, maxLines: nil).lines.map(\.text)
        var rest = Substring(word).unicodeScalars
        var offset = start
        var lines: [Line] = []
        for text in shown.dropLast() {
            // The piece's own letters are where the word goes on; what follows them is its mark.
            let scalars = text.unicodeScalars
            let common = zip(scalars, rest).prefix { $0 == $1 }.count
            // Found from the piece's end, not the rest's length: a long word has many pieces.
            let after = rest.index(rest.startIndex, offsetBy: common)
            guard common > 0, after < rest.endIndex else { return nil }
            let taken = rest[..<after].reduce(0) { $0 + UTF8.width($1) }
            lines.append(Line(start: offset, end: offset + taken, mark: String(scalars.dropFirst(common))))
            offset += taken
            rest = rest[after...]
        }
        return lines.isEmpty ? nil : lines
    }

    /// `line` as its runs are drawn: each piece of a run with its width and glyphs, placed from
    /// the line's start (from its right end, `rightToLeft`), or in the visual order of a line of
    /// both directions (`visuallyOrdered`); its pieces' tallest line and ascent.
    private func measuredLine(_ line: Line, rightToLeft: Bool) -> (MeasuredRichLine, height: Double, ascent: Double) {
        let end = line.mark.isEmpty ? trimmedEnd(line.start, line.end) : line.end
        let found = pieces(line.start, end)
        var placed: [MeasuredRun] = []
        var x: Double = 0
        var (height, ascent) = (0.0, 0.0)
        for (index, piece) in found.enumerated() {
            var text = String(decoding: bytes[piece.start..<piece.end], as: UTF8.self)
            if index == found.count - 1 { text += line.mark }
            let font = runs[piece.run].font
            let width = Self.width(of: text, font: font, measurer: measurer)
            let shaped = measurer.measure(text, font: font, maxWidth: Self.unwrapped, maxLines: 1)
            if !text.allSatisfy(\.isWhitespace) {
                (height, ascent) = (max(height, shaped.lineHeight), max(ascent, shaped.lines.first?.baseline ?? 0))
            }
            placed.append(
                MeasuredRun(
                    text: text, font: font, source: piece.run, x: x, width: width, glyphs: shaped.lines.first?.glyphs))
            x += width
        }
        if let visual = visuallyOrdered(placed, firstStrongIsRightToLeft: rightToLeft) {
            return (MeasuredRichLine(runs: visual.runs, width: visual.width, baseline: 0), height, ascent)
        }
        if rightToLeft {
            for index in placed.indices { placed[index] = rightToLeftPiece(placed[index], lineWidth: x) }
        }
        return (MeasuredRichLine(runs: placed, width: x, baseline: 0), height, ascent)
    }
}

extension RichLineBreaks {
    /// `piece`, placed from a line's left, placed from its right as a right-to-left paragraph
    /// reads, its letters alone: white space at a piece's ends would be set to the left-to-right
    /// side of its letters when shaped on its own, where it reads as no space between two runs.
    func rightToLeftPiece(_ piece: MeasuredRun, lineWidth: Double) -> MeasuredRun {
        let right = lineWidth - piece.x
        let trailing = piece.text.trimmingTrailingWhiteSpace
        let letters = trailing.drop(while: \.isWhitespace)
        guard !letters.isEmpty else { return piece }
        // Leading white space reads on the letters' right, trailing white space on their left.
        let leading = Self.width(of: String(trailing), font: piece.font, measurer: measurer)
        var placed = piece
        placed.text = String(letters)
        placed.width = Self.width(of: placed.text, font: piece.font, measurer: measurer)
        placed.x = right - (leading - placed.width) - placed.width
        placed.glyphs =
            measurer.measure(placed.text, font: piece.font, maxWidth: Self.unwrapped, maxLines: 1).lines.first?
            .glyphs
        return placed
    }
}

extension String {
    /// Without its trailing white-space characters.
    fileprivate var trimmingTrailingWhiteSpace: Substring {
        var end = endIndex
        while end > startIndex {
            let before = index(before: end)
            guard self[before].isWhitespace else { break }
            end = before
        }
        return self[..<end]
    }
}
