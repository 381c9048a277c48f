import Foundation
import XCTest

/// `render --format scene` shows every placed line's glyph runs, as the images draw them: Latin,
/// CJK, Arabic and Hebrew (right to left) and emoji alike.
final class SceneGlyphRunsTests: XCTestCase {
    func testEveryLineOfTheSceneCarriesItsRuns() throws {
        let out = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run([
            "render", CLIRunner.fixture("scripts.yaml"), "-o", out.path, "--format", "scene",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let data = try Data(contentsOf: out.appendingPathComponent("scripts.scene.json"))
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let nodes = try XCTUnwrap(json["nodes"] as? [[String: Any]])
        let lines = nodes.compactMap { ($0["text"] as? [String: Any])?["lines"] as? [[String: Any]] }.joined()
        XCTAssertGreaterThanOrEqual(lines.count, 10)
        var rightToLeft = 0
        for line in lines {
            let text = try XCTUnwrap(line["text"] as? String)
            guard !text.isEmpty else { continue }
            let glyphs = try XCTUnwrap(line["glyphs"] as? [String: Any], text)
            let runs = try XCTUnwrap(glyphs["runs"] as? [[String: Any]], text)
            XCTAssertFalse(runs.isEmpty, text)
            var bytes = 0
            for run in runs {
                let ids = try XCTUnwrap(run["glyphs"] as? [Int], text)
                for key in ["advances", "xOffsets", "yOffsets", "clusters"] {
                    XCTAssertEqual((run[key] as? [Int])?.count, ids.count, "\(text): \(key)")
                }
                XCTAssertFalse((run["face"] as? String ?? "").isEmpty, text)
                bytes += try XCTUnwrap(run["textLength"] as? Int)
                if run["isRightToLeft"] as? Bool == true { rightToLeft += 1 }
            }
            XCTAssertEqual(bytes, text.utf8.count, text)
        }
        XCTAssertGreaterThan(rightToLeft, 0, "the Arabic and Hebrew lines read right to left")
    }
}
