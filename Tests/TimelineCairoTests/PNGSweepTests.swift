import CCairo
import Foundation
import TimelineTestSupport
import XCTest

@testable import TimelineCairo
@testable import TimelinePNG

/// Images for `scripts/png-sweep.py`, which decodes each of our files with an independent
/// inflater (the system zlib) and compares its pixels with cairo's own PNG (libpng): sizes,
/// contents and runs of repeated rows chosen to meet every path of the encoder's parts. Written
/// only when PNG_SWEEP_DIR names a folder (the sweep is too slow for every test run).
final class PNGSweepTests: XCTestCase {
    /// What a fresh row holds.
    enum Content: String, CaseIterable {
        case flat, noise, gradient, transparent, partial, mixed
    }

    /// One image: its size, its rows' content, and the lengths of runs of rows copied from the row
    /// above, starting at the given rows.
    struct Case {
        var name: String
        var width: Int
        var height: Int
        var content: Content
        var runs: [(start: Int, length: Int)] = []
    }

    static func fill(_ surface: OpaquePointer, _ spec: Case, generator: inout SeededGenerator) {
        cairo_surface_flush(surface)
        let base = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        var copied = [Bool](repeating: false, count: spec.height)
        for run in spec.runs where run.start < spec.height {
            for row in max(1, run.start)..<max(1, min(spec.height, run.start + run.length)) { copied[row] = true }
        }
        for y in 0..<spec.height {
            let row = UnsafeMutableRawPointer(base + y * stride)
            if copied[y] {
                row.copyMemory(from: base + (y - 1) * stride, byteCount: 4 * spec.width)
                continue
            }
            for x in 0..<spec.width {
                let pixel = Self.pixel(spec.content, x: x, y: y, width: spec.width, generator: &generator)
                row.storeBytes(of: pixel, toByteOffset: 4 * x, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// A premultiplied ARGB32 pixel (channels at most alpha, as cairo draws them).
    static func pixel(_ content: Content, x: Int, y: Int, width: Int, generator: inout SeededGenerator) -> UInt32 {
        let random = generator.next()
        let alpha: UInt64
        switch content {
        case .flat: return 0xFF33_6699
        case .gradient:
            let value = UInt32((x * 255) / max(1, width - 1)) ^ UInt32(y & 0xFF)
            return 0xFF00_0000 | value << 16 | (255 - value) << 8 | UInt32(y & 0xFF)
        case .noise: alpha = 255
        case .transparent: return random & 1 == 0 ? 0 : 0xFF00_0000
        case .partial: alpha = 1 + (random >> 8) % 254
        case .mixed: alpha = [0, 255, 1, 128, 254, (random >> 40) & 0xFF][Int((random >> 48) % 6)]
        }
        func channel(_ shift: UInt64) -> UInt32 { UInt32(alpha == 0 ? 0 : ((random >> shift) & 0xFF) % (alpha + 1)) }
        return UInt32(alpha) << 24 | channel(8) << 16 | channel(16) << 8 | channel(24)
    }

    /// Every case: widths and heights at and around the parts' edges.
    static func cases() -> [Case] {
        var generator = SeededGenerator(seed: 2026)
        var cases: [Case] = []
        func add(_ width: Int, _ height: Int, _ content: Content, _ runs: [(Int, Int)] = []) {
            cases.append(
                Case(
                    name: "\(cases.count)-\(width)x\(height)-\(content.rawValue)", width: width, height: height,
                    content: content, runs: runs.map { (start: $0.0, length: $0.1) }))
        }
        for (width, height) in [(1, 1), (1, 2), (2, 1), (1, 5000), (5000, 1), (3, 7)] {
            for content in Content.allCases { add(width, height, content) }
        }
        // Runs of every length around the minimum and around 258 rows, and across parts' edges.
        for width in [4, 5, 13, 64, 300, 1201, 5000] {
            let rowBytes = 4 * width + 1
            let perPart = max(1, PNGEncoder.partBytes / rowBytes)
            let height = min(32_767, 3 * perPart + 1)
            var runs: [(Int, Int)] = []
            var start = 1
            for length in [1, 2, 3, 4, 5, 6, 257, 258, 259] where start + length < perPart {
                runs.append((start, length))
                start += length + 1 + Int(generator.next() % 3)
            }
            for edge in 1...3 {
                let offset = Int(generator.next() % 6)
                runs.append((edge * perPart - offset, 3 + Int(generator.next() % 8)))
            }
            for content in [Content.noise, .mixed, .gradient] { add(width, height, content, runs) }
            add(width, height, .flat)
            // The last part a single row, and one ending in a run.
            add(width, min(32_767, 2 * perPart + 1), .noise, [(perPart - 2, 7)])
            add(width, min(32_767, 2 * perPart + 5), .mixed, [(2 * perPart, 5)])
        }
        // Very wide and narrow rows, noise (stored blocks) between runs of repeated rows.
        for width in [64, 65, 129, 16_384, 16_385, 32_767] {
            let perPart = max(1, PNGEncoder.partBytes / (4 * width + 1))
            let height = min(3 * perPart + 3, width > 10_000 ? 40 : 32_767)
            add(width, height, .noise, [(1, 4), (perPart - 1, 4), (perPart + 9, 300)])
        }
        for _ in 0..<40 {
            let width = 1 + Int(generator.next() % 5000)
            let height = 1 + Int(generator.next() % UInt64(max(2, 4_000_000 / width)))
            var runs: [(Int, Int)] = []
            for _ in 0..<Int(generator.next() % 12) {
                runs.append((Int(generator.next() % UInt64(height)), 1 + Int(generator.next() % 300)))
            }
            add(width, min(height, 20_000), Content.allCases[Int(generator.next() % 6)], runs)
        }
        return cases
    }

    func testSweepWritesOursAndCairosFiles() throws {
        guard let folder = ProcessInfo.processInfo.environment["PNG_SWEEP_DIR"] else {
            throw XCTSkip("PNG_SWEEP_DIR not set")
        }
        var generator = SeededGenerator(seed: 7)
        for spec in Self.cases() {
            let surface = CairoSurface(
                cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(spec.width), Int32(spec.height)))
            Self.fill(surface.pointer, spec, generator: &generator)
            let pointer = surface.pointer
            func encode(_ threads: Int, _ compression: PNGEncoder.Compression) throws -> [UInt8] {
                try PNGEncoder.encode(
                    pixels: cairo_image_surface_get_data(pointer)!, width: spec.width, height: spec.height,
                    stride: Int(cairo_image_surface_get_stride(pointer)), compression: compression, threads: threads)
            }
            XCTAssertEqual(
                cairo_surface_write_to_png(surface.pointer, "\(folder)/\(spec.name).cairo.png"), CAIRO_STATUS_SUCCESS)
            let ours = try encode(1, .fast)
            XCTAssertEqual(try encode(2, .fast), ours, "\(spec.name): 1 and 2 threads")
            try Data(ours).write(to: URL(fileURLWithPath: "\(folder)/\(spec.name).ours.png"))
            if spec.width * spec.height * 4 > PNGEncoder.partBytes, spec.name.hasSuffix("noise") {
                try Data(try encode(3, .small)).write(to: URL(fileURLWithPath: "\(folder)/\(spec.name)-6.ours.png"))
                try FileManager.default.copyItem(
                    atPath: "\(folder)/\(spec.name).cairo.png", toPath: "\(folder)/\(spec.name)-6.cairo.png")
            }
        }
    }
}
