import Foundation
import XCTest

@testable import timeline_cards

/// A README page in CI: images named by card id in the folder `--assets` names, linked from the
/// page by the path between them; `--check` writes nothing and exits 1 when an image or a link is
/// stale.
final class MarkdownAssetsCheckTests: XCTestCase {
    var folder: URL!

    static let page = """
        # Plans

        ```timeline
        version: 1
        cards:
          - id: release
            header: { title: Release 2.0 }
            items: [{ title: Kickoff }, { title: Launch }]
        ```

        ```timeline
        version: 1
        cards:
          - id: hiring
            items: [{ title: Post the role }, { title: Interviews }, { title: Offer }, { title: Start }]
        ```

        """

    override func setUpWithError() throws {
        folder = try CLIRunner.temporaryDirectory()
        try Data(Self.page.utf8).write(to: folder.appendingPathComponent("page.md"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func run(_ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(["render", "page.md"] + arguments, directory: folder)
    }

    func text(_ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    func files(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(path).path)) ?? [])
            .sorted()
    }

    func testImagesGoInTheAssetsFolderAndThePageLinksThemThere() throws {
        let below = try run(["-o", "README.md", "--assets", "docs/timelines/"])
        XCTAssertEqual(below.status, 0, below.stderr)
        XCTAssertEqual(files("docs/timelines"), ["hiring.svg", "release.svg"])
        let readme = try text("README.md")
        XCTAssertTrue(readme.contains("![Release 2.0](docs/timelines/release.svg)"), readme)
        // No title: the alt text says what the card holds.
        XCTAssertTrue(
            readme.contains("![Timeline: Post the role, Interviews, Offer, …](docs/timelines/hiring.svg)"), readme)

        let beside = try run(["-o", "out/page.md", "--assets", "assets", "--format", "png"])
        XCTAssertEqual(beside.status, 0, beside.stderr)
        XCTAssertEqual(files("assets"), ["hiring.png", "release.png"])
        XCTAssertEqual(files("out"), ["page.md"])
        XCTAssertTrue(try text("out/page.md").contains("![Release 2.0](../assets/release.png)"))
    }

    func testCheckPassesWhenCurrentAndNamesEveryStaleFileOtherwise() throws {
        let arguments = ["-o", "out/page.md", "--assets", "out/img"]
        XCTAssertEqual(try run(arguments).status, 0)
        let current = try run(arguments + ["--check"])
        XCTAssertEqual(current.status, 0, current.stderr)
        XCTAssertEqual(current.stderr, "check: 3 of 3 files of out/page.md up to date\n")

        // A changed item redraws its image; a changed title changes the page's link too.
        let changed = Self.page.replacingOccurrences(of: "title: Kickoff", with: "title: Kick-off")
            .replacingOccurrences(of: "Release 2.0", with: "Release 2.1")
        try Data(changed.utf8).write(to: folder.appendingPathComponent("page.md"))
        let before =
            try FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent("out/img/release.svg").path)[.modificationDate] as? Date
        let stale = try run(arguments + ["--check"])
        XCTAssertEqual(stale.status, 1, stale.stderr)
        XCTAssertEqual(
            stale.stderr,
            """
            out/img/release.svg: stale: differs from what the page renders to
            out/page.md: stale: differs from what the page renders to
            check: 1 of 3 files of out/page.md up to date; run the same command without --check to update them

            """)
        // Nothing written.
        let after =
            try FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent("out/img/release.svg").path)[.modificationDate] as? Date
        XCTAssertEqual(before, after)
        XCTAssertFalse(try text("out/page.md").contains("2.1"))

        // A missing image is stale too.
        XCTAssertEqual(try run(arguments).status, 0)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("out/img/hiring.svg"))
        let missing = try run(arguments + ["--check"])
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.hasPrefix("out/img/hiring.svg: stale: missing\n"), missing.stderr)
    }

    func testCheckOfABadBlockIsBadInputAndWritesNothing() throws {
        try Data("```timeline\nversion: 1\ncards: [{ items: [{ titel: x }] }]\n```\n".utf8).write(
            to: folder.appendingPathComponent("page.md"))
        let bad = try run(["-o", "out/page.md", "--check"])
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertTrue(bad.stderr.hasPrefix("page.md:3:"), bad.stderr)
        XCTAssertEqual(files("out"), [])
    }

    func testAssetsAndCheckAreForMarkdownPagesOnly() throws {
        for flag in [["--assets", "img"], ["--check"]] {
            let result = try CLIRunner.run(["render", CLIRunner.fixture("plain.yaml"), "-o", folder.path] + flag)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("\(flag[0]) is for Markdown pages"), result.stderr)
        }
    }

    func testRelativePathsBetweenFolders() {
        XCTAssertEqual(MarkdownImageNames.relativePath(to: "/a/b/img", from: "/a/b"), "img")
        XCTAssertEqual(MarkdownImageNames.relativePath(to: "/a/assets", from: "/a/out"), "../assets")
        XCTAssertEqual(MarkdownImageNames.relativePath(to: "/a/b", from: "/a/b"), "")
        XCTAssertEqual(MarkdownImageNames.relativePath(to: "/x", from: "/a/b"), "../../x")
    }
}
