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

/// A measurer that notes every request and answers with an empty paragraph. A dry run of a
/// layout with it lists the texts the real run will measure, so they can be shaped ahead on
/// several threads; only for layouts whose requests do not depend on the answers.
public final class RecordingMeasurer: TextMeasuring {
    public private(set) var requests: [TextRequest] = []

    public init() {}

    public func measure(_ text: String, font: String, maxWidth: Double, maxLines: Int?) -> MeasuredText {
        requests.append(TextRequest(text: text, font: font, maxWidth: maxWidth, maxLines: maxLines))
        return Self.nothing
    }

    private static let nothing = MeasuredText(lines: [], height: 0, lineHeight: 0, isTruncated: false)
}
