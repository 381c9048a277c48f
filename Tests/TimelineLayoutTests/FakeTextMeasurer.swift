import TimelineBreaks
import TimelineScene

/// A font-free measurer for layout tests: every character is `size × 0.5` wide, lines are
/// `size × 1.25` tall, wrapping is greedy at the opportunities the real measurer breaks at
/// (`LineBreaks`), and a word too long for a line breaks at its dictionary points in the card's
/// language, else at characters, with a hyphen.
struct FakeTextMeasurer: TextMeasuring {
    /// A line's height and its first baseline below its top, in sizes: 1.25 and 1 unless asked.
    var lineHeightRatio = 1.25
    var ascentRatio = 1.0

    /// Line boxes as tall as the bundled Inter's (a 12 pt line 19.4 pt tall, its baseline 15.5 pt
    /// down): the room a real font leaves above and below its letters, which a layout that
    /// guesses a line's extent from its size alone does not see.
    static let interLines = FakeTextMeasurer(lineHeightRatio: 1.61, ascentRatio: 1.29)

    func measure(_ text: String, font: String, maxWidth: Double, maxLines: Int?) -> MeasuredText {
        let size = Double(font.split(separator: " ").last.flatMap { Double($0) } ?? 12)
        let advance = size * 0.5
        let lineHeight = size * lineHeightRatio
        let perLine = max(1, Int(maxWidth / advance))
        var lines: [String] = []
        var overflow: Double = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            for segment in Self.segments(String(paragraph)) {
                let candidate = current + segment
                if Self.trimmed(candidate).count <= perLine {
                    current = candidate
                    continue
                }
                if !current.isEmpty { lines.append(Self.trimmed(current)) }
                current = segment
                guard Self.trimmed(segment).count > perLine else { continue }
                // Too long for any line: broken, the rest wrapping on after it.
                overflow = max(overflow, Double(Self.trimmed(segment).count) * advance)
                let word = Self.trimmed(segment)
                var parts = Self.broken(word, perLine: perLine)
                current = parts.removeLast() + String(segment.dropFirst(word.count))
                lines.append(contentsOf: parts)
            }
            lines.append(Self.trimmed(current))
        }
        var truncated = false
        if let maxLines, lines.count > maxLines {
            truncated = true
            lines = Array(lines.prefix(maxLines))
            lines[maxLines - 1] = String(lines[maxLines - 1].prefix(max(0, perLine - 1))) + "…"
        }
        let measured = lines.enumerated().map { index, line in
            MeasuredLine(
                text: line, width: Double(line.count) * advance,
                baseline: Double(index) * lineHeight + size * ascentRatio)
        }
        return MeasuredText(
            lines: measured, height: Double(lines.count) * lineHeight, lineHeight: lineHeight, isTruncated: truncated,
            overflow: overflow)
    }

    /// Embedding levels by a simple rule, not ICU's: Hebrew and Arabic letters read right to left
    /// (1), other letters and digits left to right (0, 2 in a right-to-left paragraph); anything
    /// else takes the level of the letters on both sides when they agree, else the paragraph's.
    func embeddingLevels(of text: String, rightToLeft: Bool) -> [UInt8]? {
        let strong: [UInt8?] = text.unicodeScalars.map { scalar in
            if (0x0590...0x08FF).contains(scalar.value) { return 1 }
            let letter = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            return letter ? (rightToLeft ? 2 : 0) : nil
        }
        return strong.indices.map { index in
            if let level = strong[index] { return level }
            let before = strong[..<index].last { $0 != nil }.flatMap { $0 }
            let after = strong[(index + 1)...].first { $0 != nil }.flatMap { $0 }
            if let before, before == after { return before }
            return rightToLeft ? 1 : 0
        }
    }

    /// `text` cut at its opportunities, each piece with its trailing white space.
    private static func segments(_ text: String) -> [String] {
        let utf8 = Array(text.utf8)
        var pieces: [String] = []
        var start = 0
        for end in LineBreaks.opportunities(in: text) + [utf8.count] where end > start {
            pieces.append(String(decoding: utf8[start..<end], as: UTF8.self))
            start = end
        }
        return pieces
    }

    private static func trimmed(_ text: String) -> String {
        String(text.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// `word` in lines of at most `perLine` characters: at its dictionary points, as many parts
    /// on a line as fit, when every part fits; else at characters, each piece but the last
    /// ending in a hyphen where its script takes one.
    private static func broken(_ word: String, perLine: Int) -> [String] {
        let characters = Array(word)
        let cuts = [0] + LineBreaks.hyphenationPoints(word, language: LineBreaks.language) + [characters.count]
        func piece(_ from: Int, _ to: Int) -> String {
            let text = String(characters[cuts[from]..<cuts[to]])
            return to == cuts.count - 1 || characters[cuts[to] - 1] == "-" ? text : text + "-"
        }
        var lines: [String] = []
        var first = 0
        while cuts.count > 2, first < cuts.count - 1 {
            var end = first
            while end < cuts.count - 1, piece(first, end + 1).count <= perLine { end += 1 }
            guard end > first else {
                lines = []
                break
            }
            lines.append(piece(first, end))
            first = end
        }
        if !lines.isEmpty { return lines }
        var rest = word
        let mark = LineBreaks.marksLetterBreaks(word) ? "-" : ""
        let piece = max(1, perLine - mark.count)
        while rest.count > perLine {
            lines.append(String(rest.prefix(piece)) + mark)
            rest = String(rest.dropFirst(piece))
        }
        return lines + [rest]
    }
}
