import CZlib
import TimelineScene
import XCTest

@testable import TimelinePNG

/// Our PNG files read back, with nothing but zlib and the PNG specification, as the pixels they
/// were made from: chunks with valid checksums in the order viewers expect, rows un-filtered
/// to un-premultiplied RGBA, the same file on any number of threads.
final class PNGFileTests: XCTestCase {
    /// A PNG's chunks, checked against their CRCs.
    private func chunks(_ file: [UInt8]) throws -> [(type: String, data: [UInt8])] {
        XCTAssertEqual(Array(file.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var chunks: [(String, [UInt8])] = []
        var at = 8
        while at + 12 <= file.count {
            let length = Int(bigEndian(file, at))
            let typeAndData = Array(file[(at + 4)..<(at + 8 + length)])
            let crc = typeAndData.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
            XCTAssertEqual(UInt(bigEndian(file, at + 8 + length)), crc, "CRC of chunk at \(at)")
            chunks.append((String(decoding: typeAndData.prefix(4), as: UTF8.self), Array(typeAndData.dropFirst(4))))
            at += 12 + length
        }
        XCTAssertEqual(at, file.count, "no bytes after the last chunk")
        return chunks
    }

    private func bigEndian(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The RGBA rows of a file: its IDAT data inflated and each row's filter undone.
    private func rgba(_ file: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        let stream = try chunks(file).filter { $0.type == "IDAT" }.flatMap(\.data)
        let rowBytes = width * 4
        var filtered = [UInt8](repeating: 0, count: height * (rowBytes + 1))
        var size = UInt(filtered.count)
        let status = filtered.withUnsafeMutableBufferPointer { out in
            stream.withUnsafeBufferPointer { uncompress(out.baseAddress, &size, $0.baseAddress, UInt($0.count)) }
        }
        XCTAssertEqual(status, Z_OK)
        XCTAssertEqual(Int(size), filtered.count)
        var pixels = [UInt8](repeating: 0, count: height * rowBytes)
        for row in 0..<height {
            let filter = filtered[row * (rowBytes + 1)]
            for index in 0..<rowBytes {
                let raw = Int(filtered[row * (rowBytes + 1) + 1 + index])
                let left = index >= 4 ? Int(pixels[row * rowBytes + index - 4]) : 0
                let up = row > 0 ? Int(pixels[(row - 1) * rowBytes + index]) : 0
                let upLeft = row > 0 && index >= 4 ? Int(pixels[(row - 1) * rowBytes + index - 4]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4:
                    let estimate = left + up - upLeft
                    let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                    predicted = a <= b && a <= c ? left : b <= c ? up : upLeft
                default:
                    XCTFail("filter \(filter) on row \(row)")
                    predicted = 0
                }
                pixels[row * rowBytes + index] = UInt8((raw + predicted) & 0xFF)
            }
        }
        return pixels
    }

    /// Premultiplied ARGB32 pixels in this machine's byte order, and the RGBA a PNG holds for
    /// them (each channel divided by alpha, rounded as cairo does; transparent is all zeros).
    private func image(width: Int, height: Int, seed: UInt32) -> (argb: [UInt32], rgba: [UInt8]) {
        var seed = seed
        var argb: [UInt32] = []
        var rgba: [UInt8] = []
        for index in 0..<(width * height) {
            seed = seed &* 1_103_515_245 &+ 12_345
            // Runs of equal rows (a card's flat background) beside rows of every kind of pixel.
            let alpha: UInt32 = index / width % 4 == 3 ? 255 : [0, 255, 255, 1, 128, 254][Int(seed >> 16) % 6]
            let channels = [16, 8, 0].map { shift in alpha == 0 ? 0 : (seed >> (shift + 3)) & 0xFF % (alpha + 1) }
            argb.append(alpha << 24 | channels[0] << 16 | channels[1] << 8 | channels[2])
            for channel in channels {
                rgba.append(alpha == 0 ? 0 : UInt8((channel * 255 + alpha / 2) / alpha))
            }
            rgba.append(UInt8(alpha))
        }
        return (argb, rgba)
    }

    private func encode(
        _ argb: [UInt32], width: Int, height: Int, scale: Double = 1, background: RGBA = RGBA(r: 255, g: 255, b: 255),
        compression: PNGEncoder.Compression = .fast, threads: Int = 1
    ) throws -> [UInt8] {
        try argb.withUnsafeBytes { bytes in
            try PNGEncoder.encode(
                pixels: bytes.bindMemory(to: UInt8.self).baseAddress!, width: width, height: height,
                stride: width * 4, scale: scale, background: background, compression: compression, threads: threads)
        }
    }

    func testPixelsReadBackUnpremultiplied() throws {
        for (width, height) in [(1, 1), (3, 2), (17, 9), (64, 33)] {
            let (argb, expected) = image(width: width, height: height, seed: UInt32(width * 31 + height))
            for compression in [PNGEncoder.Compression.fast, .small] {
                let file = try encode(argb, width: width, height: height, compression: compression)
                XCTAssertEqual(try rgba(file, width: width, height: height), expected, "\(width)×\(height)")
            }
        }
    }

    /// Rows compressed in several parts, on one thread or several, make one valid stream, and the
    /// same file whatever the threads.
    func testAnImageOfSeveralPartsIsTheSameFileOnAnyThreads() throws {
        let (width, height) = (300, 1_000)
        let rowsPerPart = PNGEncoder.partBytes / (width * 4 + 1)
        XCTAssertGreaterThan(height, 2 * rowsPerPart, "three parts or more")
        let (argb, expected) = image(width: width, height: height, seed: 7)
        let alone = try encode(argb, width: width, height: height, threads: 1)
        XCTAssertEqual(try rgba(alone, width: width, height: height), expected)
        for threads in [2, 4] {
            XCTAssertEqual(
                try encode(argb, width: width, height: height, threads: threads), alone, "\(threads) threads")
        }
    }

    func testPartsCoverEveryRowOnceInOrder() {
        let argb = [UInt32](repeating: 0, count: 1)
        for (width, height) in [(1, 1), (300, 1_000), (10_000, 7), (2, 70_000)] {
            argb.withUnsafeBytes { bytes in
                let pixels = PNGEncoder.Pixels(
                    base: bytes.bindMemory(to: UInt8.self).baseAddress!, width: width, height: height, stride: 0)
                let parts = PNGEncoder.parts(of: pixels)
                XCTAssertEqual(parts.first?.lowerBound, 0)
                XCTAssertEqual(parts.last?.upperBound, height)
                for (before, after) in zip(parts, parts.dropFirst()) {
                    XCTAssertEqual(before.upperBound, after.lowerBound)
                }
                for part in parts.dropLast() {
                    XCTAssertLessThanOrEqual(part.count * (width * 4 + 1), max(PNGEncoder.partBytes, width * 4 + 1))
                }
            }
        }
    }

    func testChunksSayTheSizeColorSpaceBackgroundAndDensity() throws {
        let (argb, _) = image(width: 5, height: 3, seed: 1)
        let file = try encode(argb, width: 5, height: 3, scale: 2, background: RGBA(r: 18, g: 52, b: 86))
        let found = try chunks(file)
        XCTAssertEqual(found.map(\.type), ["IHDR", "sRGB", "bKGD", "pHYs", "IDAT", "IEND"])
        XCTAssertEqual(found[0].data, [0, 0, 0, 5, 0, 0, 0, 3, 8, 6, 0, 0, 0])
        XCTAssertEqual(found[1].data, [0])
        XCTAssertEqual(found[2].data, [0, 18, 0, 52, 0, 86])
        // 144 dpi: 5,669 pixels per metre on both axes, the unit the metre.
        XCTAssertEqual(found[3].data, [0, 0, 0x16, 0x25, 0, 0, 0x16, 0x25, 1])
        XCTAssertEqual(found[5].data, [])
    }
}
