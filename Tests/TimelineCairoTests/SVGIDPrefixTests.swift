import Foundation
import XCTest

@testable import TimelineCairo

/// Joining a document's pieces with their ids' prefix, on one thread or two.
final class SVGIDPrefixTests: XCTestCase {
    private func piece(_ elements: Int, _ seed: Int) -> SVGBytes {
        var out = SVGBytes()
        for index in 0..<elements {
            out.append("<use xlink:href=\"#")
            out.id("g", (index * 7 + seed) % 97)
            out.append("\" x=\"")
            out.append(number: Double(index) * 1.25)
            out.append("\"/>\n")
        }
        return out
    }

    private func expected(_ pieces: [SVGBytes], _ prefix: String) -> Data {
        Data(pieces.flatMap(\.bytes).flatMap { $0 == 0x01 ? Array(prefix.utf8) : [$0] })
    }

    func testTwoThreadsJoinWhatOneJoins() {
        let pieces = [piece(3, 0), piece(40_000, 1), piece(0, 2), piece(35_000, 3), piece(5, 4)]
        XCTAssertGreaterThan(pieces.reduce(0) { $0 + $1.count }, SVGIDPrefix.parallelBytes)
        let prefix = Array("card-0123abcd-".utf8)
        let one = SVGIDPrefix.join(pieces, replacingMarkersWith: prefix)
        let two = SVGIDPrefix.join(pieces, replacingMarkersWith: prefix, threads: 2)
        XCTAssertTrue(one == two)
        XCTAssertTrue(one == expected(pieces, "card-0123abcd-"))
    }

    func testPiecesCountingMoreMarkersThanTheyHoldLeaveNoGap() {
        var first = piece(2, 0)
        first.markers += 3
        let pieces = [first, piece(2, 1)]
        let joined = SVGIDPrefix.join(pieces, replacingMarkersWith: Array("p-".utf8), threads: 2)
        XCTAssertTrue(joined == expected(pieces, "p-"))
    }

    /// Written out through a small buffer, the document is the bytes joined in memory, whatever
    /// the buffer's size against the stretches and prefixes (markers across a chunk's end too),
    /// pieces counting more markers than they hold included.
    func testStreamedChunksAreTheJoinedDocument() {
        var miscounted = piece(3, 5)
        miscounted.markers += 2
        let pieces = [piece(3, 0), piece(0, 1), piece(700, 2), miscounted, SVGBytes(Array("</svg>\n".utf8))]
        let prefix = Array("card-0123abcd-".utf8)
        let joined = SVGIDPrefix.join(pieces, replacingMarkersWith: prefix)
        for chunkSize in [1, 7, 13, 64, 4096, 1 << 20] {
            var streamed = Data()
            var chunks = 0
            let taken = SVGIDPrefix.stream(pieces, replacingMarkersWith: prefix, chunkSize: chunkSize) { chunk in
                XCTAssertLessThanOrEqual(chunk.count, chunkSize)
                XCTAssertGreaterThan(chunk.count, 0)
                streamed.append(contentsOf: chunk)
                chunks += 1
                return true
            }
            XCTAssertTrue(taken)
            XCTAssertTrue(streamed == joined, "chunks of \(chunkSize)")
            XCTAssertEqual(chunks, (joined.count + chunkSize - 1) / chunkSize, "full chunks but the last")
        }
    }

    /// A chunk refused (a full disk) stops the writing: nothing more is handed over.
    func testStreamingStopsAtTheFirstChunkRefused() {
        let pieces = [piece(500, 0), piece(500, 1)]
        var handed = 0
        let taken = SVGIDPrefix.stream(pieces, replacingMarkersWith: Array("p-".utf8), chunkSize: 256) { _ in
            handed += 1
            return handed < 3
        }
        XCTAssertFalse(taken)
        XCTAssertEqual(handed, 3)
    }
}
