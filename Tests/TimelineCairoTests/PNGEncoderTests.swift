import CCairo
import Foundation
import TimelineGolden
import XCTest

@testable import TimelineCairo
@testable import TimelinePNG

/// Our PNG files decode to exactly the pixels of the files cairo wrote before, and carry only
/// the chunks the CLI contract allows.
final class PNGEncoderTests: XCTestCase {
    /// A surface of every kind of pixel: opaque, fully transparent, and partly transparent with
    /// channels from 0 to alpha (premultiplied), in rows that repeat (Up) and rows that do not.
    /// Each row is drawn `repeats` times, so runs of rows repeat the row above.
    private func surface(width: Int, height: Int, repeats: Int = 1) -> CairoSurface {
        let surface = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
        cairo_surface_flush(surface.pointer)
        let base = cairo_image_surface_get_data(surface.pointer)!
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        var seed: UInt32 = 12_345
        for y in 0..<height {
            if y % repeats != 0 {
                (base + y * stride).update(from: base + (y - 1) * stride, count: stride)
                continue
            }
            for x in 0..<width {
                seed = seed &* 1_103_515_245 &+ 12_345
                let alpha: UInt32 = [0, 255, 255, 1, 128, 254, (seed >> 8) & 0xFF][Int(seed >> 16) % 7]
                func channel(_ shift: UInt32) -> UInt32 { alpha == 0 ? 0 : ((seed >> shift) & 0xFF) % (alpha + 1) }
                let pixel =
                    y % 3 == 2 ? UInt32(0xFF10_2030) : alpha << 24 | channel(3) << 16 | channel(11) << 8 | channel(19)
                UnsafeMutableRawPointer(base + y * stride).storeBytes(of: pixel, toByteOffset: 4 * x, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(surface.pointer)
        return surface
    }

    private func cairoPNG(_ surface: CairoSurface) -> Data {
        let sink = ByteSink()
        XCTAssertEqual(
            cairo_surface_write_to_png_stream(surface.pointer, ByteSink.write, sink.closure), CAIRO_STATUS_SUCCESS)
        return sink.data
    }

    private func ourPNG(
        _ surface: CairoSurface, compression: PNGEncoder.Compression = .small, threads: Int = 1
    ) throws -> Data {
        Data(
            try PNGEncoder.encode(
                pixels: cairo_image_surface_get_data(surface.pointer)!,
                width: Int(cairo_image_surface_get_width(surface.pointer)),
                height: Int(cairo_image_surface_get_height(surface.pointer)),
                stride: Int(cairo_image_surface_get_stride(surface.pointer)),
                compression: compression, threads: threads))
    }

    /// An image of several parts (`PNGEncoder.partBytes`) decodes to cairo's pixels, and its file
    /// is the same on any number of threads; with runs of repeated rows, some ending a part or
    /// the image.
    func testImageCompressedInPartsDecodesToCairosPixelsOnAnyThreads() throws {
        let height = 2 * PNGEncoder.partBytes / 1201 + 7
        for repeats in [1, 4, 5, 7, 200, height] {
            let image = surface(width: 300, height: height, repeats: repeats)
            let cairos = try PNGCoding.decode(cairoPNG(image)).rgba
            let alone = try ourPNG(image, compression: .fast, threads: 1)
            XCTAssertEqual(try PNGCoding.decode(alone).rgba, cairos, "rows repeated \(repeats) times")
            for threads in [2, 3] {
                XCTAssertEqual(
                    try ourPNG(image, compression: .fast, threads: threads), alone,
                    "rows repeated \(repeats) times, \(threads) threads")
            }
        }
    }

    func testDecodesToCairosPixels() throws {
        for (width, height) in [(1, 1), (1, 7), (3, 2), (61, 17), (256, 40)] {
            let image = surface(width: width, height: height)
            let cairos = try PNGCoding.decode(cairoPNG(image))
            for compression in [PNGEncoder.Compression.fast, .small] {
                let ours = try PNGCoding.decode(try ourPNG(image, compression: compression))
                XCTAssertEqual(ours.width, width)
                XCTAssertEqual(ours.height, height)
                XCTAssertEqual(ours.rgba, cairos.rgba, "\(width)×\(height), \(compression)")
            }
        }
    }

    /// Rows of opaque pixels only, which take the encoder's shorter path, in colors of every channel.
    func testOpaqueRowsDecodeToCairosPixels() throws {
        let surface = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 37, 5))
        let context = CairoContext(surface: surface)
        let colors = [(0.9, 0.1, 0.3), (0.2, 0.7, 0.05), (0.0, 0.0, 1.0), (1.0, 1.0, 1.0), (0.5, 0.25, 0.75)]
        for (index, color) in colors.enumerated() {
            cairo_set_source_rgb(context.pointer, color.0, color.1, color.2)
            cairo_rectangle(context.pointer, Double(index * 7), 0, 7, 5)
            cairo_fill(context.pointer)
        }
        cairo_surface_flush(surface.pointer)
        let ours = try PNGCoding.decode(try ourPNG(surface, compression: .fast))
        XCTAssertEqual(ours.rgba, try PNGCoding.decode(cairoPNG(surface)).rgba)
    }

    func testChunksAreHeaderColorSpaceBackgroundDensityDataAndEnd() throws {
        let png = [UInt8](try ourPNG(surface(width: 5, height: 4)))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var chunks: [String] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            chunks.append(String(decoding: png[offset + 4..<offset + 8], as: UTF8.self))
            if chunks.last == "IHDR" {
                XCTAssertEqual(
                    Array(png[offset + 8..<offset + 8 + length]), [0, 0, 0, 5, 0, 0, 0, 4, 8, 6, 0, 0, 0],
                    "5×4, 8-bit RGBA")
            }
            offset += 12 + length
        }
        XCTAssertEqual(chunks, ["IHDR", "sRGB", "bKGD", "pHYs", "IDAT", "IEND"])
        XCTAssertEqual(offset, png.count)
    }

    /// Rows that differ only in the color of fully transparent pixels (which cairo's compositing
    /// can leave) are the same in PNG's RGBA: the file is the one of rows all the same.
    func testRowsTheSameOnceUnpremultipliedAreRepeatedRows() throws {
        let height = 2 * PNGEncoder.partBytes / 801 + 9
        let same = surface(width: 200, height: height, repeats: height)
        let differing = surface(width: 200, height: height, repeats: height)
        let rowStride = Int(cairo_image_surface_get_stride(same.pointer))
        for (image, clear) in [(same, UInt32(0)), (differing, 0x00FF_2040)] {
            let base = UnsafeMutableRawPointer(cairo_image_surface_get_data(image.pointer)!)
            for y in 0..<height {
                base.storeBytes(of: y % 3 == 1 ? clear : 0, toByteOffset: y * rowStride + 4 * 7, as: UInt32.self)
                base.storeBytes(of: 0, toByteOffset: y * rowStride + 4 * 8, as: UInt32.self)
            }
        }
        XCTAssertEqual(try ourPNG(differing, compression: .fast), try ourPNG(same, compression: .fast))
    }
}
