/// One wrapped line as the measurer laid it out.
public struct MeasuredLine: Hashable, Sendable, Codable {
    public var text: String
    /// Logical width in points.
    public var width: Double
    /// Distance from the top of the block to this line's baseline.
    public var baseline: Double
    /// Right-to-left paragraph direction: the line belongs at the far (right) side.
    public var isRightToLeft: Bool
    public init(text: String, width: Double, baseline: Double, isRightToLeft: Bool = false) {
        self.text = text
        self.width = width
        self.baseline = baseline
        self.isRightToLeft = isRightToLeft
    }
}

/// A paragraph wrapped to a width.
public struct MeasuredText: Hashable, Sendable, Codable {
    public var lines: [MeasuredLine]
    /// Height of the whole block.
    public var height: Double
    /// Height of one line, for aligning a node with the first line.
    public var lineHeight: Double
    /// Whether lines were dropped and an ellipsis added.
    public var isTruncated: Bool
    public init(lines: [MeasuredLine], height: Double, lineHeight: Double, isTruncated: Bool) {
        self.lines = lines
        self.height = height
        self.lineHeight = lineHeight
        self.isTruncated = isTruncated
    }

    public var width: Double { lines.map(\.width).max() ?? 0 }
}

/// Measures and wraps text. Layout calls it once per text block; the renderer never does.
public protocol TextMeasuring {
    /// Wraps `text` (which may contain `\n`) to `maxWidth` points, at words and then inside words,
    /// keeping at most `maxLines` lines (the last one ending in an ellipsis when cut).
    func measure(_ text: String, font: String, maxWidth: Double, maxLines: Int?) -> MeasuredText

    /// Offers the texts a layout is about to measure, listed by `requests` when called, so they
    /// can be measured ahead (in parallel); `measure` must still be called for each.
    func prepare(_ requests: () -> [TextRequest])
}

extension TextMeasuring {
    /// Measures as asked, one text at a time.
    public func prepare(_ requests: () -> [TextRequest]) {}
}

/// One `measure` call as a layout makes it.
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
}

/// A measurer that notes every request and answers with a rough estimate. A dry run of a layout
/// with it lists the texts the real run will measure, so they can be shaped ahead, on several
/// threads. Where a layout's requests depend on earlier measurements the list may be off; the
/// real run then measures what is missing itself.
public final class RecordingMeasurer: TextMeasuring {
    public private(set) var requests: [TextRequest] = []

    public init() {}

    public func measure(_ text: String, font: String, maxWidth: Double, maxLines: Int?) -> MeasuredText {
        requests.append(TextRequest(text: text, font: font, maxWidth: maxWidth, maxLines: maxLines))
        // Cheap on purpose (a dry run measures every text): the font string ends in its size
        // ("Inter Semi-Bold 15"), characters average about half the size in width, and a byte
        // counts as a character.
        let size = font.utf8.lastIndex(of: UInt8(ascii: " ")).flatMap { Double(font[font.utf8.index(after: $0)...]) } ?? 12
        let lineHeight = size * 1.2
        var lines: [MeasuredLine] = []
        var paragraphLength = 0
        func endParagraph() {
            let width = Double(paragraphLength) * size * 0.5
            // At most a line per character, as Pango's wrapping gives at worst.
            let count = maxWidth > 0 ? Int(max(1, min(Double(paragraphLength), (width / maxWidth).rounded(.up)))) : 1
            for _ in 0..<count {
                lines.append(MeasuredLine(text: "", width: min(width, maxWidth), baseline: Double(lines.count) * lineHeight + size))
            }
            paragraphLength = 0
        }
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") { endParagraph() } else { paragraphLength += 1 }
        }
        endParagraph()
        let truncated = maxLines.map { $0 > 0 && lines.count > $0 } ?? false
        if truncated, let maxLines { lines.removeLast(lines.count - maxLines) }
        return MeasuredText(lines: lines, height: Double(lines.count) * lineHeight, lineHeight: lineHeight, isTruncated: truncated)
    }
}
