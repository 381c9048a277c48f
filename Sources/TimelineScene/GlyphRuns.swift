/// A line's shaping, made once when the line is measured: what SVG, PNG and PDF draw, so that no
/// backend looks a text up or shapes it again. Positions are in glyph units, 1/1024 pt
/// (`unitsPerPoint`), the shaper's own: whole numbers, so a line is drawn to the same bytes
/// wherever it was shaped.
public struct LineGlyphs: Hashable, Sendable, Codable {
    /// Glyph units in a point.
    public static let unitsPerPoint = 1024

    /// From the top of the line's box as it was shaped to its first baseline, in glyph units:
    /// the line is drawn from `PlacedLine.layoutOrigin(ascent:)` with this ascent.
    public var ascent: Int32
    /// The runs in visual order, left to right.
    public var runs: [GlyphRun]

    public init(ascent: Int32, runs: [GlyphRun]) {
        self.ascent = ascent
        self.runs = runs
    }

    /// Whether every run is left to right: such a line is drawn run after run from its start.
    public var isLeftToRight: Bool { runs.allSatisfy { !$0.isRightToLeft } }
}

/// Glyphs of one font face at one size, as the shaper placed them: each glyph's id in the face,
/// its advance, its offsets from the pen, and the byte of the line's text its cluster starts at.
public struct GlyphRun: Hashable, Sendable {
    /// The face, as `FontLibrary` names it: the font file's name, its face index, `+bold` when
    /// emboldened by the tool, and the font's description at its absolute size
    /// ("Inter-SemiBold.otf#0|Inter Semi-Bold 18.6669921875px"). Empty for glyphs of no font,
    /// which draw nothing.
    public var face: String
    /// The font's em in the scene's units (a 14 pt font at Pango's 96 dpi is 18.667).
    public var size: Double
    /// Pen position where the run starts, from the line's origin (glyph units).
    public var x: Int32
    /// The run's baseline from the top of the line's box (glyph units).
    public var baseline: Int32
    /// Whether the run reads right to left (its glyphs are still in visual order).
    public var isRightToLeft: Bool
    /// The bytes of the line's text (UTF-8) the run shapes.
    public var textStart: Int32
    public var textLength: Int32
    /// Five numbers a glyph: id, advance, x offset, y offset, cluster start (a byte of the text).
    private var numbers: [Int32]

    public init(
        face: String, size: Double, x: Int32, baseline: Int32, isRightToLeft: Bool, textStart: Int32,
        textLength: Int32, glyphs: [Glyph]
    ) {
        self.face = face
        self.size = size
        self.x = x
        self.baseline = baseline
        self.isRightToLeft = isRightToLeft
        self.textStart = textStart
        self.textLength = textLength
        numbers = []
        numbers.reserveCapacity(5 * glyphs.count)
        for glyph in glyphs { append(glyph) }
    }

    /// One shaped glyph.
    public struct Glyph: Hashable, Sendable {
        /// The glyph's id in its face; the shaper's flags (an empty or unknown glyph) kept.
        public var id: UInt32
        public var advance: Int32
        public var xOffset: Int32
        public var yOffset: Int32
        /// The byte of the line's text the glyph's cluster starts at.
        public var cluster: Int32
        public init(id: UInt32, advance: Int32, xOffset: Int32, yOffset: Int32, cluster: Int32) {
            self.id = id
            self.advance = advance
            self.xOffset = xOffset
            self.yOffset = yOffset
            self.cluster = cluster
        }
    }

    public var count: Int { numbers.count / 5 }

    public subscript(index: Int) -> Glyph {
        let at = 5 * index
        return Glyph(
            id: UInt32(bitPattern: numbers[at]), advance: numbers[at + 1], xOffset: numbers[at + 2],
            yOffset: numbers[at + 3], cluster: numbers[at + 4])
    }

    public mutating func append(_ glyph: Glyph) {
        numbers.append(Int32(bitPattern: glyph.id))
        numbers.append(glyph.advance)
        numbers.append(glyph.xOffset)
        numbers.append(glyph.yOffset)
        numbers.append(glyph.cluster)
    }

    /// The run's width: its advances summed (glyph units).
    public var width: Int32 {
        var sum: Int32 = 0
        for index in 0..<count { sum &+= numbers[5 * index + 1] }
        return sum
    }
}

/// Written with one array per property, so a reader sees ids, advances and clusters side by side.
extension GlyphRun: Codable {
    private enum CodingKeys: String, CodingKey {
        case face, size, x, baseline, isRightToLeft, textStart, textLength
        case glyphs, advances, xOffsets, yOffsets, clusters
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let ids = try container.decode([UInt32].self, forKey: .glyphs)
        let advances = try container.decode([Int32].self, forKey: .advances)
        let xOffsets = try container.decode([Int32].self, forKey: .xOffsets)
        let yOffsets = try container.decode([Int32].self, forKey: .yOffsets)
        let clusters = try container.decode([Int32].self, forKey: .clusters)
        guard Set([ids.count, advances.count, xOffsets.count, yOffsets.count, clusters.count]).count == 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .glyphs, in: container, debugDescription: "a run's glyph arrays differ in length")
        }
        self.init(
            face: try container.decode(String.self, forKey: .face),
            size: try container.decode(Double.self, forKey: .size),
            x: try container.decode(Int32.self, forKey: .x),
            baseline: try container.decode(Int32.self, forKey: .baseline),
            isRightToLeft: try container.decode(Bool.self, forKey: .isRightToLeft),
            textStart: try container.decode(Int32.self, forKey: .textStart),
            textLength: try container.decode(Int32.self, forKey: .textLength),
            glyphs: ids.indices.map {
                Glyph(
                    id: ids[$0], advance: advances[$0], xOffset: xOffsets[$0], yOffset: yOffsets[$0],
                    cluster: clusters[$0])
            })
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(face, forKey: .face)
        try container.encode(size, forKey: .size)
        try container.encode(x, forKey: .x)
        try container.encode(baseline, forKey: .baseline)
        try container.encode(isRightToLeft, forKey: .isRightToLeft)
        try container.encode(textStart, forKey: .textStart)
        try container.encode(textLength, forKey: .textLength)
        let glyphs = (0..<count).map { self[$0] }
        try container.encode(glyphs.map(\.id), forKey: .glyphs)
        try container.encode(glyphs.map(\.advance), forKey: .advances)
        try container.encode(glyphs.map(\.xOffset), forKey: .xOffsets)
        try container.encode(glyphs.map(\.yOffset), forKey: .yOffsets)
        try container.encode(glyphs.map(\.cluster), forKey: .clusters)
    }
}
