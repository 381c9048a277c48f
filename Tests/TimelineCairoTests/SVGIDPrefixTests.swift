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
}
