/// A piece of a paragraph in one font: body text with inline emphasis is a list of runs.
public struct TextRun: Hashable, Sendable {
    public var text: String
    public var font: String
    public init(text: String, font: String) {
        self.text = text
        self.font = font
    }
}

/// A run, or the part of one, on a wrapped line.
public struct MeasuredRun: Hashable, Sendable, Codable {
    public var text: String
    public var font: String
    /// The run it comes from, by position.
    public var source: Int
    /// Offset from the line's start, in points.
    public var x: Double
    public var width: Double
    /// The piece's shaping on its own (`LineGlyphs`), placed as a line of its own; nil from a
    /// measurer without fonts.
    public var glyphs: LineGlyphs?
    public init(text: String, font: String, source: Int, x: Double, width: Double, glyphs: LineGlyphs? = nil) {
        self.text = text
        self.font = font
        self.source = source
        self.x = x
        self.width = width
        self.glyphs = glyphs
    }
}

public struct MeasuredRichLine: Hashable, Sendable, Codable {
    public var runs: [MeasuredRun]
    public var width: Double
    public var baseline: Double
    public init(runs: [MeasuredRun], width: Double, baseline: Double) {
        self.runs = runs
        self.width = width
        self.baseline = baseline
    }
}

/// Runs wrapped together as one paragraph.
public struct MeasuredRichText: Hashable, Sendable, Codable {
    public var lines: [MeasuredRichLine]
    public var height: Double
    public var lineHeight: Double
    public init(lines: [MeasuredRichLine], height: Double, lineHeight: Double) {
        self.lines = lines
        self.height = height
        self.lineHeight = lineHeight
    }
}

extension TextMeasuring {
    /// Greedy wrapping at spaces, each word measured on its own: for measurers without
    /// attributed text of their own (Pango's wraps the runs as one paragraph instead).
    public func measureRunsByWord(_ runs: [TextRun], maxWidth: Double) -> MeasuredRichText {
        var lines: [MeasuredRichLine] = []
        var current: [MeasuredRun] = []
        var x: Double = 0
        var lineHeight: Double = 0
        var ascent: Double = 0
        func finish() {
            lines.append(MeasuredRichLine(runs: current, width: x, baseline: Double(lines.count) * lineHeight + ascent))
            current = []
            x = 0
        }
        for (index, run) in runs.enumerated() {
            let paragraphs = run.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (number, paragraph) in paragraphs.enumerated() {
                if number > 0 { finish() }
                for piece in Self.pieces(String(paragraph)) {
                    let measured = measure(piece == " " ? "x x" : piece, font: run.font, maxWidth: 100_000, maxLines: 1)
                    lineHeight = max(lineHeight, measured.lineHeight)
                    ascent = max(ascent, measured.lines.first?.baseline ?? 0)
                    // A lone space may measure as nothing: its width is what it adds between two letters.
                    let width =
                        piece == " "
                        ? measured.width - measure("xx", font: run.font, maxWidth: 100_000, maxLines: 1).width
                        : measured.width
                    if x + width > maxWidth, x > 0, piece != " " { finish() }
                    if x == 0, piece == " " { continue }
                    current.append(MeasuredRun(text: piece, font: run.font, source: index, x: x, width: width))
                    x += width
                }
            }
        }
        finish()
        // The tallest font sets every line's pitch, known only at the end.
        for index in lines.indices { lines[index].baseline = Double(index) * lineHeight + ascent }
        return MeasuredRichText(lines: lines, height: Double(lines.count) * lineHeight, lineHeight: lineHeight)
    }

    /// Words and the single spaces between them.
    private static func pieces(_ text: String) -> [String] {
        var pieces: [String] = []
        for (index, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { pieces.append(" ") }
            if !word.isEmpty { pieces.append(String(word)) }
        }
        return pieces
    }
}
