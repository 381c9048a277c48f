import TimelineKit
import XCTest

@testable import TimelineCommandSupport

/// `--shard K/N` splits inputs into N parts every machine agrees on: each input in exactly one,
/// by its path alone, so adding an input moves no other.
final class ShardTests: XCTestCase {
    private let paths = (0..<400).map { "timelines/team-\($0).yaml" }

    func testEveryInputIsInExactlyOneShard() throws {
        for count in [1, 2, 3, 7] {
            let shards = try (1...count).map { try XCTUnwrap(Shard(index: $0, count: count)) }
            for path in paths { XCTAssertEqual(shards.filter { $0.contains(path) }.count, 1, "\(path) of \(count)") }
            // FNV-1a spreads them: no shard of a few is empty or holds most.
            for shard in shards where count > 1 {
                let held = paths.filter(shard.contains).count
                XCTAssertGreaterThan(held, paths.count / count / 2, "\(shard)")
                XCTAssertLessThan(held, 2 * paths.count / count, "\(shard)")
            }
        }
    }

    func testAddingAnInputMovesNoOther() throws {
        let shard = try XCTUnwrap(Shard("2/3"))
        let before = paths.filter(shard.contains)
        let after = (paths + ["timelines/new.yaml"]).filter(shard.contains)
        XCTAssertEqual(Array(after.prefix(before.count)), before)
    }

    func testTheShardIsParsedOnlyWhenItNamesAPart() {
        XCTAssertEqual(Shard("1/1"), Shard(index: 1, count: 1))
        XCTAssertEqual(Shard("3/4")?.description, "3/4")
        for text in ["0/3", "4/3", "1/0", "-1/2", "1/", "/2", "1/2/3", "a/b", "", "12"] {
            XCTAssertNil(Shard(text), text)
        }
    }

    /// The FNV-1a of the bytes, as another machine computes it: its published test vectors.
    func testTheHashIsFNV1a() {
        XCTAssertEqual(Shard.hash(""), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(Shard.hash("a"), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(Shard.hash("foobar"), 0x8594_4171_f739_67e8)
    }
}
