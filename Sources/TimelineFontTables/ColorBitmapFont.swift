/// The colour bitmaps of an OpenType font's `CBLC`/`CBDT` tables (Google's colour bitmap
/// format, which Noto Color Emoji uses): one PNG per glyph id, with where it sits on the
/// baseline. Pure data: nothing here draws, so every format places a glyph's picture alike.
///
/// Only what the bundled emoji font uses is read: its first strike, index subtables of format 1
/// or 3 (offsets per glyph), images of format 17 or 18 (PNG data after small or big metrics).
/// Anything else, or bytes that do not add up, reads as no bitmap rather than a failure.
///
/// It reads the font's bytes where they are (a file mapped into memory: a picture's few KB are
/// read from the disk when drawn, not the whole font at start) and copies only the pictures.
public struct ColorBitmapFont: @unchecked Sendable {
    /// One glyph's picture, in the strike's pixels: `bearingX` right of the glyph's origin,
    /// its top `bearingY` above the baseline.
    public struct Bitmap: Sendable, Equatable {
        public let width: Int
        public let height: Int
        public let bearingX: Int
        public let bearingY: Int
        /// The PNG file's bytes.
        public let png: [UInt8]
    }

    /// Pixels per em of the strike the bitmaps are drawn at.
    public let pixelsPerEm: Int
    private let bytes: UnsafeRawBufferPointer
    private let bitmapData: Range<Int>
    private let ranges: [IndexRange]

    /// A run of glyph ids whose image offsets follow one another in an index subtable.
    private struct IndexRange: Sendable {
        let glyphs: ClosedRange<UInt32>
        let imageFormat: Int
        /// Where the bitmap data of these glyphs starts, in `CBDT`.
        let imageDataOffset: Int
        /// Where the offsets are in `bytes`, and their size (4 bytes for format 1, 2 for format 3).
        let offsets: Int
        let offsetSize: Int
    }

    /// Reads the font file's bytes, which must stay where they are while this is used; nil when
    /// it has no colour bitmaps this reads.
    public init?(_ bytes: UnsafeRawBufferPointer) {
        let reader = ByteReader(bytes)
        guard let tables = reader.tableDirectory(), let locator = tables["CBLC"], let data = tables["CBDT"],
            let numSizes = reader.u32(locator.lowerBound + 4), numSizes > 0,
            let subtableArray = reader.u32(locator.lowerBound + 8),
            let subtableCount = reader.u32(locator.lowerBound + 16),
            let ppem = reader.u8(locator.lowerBound + 8 + 44), ppem > 0
        else { return nil }
        var ranges: [IndexRange] = []
        let array = locator.lowerBound + Int(subtableArray)
        for index in 0..<Int(min(subtableCount, 4096)) {
            let entry = array + 8 * index
            guard let first = reader.u16(entry), let last = reader.u16(entry + 2), first <= last,
                let additional = reader.u32(entry + 4)
            else { return nil }
            let header = array + Int(additional)
            guard let indexFormat = reader.u16(header), indexFormat == 1 || indexFormat == 3,
                let imageFormat = reader.u16(header + 2), let imageDataOffset = reader.u32(header + 4)
            else { continue }
            ranges.append(
                IndexRange(
                    glyphs: UInt32(first)...UInt32(last), imageFormat: Int(imageFormat),
                    imageDataOffset: Int(imageDataOffset), offsets: header + 8, offsetSize: indexFormat == 1 ? 4 : 2))
        }
        self.bytes = bytes
        self.bitmapData = data
        self.ranges = ranges
        self.pixelsPerEm = Int(ppem)
    }

    /// The picture of glyph `glyph`, nil when the font has none for it.
    public func bitmap(glyph: UInt32) -> Bitmap? {
        guard let range = ranges.first(where: { $0.glyphs.contains(glyph) }) else { return nil }
        let reader = ByteReader(bytes)
        let index = Int(glyph - range.glyphs.lowerBound)
        func offset(_ index: Int) -> Int? {
            let at = range.offsets + index * range.offsetSize
            return range.offsetSize == 4 ? reader.u32(at).map(Int.init) : reader.u16(at).map(Int.init)
        }
        guard let start = offset(index), let end = offset(index + 1), start < end else { return nil }
        let image = bitmapData.lowerBound + range.imageDataOffset + start
        let metricsSize: Int
        switch range.imageFormat {
        case 17: metricsSize = 5
        case 18: metricsSize = 8
        default: return nil
        }
        guard image + metricsSize + 4 <= bitmapData.upperBound,
            let height = reader.u8(image), let width = reader.u8(image + 1),
            let bearingX = reader.i8(image + 2), let bearingY = reader.i8(image + 3),
            let length = reader.u32(image + metricsSize)
        else { return nil }
        let png = image + metricsSize + 4
        guard png + Int(length) <= min(bitmapData.upperBound, bitmapData.lowerBound + range.imageDataOffset + end)
        else { return nil }
        return Bitmap(
            width: Int(width), height: Int(height), bearingX: Int(bearingX), bearingY: Int(bearingY),
            png: Array(bytes[png..<(png + Int(length))]))
    }
}

/// Big-endian reads that return nil past the end.
private struct ByteReader {
    let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    func u8(_ at: Int) -> UInt8? {
        at >= 0 && at < bytes.count ? bytes[at] : nil
    }

    func i8(_ at: Int) -> Int8? {
        u8(at).map { Int8(bitPattern: $0) }
    }

    func u16(_ at: Int) -> UInt16? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }

    func u32(_ at: Int) -> UInt32? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        return UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8
            | UInt32(bytes[at + 3])
    }

    /// The font's tables by tag, each the range of its bytes (only those inside the file).
    func tableDirectory() -> [String: Range<Int>]? {
        guard let count = u16(4) else { return nil }
        var tables: [String: Range<Int>] = [:]
        for index in 0..<Int(count) {
            let record = 12 + 16 * index
            guard let offset = u32(record + 8), let length = u32(record + 12) else { return nil }
            let start = Int(offset)
            let end = start + Int(length)
            guard end <= bytes.count else { continue }
            let tag = String(decoding: bytes[record..<(record + 4)], as: UTF8.self)
            tables[tag] = start..<end
        }
        return tables
    }
}
