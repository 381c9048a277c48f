import CDeflate
import XCTest

@testable import TimelineCairo

/// A block of repeated rows decodes to the rows (filter Up, zeros) at every width, wherever the
/// copies of 258 bytes leave a remainder, and other blocks can follow it.
final class DeflateRepeatedRowsTests: XCTestCase {
    func testBlockDecodesToRowsOfZerosAfterTheUpFilter() throws {
        // Remainders after the copies of 258: none, 1 and 2 (literals), 3 to 257 (a length code).
        for rowBytes in [5, 6, 7, 8, 13, 259, 260, 261, 262, 263, 300, 3841, 4001, 131_069] {
            for rows in [1, 2, 37] {
                let row = [2] + [UInt8](repeating: 0, count: rowBytes - 1)
                let expected = Array([[UInt8]](repeating: row, count: rows).joined())
                let part = ZlibParts.Part(
                    deflate: DeflateRepeatedRows.block(rowBytes: rowBytes, rows: rows) + ZlibParts.emptyLastBlock,
                    adler: UInt32(libdeflate_adler32(1, expected, expected.count)), count: expected.count)
                XCTAssertEqual(
                    try inflate(zlib: ZlibParts.stream([part], level: 1), count: expected.count), expected,
                    "\(rows) rows of \(rowBytes) bytes")
            }
        }
    }

    func testBlockIsFollowedByOtherBlocks() throws {
        let block = DeflateRepeatedRows.block(rowBytes: 41, rows: 3)
        let blocks = try XCTUnwrap((block + ZlibParts.emptyLastBlock).withUnsafeBytes { DeflateBlocks(walking: $0) })
        XCTAssertEqual(blocks.lastHeaderBit, 8 * block.count, "the last block starts where the block ends")
        XCTAssertEqual(blocks.endBit, 8 * block.count + 10)
    }
}
