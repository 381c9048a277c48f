import Foundation
import XCTest

/// `check` tells everything at once: bad inputs and every good input's comparison in one run,
/// obsolete goldens listed and pruned, SVG differences quoted on one line.
final class CheckLoopTests: XCTestCase {
    private let manager = FileManager.default

    private func card(_ id: String, _ title: String = "a") -> String {
        "version: 1\ncards:\n  - id: \(id)\n    items:\n      - title: \(title)\n"
    }

    private func write(_ text: String, _ path: String, in folder: URL) throws {
        try CLIRunner.write(text, path, in: folder)
    }

    func testABadInputIsToldAndEveryGoodInputIsStillCompared() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(card("a"), "in/a.yaml", in: folder)
        try write(card("b"), "in/b.yaml", in: folder)
        let record = try CLIRunner.run(["check", "in", "--expected", "gold", "--record"], directory: folder)
        XCTAssertEqual(record.status, 0, record.stderr)
        try write(card("b", "changed"), "in/b.yaml", in: folder)
        try write("version: 1\ncards:\n  - items: [{bogus: 1}]\n", "in/c.yaml", in: folder)
        let result = try CLIRunner.run(["check", "in", "--expected", "gold", "--format", "svg"], directory: folder)
        XCTAssertEqual(result.status, 2, "a bad input: exit 2 \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("in/c.yaml:3:14: error: unknown key 'bogus'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("gold/b/b.svg: SVG differs"), "b still compared: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("check: 1 of 2 images match; 2 problems in the inputs"), result.stderr)
        // One line, quoting both sides: a CI annotation keeps only the first line.
        let line = result.stderr.split(separator: "\n").first { $0.contains("SVG differs") } ?? ""
        XCTAssertTrue(line.contains(" expected ") && line.contains(" but got "), String(line))
        // Recording with a bad input records nothing.
        let refused = try CLIRunner.run(["check", "in", "--expected", "gold", "--record"], directory: folder)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("gold/c").path))
    }

    func testARenamedCardsGoldenIsReportedAndPruned() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(card("old"), "in/a.yaml", in: folder)
        try write(card("gone"), "in/gone.yaml", in: folder)
        XCTAssertEqual(
            try CLIRunner.run(["check", "in", "--expected", "gold", "--record"], directory: folder).status, 0)
        try write(card("new"), "in/a.yaml", in: folder)
        try manager.removeItem(at: folder.appendingPathComponent("in/gone.yaml"))
        let result = try CLIRunner.run(["check", "in", "--expected", "gold"], directory: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        for path in ["gold/a/old.svg", "gold/a/old.png", "gold/gone/gone.svg", "gold/gone/gone.png"] {
            XCTAssertTrue(result.stderr.contains("\(path): obsolete golden"), "\(path): \(result.stderr)")
        }
        // One input named alone: the other inputs' goldens are not its business.
        let alone = try CLIRunner.run(["check", "in/a.yaml", "--expected", "gold", "--record"], directory: folder)
        XCTAssertTrue(alone.stderr.contains("gold/a/old.svg: obsolete golden"), alone.stderr)
        XCTAssertFalse(alone.stderr.contains("gold/gone"), alone.stderr)
        let pruned = try CLIRunner.run(["check", "in", "--expected", "gold", "--record", "--prune"], directory: folder)
        XCTAssertEqual(pruned.status, 0, pruned.stderr)
        XCTAssertTrue(pruned.stderr.contains("removed obsolete golden gold/a/old.svg"), pruned.stderr)
        XCTAssertEqual(
            try manager.subpathsOfDirectory(atPath: folder.appendingPathComponent("gold").path).sorted(),
            [".timeline-cards-manifest", "a", "a/new.png", "a/new.svg"])
        XCTAssertEqual(
            try String(contentsOf: folder.appendingPathComponent("gold/.timeline-cards-manifest"), encoding: .utf8)
                .split(separator: "\n").filter { !$0.hasPrefix("#") },
            ["a/new.png", "a/new.svg"])
        XCTAssertEqual(try CLIRunner.run(["check", "in", "--expected", "gold"], directory: folder).status, 0)
        let usage = try CLIRunner.run(["check", "in", "--expected", "gold", "--prune"], directory: folder)
        XCTAssertEqual(usage.status, 2, usage.stderr)
    }
}
