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
    /// Inlinable, as `count` and the subscript are: the writers read every glyph through them.
    @usableFromInline var numbers: [Int32]

    public init(
        face: String, size: Double, x: Int32, baseline: Int32, isRightToLeft: Bool, textStart: Int32,
        textLength: Int32, glyphs: [Glyph]
    ) {
        self.init(
            face: face, size: size, x: x, baseline: baseline, isRightToLeft: isRightToLeft, textStart: textStart,
            textLength: textLength, count: glyphs.count
        ) { glyphs[$0] }
    }

    /// A run of `count` glyphs, each `glyph(index)`, written straight into the run's numbers
    /// (#48: gathered into an array first and appended number by number, a measured line's run
    /// cost 2,400 instructions).
    @inlinable
    public init(
        face: String, size: Double, x: Int32, baseline: Int32, isRightToLeft: Bool, textStart: Int32,
        textLength: Int32, count: Int, glyph: (Int) -> Glyph
    ) {
        self.face = face
        self.size = size
        self.x = x
        self.baseline = baseline
        self.isRightToLeft = isRightToLeft
        self.textStart = textStart
        self.textLength = textLength
        numbers = [Int32](unsafeUninitializedCapacity: 5 * count) { buffer, initialized in
            for index in 0..<count {
                let read = glyph(index)
                let at = 5 * index
                buffer[at] = Int32(bitPattern: read.id)
                buffer[at + 1] = read.advance
                buffer[at + 2] = read.xOffset
                buffer[at + 3] = read.yOffset
                buffer[at + 4] = read.cluster
            }
            initialized = 5 * count
        }
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
        @inlinable
        public init(id: UInt32, advance: Int32, xOffset: Int32, yOffset: Int32, cluster: Int32) {
            self.id = id
            self.advance = advance
            self.xOffset = xOffset
            self.yOffset = yOffset
            self.cluster = cluster
        }
    }

    @inlinable
    public var count: Int { numbers.count / 5 }

    @inlinable
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
    /// The run as it is written.
    private struct Written: Codable {
        var face: String
        var size: Double
        var x, baseline: Int32
        var isRightToLeft: Bool
        var textStart, textLength: Int32
        var glyphs: [UInt32]
        var advances, xOffsets, yOffsets, clusters: [Int32]
    }

    public init(from decoder: any Decoder) throws {
        let run = try Written(from: decoder)
        let counts = [run.advances.count, run.xOffsets.count, run.yOffsets.count, run.clusters.count]
        guard counts.allSatisfy({ $0 == run.glyphs.count }) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "a run's glyph arrays differ in length"))
        }
        self.init(
            face: run.face, size: run.size, x: run.x, baseline: run.baseline, isRightToLeft: run.isRightToLeft,
            textStart: run.textStart, textLength: run.textLength,
            glyphs: run.glyphs.indices.map {
                Glyph(
                    id: run.glyphs[$0], advance: run.advances[$0], xOffset: run.xOffsets[$0],
                    yOffset: run.yOffsets[$0], cluster: run.clusters[$0])
            })
    }

    public func encode(to encoder: any Encoder) throws {
        let glyphs = (0..<count).map { self[$0] }
        try Written(
            face: face, size: size, x: x, baseline: baseline, isRightToLeft: isRightToLeft, textStart: textStart,
            textLength: textLength, glyphs: glyphs.map(\.id), advances: glyphs.map(\.advance),
            xOffsets: glyphs.map(\.xOffset), yOffsets: glyphs.map(\.yOffset), clusters: glyphs.map(\.cluster)
        ).encode(to: encoder)
    }
}
