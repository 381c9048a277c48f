import Foundation
import XCTest

@testable import TimelineFontTables

/// `ColorBitmapFont` reads a glyph's PNG and its place from the `CBLC`/`CBDT` tables: in the
/// bundled emoji font, in a font made here byte by byte, and in damaged bytes, which read as no
/// bitmap, never a crash or a read past the end.
final class ColorBitmapFontTests: XCTestCase {
    private static let emojiFont = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/TimelineCairo/Fonts/Bundled/NotoColorEmoji-Compact.ttf")

    private func appendBigEndian(_ value: UInt32, bytes count: Int, to bytes: inout [UInt8]) {
        for index in (0..<count).reversed() { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }

    /// A font of two tables, CBLC and CBDT: one strike at `ppem`, glyphs `first...` with the
    /// given pictures (an empty one has no image), in one index subtable of `indexFormat`
    /// holding images of `imageFormat`.
    private func font(
        first: UInt16 = 3, pictures: [[UInt8]], ppem: UInt8 = 109, indexFormat: UInt16 = 1, imageFormat: UInt16 = 17
    ) -> [UInt8] {
        let last = first + UInt16(pictures.count) - 1
        let metricsSize = imageFormat == 18 ? 8 : 5
        var data: [UInt8] = [0, 3, 0, 0] // CBDT version 3.0
        var offsets: [UInt32] = []
        for (index, png) in pictures.enumerated() {
            offsets.append(UInt32(data.count))
            guard !png.isEmpty else { continue }
            // Height, width, bearing x and y (signed), then the rest of the metrics.
            data += [UInt8(20 + index), UInt8(30 + index), UInt8(bitPattern: -2), 25]
            data += [UInt8](repeating: 0, count: metricsSize - 4)
            appendBigEndian(UInt32(png.count), bytes: 4, to: &data)
            data += png
        }
        offsets.append(UInt32(data.count))
        var locator: [UInt8] = [0, 3, 0, 0]
        appendBigEndian(1, bytes: 4, to: &locator) // one strike
        // The strike's record (48 bytes): its index subtables right after it.
        var strike: [UInt8] = []
        appendBigEndian(56, bytes: 4, to: &strike) // index subtable array, from the table's start
        appendBigEndian(0, bytes: 4, to: &strike)
        appendBigEndian(1, bytes: 4, to: &strike) // one index subtable
        strike += [UInt8](repeating: 0, count: 4 + 24)
        appendBigEndian(UInt32(first), bytes: 2, to: &strike)
        appendBigEndian(UInt32(last), bytes: 2, to: &strike)
        strike += [ppem, ppem, 32, 1]
        locator += strike
        appendBigEndian(UInt32(first), bytes: 2, to: &locator)
        appendBigEndian(UInt32(last), bytes: 2, to: &locator)
        appendBigEndian(8, bytes: 4, to: &locator) // its header, from the array's start
        appendBigEndian(UInt32(indexFormat), bytes: 2, to: &locator)
        appendBigEndian(UInt32(imageFormat), bytes: 2, to: &locator)
        appendBigEndian(0, bytes: 4, to: &locator) // images from CBDT's start
        for offset in offsets { appendBigEndian(offset, bytes: indexFormat == 3 ? 2 : 4, to: &locator) }
        // The table directory: two records after the 12-byte header.
        var file: [UInt8] = [0, 1, 0, 0, 0, 2, 0, 32, 0, 1, 0, 0]
        let locatorStart = 12 + 2 * 16
        for (tag, start, length) in [
            ("CBDT", locatorStart + locator.count, data.count), ("CBLC", locatorStart, locator.count),
        ] {
            file += Array(tag.utf8)
            appendBigEndian(0, bytes: 4, to: &file)
            appendBigEndian(UInt32(start), bytes: 4, to: &file)
            appendBigEndian(UInt32(length), bytes: 4, to: &file)
        }
        return file + locator + data
    }

    private let pictures: [[UInt8]] = [[0x89, 0x50, 0x4E, 0x47, 1, 2], [], [0x89, 0x50, 0x4E, 0x47, 9]]

    func testEachGlyphGetsItsPictureAndPlace() throws {
        for (indexFormat, imageFormat) in [(1, 17), (3, 17), (1, 18), (3, 18)] as [(UInt16, UInt16)] {
            let bytes = font(pictures: pictures, indexFormat: indexFormat, imageFormat: imageFormat)
            try bytes.withUnsafeBytes { raw in
                let font = try XCTUnwrap(ColorBitmapFont(raw), "index \(indexFormat), image \(imageFormat)")
                XCTAssertEqual(font.pixelsPerEm, 109)
                XCTAssertEqual(
                    font.bitmap(glyph: 3),
                    ColorBitmapFont.Bitmap(width: 30, height: 20, bearingX: -2, bearingY: 25, png: pictures[0]))
                XCTAssertNil(font.bitmap(glyph: 4), "a glyph without an image")
                XCTAssertEqual(font.bitmap(glyph: 5)?.png, pictures[2])
                XCTAssertEqual(font.bitmap(glyph: 5)?.width, 32)
                XCTAssertNil(font.bitmap(glyph: 2), "before the subtable's glyphs")
                XCTAssertNil(font.bitmap(glyph: 6), "after them")
            }
        }
    }

    func testFormatsItDoesNotReadAreNoBitmaps() throws {
        try font(pictures: pictures, imageFormat: 19).withUnsafeBytes { raw in
            XCTAssertNil(try XCTUnwrap(ColorBitmapFont(raw)).bitmap(glyph: 3), "image format 19")
        }
        try font(pictures: pictures, indexFormat: 2).withUnsafeBytes { raw in
            XCTAssertNil(try XCTUnwrap(ColorBitmapFont(raw)).bitmap(glyph: 3), "index format 2")
        }
        font(pictures: pictures, ppem: 0).withUnsafeBytes { raw in XCTAssertNil(ColorBitmapFont(raw), "no strike size")
        }
        [UInt8](repeating: 0, count: 64).withUnsafeBytes { raw in XCTAssertNil(ColorBitmapFont(raw), "no tables") }
    }

    /// Every prefix of the file, and the file with any one byte changed, reads without a crash,
    /// and a picture is only ever bytes of the file.
    func testDamagedBytesNeverReadPastTheEnd() {
        let whole = font(pictures: pictures)
        for count in 0...whole.count {
            Array(whole.prefix(count)).withUnsafeBytes { raw in
                guard let font = ColorBitmapFont(raw) else { return }
                for glyph in 0..<8 { _ = font.bitmap(glyph: UInt32(glyph)) }
            }
        }
        for index in whole.indices {
            for value in [0, 0x7F, 0xFF] as [UInt8] {
                var damaged = whole
                damaged[index] = value
                damaged.withUnsafeBytes { raw in
                    guard let font = ColorBitmapFont(raw) else { return }
                    for glyph in 0..<8 {
                        if let png = font.bitmap(glyph: UInt32(glyph))?.png {
                            XCTAssertLessThan(png.count, whole.count)
                        }
                    }
                }
            }
        }
    }

    /// The bundled font: pictures for many glyphs, each a PNG whose header says the size the
    /// metrics give.
    func testTheBundledEmojiFontHasAPNGOfItsSizeForItsGlyphs() throws {
        let data = try Data(contentsOf: Self.emojiFont)
        try data.withUnsafeBytes { raw in
            let font = try XCTUnwrap(ColorBitmapFont(raw))
            XCTAssertGreaterThan(font.pixelsPerEm, 0)
            let found = (0..<4_000).compactMap { font.bitmap(glyph: UInt32($0)) }
            XCTAssertGreaterThan(found.count, 1_000)
            for bitmap in found {
                XCTAssertEqual(Array(bitmap.png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
                let header = Array(bitmap.png[16..<24])
                XCTAssertEqual(header[0..<4].reduce(0) { $0 << 8 | Int($1) }, bitmap.width)
                XCTAssertEqual(header[4..<8].reduce(0) { $0 << 8 | Int($1) }, bitmap.height)
            }
        }
    }
}
