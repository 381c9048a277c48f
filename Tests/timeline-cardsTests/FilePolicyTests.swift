import Foundation
import XCTest

/// The file policy end to end: nothing below a folder the user named is read through a link, a
/// golden's bytes never reach the terminal raw, no image replaces an input, and two inputs never
/// share a golden.
final class FilePolicyTests: XCTestCase {
    static let card = "version: 1\ncards:\n  - id: c\n    items:\n      - title: a\n"
    private let manager = FileManager.default

    private func write(_ text: String, _ path: String, in folder: URL) throws {
        try CLIRunner.write(text, path, in: folder)
    }

    private func secret() throws -> URL {
        let url = try CLIRunner.temporaryDirectory().appendingPathComponent("credentials.yaml")
        try Data("token: SECRET-TOKEN-1234\n".utf8).write(to: url)
        return url
    }

    func testAGoldenThatIsALinkIsRefusedAndNeverPrinted() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(Self.card, "in.yaml", in: folder)
        try manager.createDirectory(at: folder.appendingPathComponent("expected/in"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("expected/in/c.svg").path, withDestinationPath: try secret().path)
        let result = try CLIRunner.run(
            ["check", "in.yaml", "--expected", "expected", "--format", "svg"], directory: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertFalse(result.stderr.contains("SECRET"), result.stderr)
        XCTAssertTrue(result.stderr.contains("a link"), result.stderr)
    }

    func testAGoldensControlCharactersArePrintedEscaped() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(Self.card, "in.yaml", in: folder)
        let recorded = try CLIRunner.run(
            ["check", "in.yaml", "--expected", "expected", "--format", "svg", "--record"], directory: folder)
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        let golden = folder.appendingPathComponent("expected/in/c.svg")
        var text = try String(contentsOf: golden, encoding: .utf8)
        text = text.replacingOccurrences(of: "</svg>", with: "\u{1B}]0;owned\u{07}\u{1B}[2J\r</svg>")
        try Data(text.utf8).write(to: golden)
        let result = try CLIRunner.run(
            ["check", "in.yaml", "--expected", "expected", "--format", "svg"], directory: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertFalse(result.stderr.contains("\u{1B}") || result.stderr.contains("\u{07}"), result.stderr)
        XCTAssertTrue(result.stderr.contains("\\u{1B}"), result.stderr)
    }

    func testAFolderInputThatIsALinkOutOfTheFolderIsNotRead() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(Self.card, "in/good.yaml", in: folder)
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("in/evil.yaml").path, withDestinationPath: try secret().path)
        for command in [["render", "in", "-o", "out"], ["validate", "in"]] {
            let result = try CLIRunner.run(command, directory: folder)
            XCTAssertNotEqual(result.status, 0, result.stderr)
            XCTAssertFalse(result.stderr.contains("SECRET") || result.stderr.contains("token"), result.stderr)
            XCTAssertTrue(result.stderr.contains("evil.yaml"), result.stderr)
        }
        XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("out").path), "nothing written")
    }

    func testScenesWrittenIntoTheInputFolderAreNotReadAsInputs() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(Self.card, "in/a.yaml", in: folder)
        for _ in 0..<2 {
            let result = try CLIRunner.run(["render", "in", "-o", "in", "--format", "scene"], directory: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let files = try manager.subpathsOfDirectory(atPath: folder.appendingPathComponent("in").path).sorted()
        XCTAssertEqual(files, ["a.yaml", "c.scene.json"], "the scene of the first run is not read by the second")
    }

    func testAnImageNeverReplacesAnInput() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let scene = "{\"version\": 1, \"cards\": [{\"id\": \"x\", \"items\": [{\"title\": \"a\"}]}]}"
        try write(scene, "x.scene.json", in: folder)
        let result = try CLIRunner.run(["render", "x.scene.json", "-o", ".", "--format", "scene"], directory: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("is an input of this run"), result.stderr)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("x.scene.json"), encoding: .utf8), scene)
    }

    func testRecordRefusesInputsThatShareAGolden() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(Self.card, "in/a.yaml", in: folder)
        try write(Self.card.replacingOccurrences(of: "title: a", with: "title: b"), "in/a.yml", in: folder)
        let result = try CLIRunner.run(
            ["check", "in", "--expected", "expected", "--format", "svg", "--record"], directory: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("have this golden"), result.stderr)
        XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("expected/a/c.svg").path))
    }

    /// The scene JSON names an icon by its path inside the input's folder: an absolute path told
    /// where the checkout lies and made scene goldens differ between checkouts.
    func testSceneJSONNamesIconsInsideTheInputsFolder() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let icon = URL(fileURLWithPath: CLIRunner.fixture("icons")).appendingPathComponent("rain.png")
        try manager.createDirectory(at: folder.appendingPathComponent("in/icons"), withIntermediateDirectories: true)
        try manager.copyItem(at: icon, to: folder.appendingPathComponent("in/icons/rain.png"))
        try write(
            "version: 1\ncards:\n  - id: c\n    items:\n      - {title: a, icon: ./icons/rain.png}\n", "in/a.yaml",
            in: folder)
        let result = try CLIRunner.run(["render", "in/a.yaml", "-o", "out", "--format", "scene"], directory: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let scene = try String(contentsOf: folder.appendingPathComponent("out/c.scene.json"), encoding: .utf8)
        XCTAssertTrue(scene.contains("\"path\" : \"icons/rain.png\""), scene)
        XCTAssertFalse(scene.contains(folder.path), "no absolute path")
    }

    /// `check --record` and its diff images are not written through a link below the folders
    /// named on the command line, as `render`'s images are not.
    func testGoldensAndDiffsAreNotWrittenThroughALinkBelowTheirFolder() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let elsewhere = try CLIRunner.temporaryDirectory()
        try write(Self.card, "in.yaml", in: folder)
        try manager.createDirectory(at: folder.appendingPathComponent("expected"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("expected/in").path, withDestinationPath: elsewhere.path)
        let record = try CLIRunner.run(
            ["check", "in.yaml", "--expected", "expected", "--format", "svg", "--record"], directory: folder)
        XCTAssertEqual(record.status, 3, record.stderr)
        XCTAssertTrue(record.stderr.contains("expected/in is a link"), record.stderr)
        XCTAssertEqual(try manager.contentsOfDirectory(atPath: elsewhere.path), [])
    }

    /// An image is never written over a file its input reads: an icon, a theme file, in render,
    /// in a Markdown page and in check --record (the attack helper found all four).
    func testNoImageReplacesAnIconOrAThemeItsInputReads() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let icon =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">"
            + "<rect width=\"10\" height=\"10\"/></svg>"
        try write(icon, "c.svg", in: folder)
        try write("version: 1\ncards:\n  - id: c\n    items: [{ title: K, icon: c.svg }]\n", "in.yaml", in: folder)
        try write("{\"style\": {\"nodeColor\": \"#ff0000\"}}", "c.scene.json", in: folder)
        try write(
            "version: 1\ntheme: c.scene.json\ncards:\n  - id: c\n    items: [{ title: K }]\n", "t.yaml", in: folder)
        // The page's image is named by its card's id: c.svg, the icon the block reads.
        try write(
            "```timeline\nversion: 1\ncards:\n  - id: c\n    items: [{ title: K, icon: c.svg }]\n```\n", "p.md",
            in: folder)
        try write(icon, "gold/a/c.svg", in: folder)
        try write(
            "version: 1\ncards:\n  - id: c\n    items: [{ title: K, icon: a/c.svg }]\n", "gold/a.yaml", in: folder)
        let runs = [
            ["render", "in.yaml", "-o", "."], ["render", "in.yaml", "-o", "c.svg"],
            ["render", "t.yaml", "-o", ".", "--format", "scene"],
            ["render", "p.md", "-o", "p-out.md"],
            ["check", "gold/a.yaml", "--expected", "gold", "--record", "--format", "svg"],
        ]
        for arguments in runs {
            let result = try CLIRunner.run(arguments, directory: folder)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("must not replace it"), "\(arguments): \(result.stderr)")
        }
        for file in ["c.svg", "gold/a/c.svg"] {
            XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8), icon, file)
        }
        XCTAssertTrue(
            try String(contentsOf: folder.appendingPathComponent("c.scene.json"), encoding: .utf8).contains("nodeColor")
        )
    }

    /// Pruning never follows a link below the folder of goldens, nor lists what is behind it;
    /// it removes only goldens the tool made (its manifest lists them), and names from the
    /// folder are printed escaped.
    func testPruningFollowsNoLinkRemovesOnlyItsOwnAndPrintsNamesEscaped() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(Self.card, "in/a.yaml", in: folder)
        try write(Self.card, "in/b.yaml", in: folder)
        XCTAssertEqual(
            try CLIRunner.run(["check", "in", "--expected", "gold", "--record"], directory: folder).status, 0)
        XCTAssertTrue(
            try String(contentsOf: folder.appendingPathComponent("gold/.timeline-cards-manifest"), encoding: .utf8)
                .contains("a/c.svg\n"))
        try write("keep", "elsewhere/victim.svg", in: folder)
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("gold/zzz").path,
            withDestinationPath: folder.appendingPathComponent("elsewhere").path)
        try write("x", "gold/a/z\u{1B}]0;TITLE\u{07}x.svg", in: folder)
        try manager.removeItem(at: folder.appendingPathComponent("in/b.yaml")) // b's goldens are the tool's
        let pruned = try CLIRunner.run(["check", "in", "--expected", "gold", "--record", "--prune"], directory: folder)
        XCTAssertEqual(pruned.status, 0, pruned.stderr)
        XCTAssertFalse(pruned.stderr.contains("victim"), pruned.stderr)
        XCTAssertFalse(pruned.stderr.contains("\u{1B}") || pruned.stderr.contains("\u{07}"), pruned.stderr)
        XCTAssertTrue(
            pruned.stderr.contains(
                "gold/a/z\\u{1B}]0;TITLE\\u{7}x.svg: obsolete golden, not removed: timeline-cards did not make it"),
            pruned.stderr)
        XCTAssertTrue(pruned.stderr.contains("removed obsolete golden gold/b/c.svg"), pruned.stderr)
        XCTAssertTrue(
            manager.fileExists(atPath: folder.appendingPathComponent("gold/a/z\u{1B}]0;TITLE\u{07}x.svg").path))
        XCTAssertFalse(
            manager.fileExists(atPath: folder.appendingPathComponent("gold/b").path), "emptied folder removed")
        XCTAssertTrue(manager.fileExists(atPath: folder.appendingPathComponent("elsewhere/victim.svg").path))
        XCTAssertFalse(
            try String(contentsOf: folder.appendingPathComponent("gold/.timeline-cards-manifest"), encoding: .utf8)
                .contains("b/c.svg"))
    }
}
