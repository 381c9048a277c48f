import CDeflate
import TimelineTestSupport
import XCTest

@testable import TimelineCairo

/// Deflate parts compressed apart and joined decode to the bytes they were made of, whatever
/// blocks libdeflate wrote (stored, fixed, dynamic) and wherever in a byte the parts end.
final class ZlibPartsTests: XCTestCase {
    /// Bytes of every kind libdeflate compresses differently: incompressible noise (stored
    /// blocks), a few bytes (fixed codes), and long runs with some noise (dynamic codes).
    private func bytes(count: Int, seed: UInt32, noise: Int) -> [UInt8] {
        var state = seed
        return (0..<count).map { index in
            state = state &* 1_103_515_245 &+ 12_345
            return Int(state >> 16) % 100 < noise ? UInt8(truncatingIfNeeded: state >> 8) : UInt8(index / 97 % 3)
        }
    }

    private func deflate(_ input: [UInt8], level: Int32) throws -> [UInt8] {
        let compressor = try XCTUnwrap(libdeflate_alloc_compressor(level))
        defer { libdeflate_free_compressor(compressor) }
        var output = [UInt8](repeating: 0, count: libdeflate_deflate_compress_bound(compressor, input.count))
        let count = libdeflate_deflate_compress(compressor, input, input.count, &output, output.count)
        XCTAssertGreaterThan(count, 0)
        return Array(output.prefix(count))
    }

    func testJoinedPartsDecodeToTheirBytes() throws {
        for level: Int32 in [1, 6, 12] {
            for (seed, noise) in [(1, 100), (2, 0), (3, 3), (4, 30)] as [(UInt32, Int)] {
                let sizes = [1, 5, 40, 3000, 70_000, 0, 900]
                let inputs = sizes.enumerated().map { bytes(count: $1, seed: seed + UInt32($0), noise: noise) }
                var parts: [ZlibParts.Part] = []
                for (index, input) in inputs.enumerated() {
                    var part = try deflate(input, level: level)
                    if index < inputs.count - 1 { XCTAssertTrue(ZlibParts.continuing(&part)) }
                    let adler = UInt32(libdeflate_adler32(1, input, input.count))
                    parts.append(ZlibParts.Part(deflate: part, adler: adler, count: input.count))
                }
                let stream = ZlibParts.stream(parts, level: level)
                let whole = inputs.flatMap { $0 }
                XCTAssertEqual(try inflate(zlib: stream, count: whole.count), whole, "level \(level), seed \(seed)")
            }
        }
    }

    func testAStreamOfOnePartIsLibdeflatesOwn() throws {
        let input = bytes(count: 10_000, seed: 7, noise: 10)
        for level: Int32 in [1, 6] {
            let compressor = try XCTUnwrap(libdeflate_alloc_compressor(level))
            defer { libdeflate_free_compressor(compressor) }
            var own = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, input.count))
            let count = libdeflate_zlib_compress(compressor, input, input.count, &own, own.count)
            own.removeSubrange(count...)
            let part = ZlibParts.Part(
                deflate: try deflate(input, level: level), adler: UInt32(libdeflate_adler32(1, input, input.count)),
                count: input.count)
            XCTAssertEqual(ZlibParts.stream([part], level: level), own, "level \(level)")
        }
    }

    func testCombinedChecksumIsTheChecksumOfBoth() {
        let first = bytes(count: 70_000, seed: 11, noise: 100)
        for count in [0, 1, 65_521, 200_000] {
            let second = bytes(count: count, seed: 12, noise: 100)
            XCTAssertEqual(
                ZlibParts.combine(
                    UInt32(libdeflate_adler32(1, first, first.count)), UInt32(libdeflate_adler32(1, second, count)),
                    secondCount: count),
                UInt32(libdeflate_adler32(1, first + second, first.count + count)), "\(count) bytes")
        }
    }

    func testAStreamCutShortIsNotWalked() throws {
        let whole = try deflate(bytes(count: 5000, seed: 5, noise: 20), level: 1)
        var cut = Array(whole.dropLast(3))
        XCTAssertFalse(ZlibParts.continuing(&cut))
        let garbage: [UInt8] = [0xFF, 0xFF, 0xFF]
        XCTAssertNil(garbage.withUnsafeBytes { DeflateBlocks(walking: $0) })
    }

    func testTheWalkEndsWhereTheStreamEnds() throws {
        for count in [1, 100, 5000, 400_000] {
            let stream = try deflate(bytes(count: count, seed: UInt32(count), noise: 20), level: 1)
            let blocks = try XCTUnwrap(stream.withUnsafeBytes { DeflateBlocks(walking: $0) })
            XCTAssertEqual((blocks.endBit + 7) / 8, stream.count, "\(count) bytes")
            XCTAssertEqual(stream[blocks.lastHeaderBit >> 3] >> UInt8(blocks.lastHeaderBit & 7) & 1, 1)
        }
    }

    /// Bytes whose codes libdeflate makes unusual: geometric symbol counts (codes of up to 15
    /// bits, longer than the walker's tables), copies from every distance, nearly all zeros
    /// (one distance code or none), noise (stored blocks, past 64 KiB too).
    private func shaped(_ kind: Int, count: Int, generator: inout SeededGenerator) -> [UInt8] {
        var input = [UInt8](repeating: 0, count: count)
        for index in 0..<count {
            let random = generator.next()
            let back = kind == 2 ? 1 << Int((random >> 8) % 15) : 1 + Int((random >> 8) % 32_768)
            switch kind {
            case 0: input[index] = UInt8(truncatingIfNeeded: random)
            case 1: input[index] = UInt8(min(255, (random | 1 << 63).trailingZeroBitCount * 7 + Int(random >> 60)))
            case 2, 3:
                let copies = index >= back && random % 4 != 0
                input[index] = copies ? input[index - back] : UInt8(truncatingIfNeeded: random >> 32)
            default: input[index] = random % 1000 == 0 ? UInt8(truncatingIfNeeded: random >> 16) : 0
            }
        }
        return input
    }

    /// A stream libdeflate wrote at any level, of any of those shapes and of sizes around its
    /// stored blocks' limits, is walked to its end and continues into another.
    func testStreamsOfEveryLevelAndShapeAreWalkedAndContinue() throws {
        var generator = SeededGenerator(seed: 99)
        let sizes = [0, 1, 55, 56, 1000, 65_535, 65_536, 70_000, 140_000]
        for round in 0..<150 {
            let level = Int32(round % 13)
            let kind = Int(generator.next() % 5)
            let count = round % 2 == 0 ? sizes[Int(generator.next() % 9)] : Int(generator.next() % 40_000)
            let input = shaped(kind, count: count, generator: &generator)
            let stream = try deflate(input, level: level)
            let blocks = try XCTUnwrap(stream.withUnsafeBytes { DeflateBlocks(walking: $0) }, "round \(round)")
            XCTAssertEqual((blocks.endBit + 7) / 8, stream.count, "round \(round): level \(level), shape \(kind)")
            var first = stream
            XCTAssertTrue(ZlibParts.continuing(&first))
            let adler = UInt32(libdeflate_adler32(1, input, count))
            let parts = [first, stream].map { ZlibParts.Part(deflate: $0, adler: adler, count: count) }
            XCTAssertEqual(
                try inflate(zlib: ZlibParts.stream(parts, level: level), count: 2 * count), input + input,
                "round \(round): level \(level), shape \(kind), \(count) bytes")
        }
    }
}
