import TimelineBreaks

/// One wrapped line as the measurer laid it out.
public struct MeasuredLine: Hashable, Sendable, Codable {
    /// A new text drops the line's glyphs, which were the old text's (a line cut with an ellipsis).
    public var text: String {
        didSet { glyphs = nil }
    }
    /// Logical width in points.
    public var width: Double
    /// Distance from the top of the block to this line's baseline.
    public var baseline: Double
    /// Right-to-left paragraph direction: the line belongs at the far (right) side.
    public var isRightToLeft: Bool
    /// The line's shaping, which the renderer draws; nil from a measurer without fonts (tests'),
    /// and then left out of the scene's JSON.
    public var glyphs: LineGlyphs?
    public init(
        text: String, width: Double, baseline: Double, isRightToLeft: Bool = false, glyphs: LineGlyphs? = nil
    ) {
        self.text = text
        self.width = width
        self.baseline = baseline
        self.isRightToLeft = isRightToLeft
        self.glyphs = glyphs
    }

    private enum CodingKeys: String, CodingKey {
        case text, width, baseline, isRightToLeft, glyphs
    }
}

/// A paragraph wrapped to a width.
public struct MeasuredText: Hashable, Sendable, Codable {
    public var lines: [MeasuredLine]
    /// Height of the whole block.
    public var height: Double
    /// Height of one line, for aligning a node with the first line.
    public var lineHeight: Double
    /// Whether lines were dropped and an ellipsis added (a word broken across lines is not cut).
    public var isTruncated: Bool
    /// Width of the widest word that did not fit in the width asked for and was broken across
    /// lines; 0 when every word fit. A layout widens the column to this when it can.
    public var overflow: Double
    public init(lines: [MeasuredLine], height: Double, lineHeight: Double, isTruncated: Bool, overflow: Double = 0) {
        self.lines = lines
        self.height = height
        self.lineHeight = lineHeight
        self.isTruncated = isTruncated
        self.overflow = overflow
    }

    public var width: Double { lines.map(\.width).max() ?? 0 }
}

/// Measures and wraps text. Layout calls it once per text block; the renderer never does.
public protocol TextMeasuring {
    /// Wraps `text` (which may contain `\n`) to `maxWidth` points at the opportunities of
    /// `LineBreaks` (UAX #14, tailored), keeping at most `maxLines` lines (the last one ending in
    /// an ellipsis when cut). A word wider than `maxWidth` breaks at its dictionary points in
    /// `LineBreaks.language`, else at grapheme boundaries, each piece but the last ending in a
    /// hyphen mark where its script takes one (`LineBreaks.marksLetterBreaks`: not Arabic,
    /// Hebrew or CJK), the rest of the text wrapping on after it (never a character dropped), and
    /// its width is reported as `overflow`.
    func measure(_ text: String, font: String, maxWidth: Double, maxLines: Int?) -> MeasuredText

    /// Measures many texts at once, answering in their order: a measurer may shape them in
    /// parallel. Layouts that know all their texts before placing any ask this way.
    func measure(_ requests: [TextRequest]) -> [MeasuredText]

    /// Wraps runs of different fonts as one paragraph to `maxWidth` points, whose base direction
    /// is right to left when `rightToLeft` (its first strong letter's when nil), each line's runs
    /// in the visual order of UAX #9 (rule L2).
    func measure(runs: [TextRun], maxWidth: Double, rightToLeft: Bool?) -> MeasuredRichText

    /// The embedding level (UAX #9) of each Unicode scalar of `text`, a paragraph whose base
    /// direction is right to left when `rightToLeft`; nil when the measurer cannot tell.
    func embeddingLevels(of text: String, rightToLeft: Bool) -> [UInt8]?
}

extension TextMeasuring {
    /// Runs wrapped as one paragraph in the direction of its first strong letter.
    public func measure(runs: [TextRun], maxWidth: Double) -> MeasuredRichText {
        measure(runs: runs, maxWidth: maxWidth, rightToLeft: nil)
    }

    public func measure(runs: [TextRun], maxWidth: Double, rightToLeft: Bool?) -> MeasuredRichText {
        measureRunsAsPlainText(runs, maxWidth: maxWidth, rightToLeft: rightToLeft)
    }

    /// ICU's levels (`BidiLevels`).
    public func embeddingLevels(of text: String, rightToLeft: Bool) -> [UInt8]? {
        BidiLevels.levels(of: text, rightToLeft: rightToLeft)
    }

    /// One text at a time, in order.
    public func measure(_ requests: [TextRequest]) -> [MeasuredText] {
        requests.map { measure($0.text, font: $0.font, maxWidth: $0.maxWidth, maxLines: $0.maxLines) }
    }
}

/// One `measure` call as a layout makes it. Requests are equal when their texts are the same
/// bytes, so a measurer's cache never answers one text with another's lines.
public struct TextRequest: Hashable, Sendable {
    public var text: String
    public var font: String
    public var maxWidth: Double
    public var maxLines: Int?
    public init(text: String, font: String, maxWidth: Double, maxLines: Int?) {
        self.text = text
        self.font = font
        self.maxWidth = maxWidth
        self.maxLines = maxLines
    }

    public static func == (lhs: TextRequest, rhs: TextRequest) -> Bool {
        lhs.font == rhs.font && lhs.maxWidth == rhs.maxWidth && lhs.maxLines == rhs.maxLines
            && lhs.text.hasSameBytes(as: rhs.text)
    }

    public func hash(into hasher: inout Hasher) {
        text.hashBytes(into: &hasher)
        hasher.combine(font)
        hasher.combine(maxWidth)
        hasher.combine(maxLines)
    }
}
