import Foundation
import XCTest

/// A folder of goldens recorded before manifests existed, recorded again one input at a time (a
/// per-file loop, as CI scripts do): the first record starts the manifest and notes the images
/// already there; each later record adopts the old goldens at the paths it writes. Running the
/// loop again changes nothing, and an image planted after the manifest was started is refused.
final class LegacyGoldensTests: XCTestCase {
    private let manager = FileManager.default

    static func card(_ id: String, _ title: String) -> String {
        "version: 1\ncards:\n  - id: \(id)\n    items: [{title: \(title)}]\n"
    }

    private func record(_ input: String, in site: URL) throws -> CLIRunner.Result {
        try CLIRunner.run(["check", input, "--expected", "gold", "--record", "--format", "svg"], directory: site)
    }

    private func manifest(in site: URL) throws -> String {
        try String(contentsOf: site.appendingPathComponent("gold/.timeline-cards-manifest"), encoding: .utf8)
    }

    func testAPerFileRecordLoopAdoptsAnOldFolderAndIsIdempotent() throws {
        let site = try CLIRunner.temporaryDirectory()
        defer { try? manager.removeItem(at: site) }
        let names = ["a", "b", "c"]
        for name in names { try CLIRunner.write(Self.card(name, "first"), "in/\(name).yaml", in: site) }
        XCTAssertEqual(try record("in", in: site).status, 0)
        // An old folder: no manifest, and a hand-made image beside the goldens.
        try manager.removeItem(at: site.appendingPathComponent("gold/.timeline-cards-manifest"))
        try CLIRunner.write("hand-made", "gold/notes.svg", in: site)
        for name in names { try CLIRunner.write(Self.card(name, "second"), "in/\(name).yaml", in: site) }

        for name in names {
            let result = try record("in/\(name).yaml", in: site)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("changed: gold/\(name)/\(name).svg"), result.stderr)
        }
        let adopted = try manifest(in: site)
        for name in names { XCTAssertTrue(adopted.contains("\n\(name)/\(name).svg\n"), adopted) }
        XCTAssertTrue(adopted.contains("\n~ notes.svg\n"), "found before, never recorded: \(adopted)")
        XCTAssertFalse(adopted.contains("\nnotes.svg\n"), adopted)

        // The same loop again: every golden unchanged, the manifest too.
        for name in names {
            let result = try record("in/\(name).yaml", in: site)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        XCTAssertEqual(try manifest(in: site), adopted)
        XCTAssertEqual(
            try String(contentsOf: site.appendingPathComponent("gold/notes.svg"), encoding: .utf8), "hand-made")

        // An image planted after the manifest was started, where a new card's golden goes, is refused.
        try CLIRunner.write("planted later", "gold/d/d.svg", in: site)
        try CLIRunner.write(Self.card("d", "new"), "in/d.yaml", in: site)
        let planted = try record("in/d.yaml", in: site)
        XCTAssertEqual(planted.status, 2, planted.stderr)
        XCTAssertTrue(planted.stderr.contains("timeline-cards did not make this file"), planted.stderr)
        XCTAssertEqual(
            try String(contentsOf: site.appendingPathComponent("gold/d/d.svg"), encoding: .utf8), "planted later")
    }
}
