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
    /// Runs wrapped as one paragraph where its plain text would break (`RichLineBreaks`): at the
    /// opportunities of `LineBreaks` across runs, a word too wide broken as this measurer breaks
    /// it in plain text; each run on a line measured, and shaped, as a line of its own.
    /// Each line's runs in the visual order of UAX #9 in a paragraph whose base direction is right
    /// to left when `rightToLeft`, its first strong letter's when nil (`RichLineBreaks`).
    public func measureRunsAsPlainText(_ runs: [TextRun], maxWidth: Double, rightToLeft: Bool? = nil)
        -> MeasuredRichText
    {
        RichLineBreaks(measurer: self, runs: runs, maxWidth: maxWidth, rightToLeft: rightToLeft).measured()
    }
}
