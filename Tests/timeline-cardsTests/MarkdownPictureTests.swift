import Foundation
import XCTest

/// `render page.md -o out/page.md`: a `theme: auto` block (any block, with --dark-variants) becomes
/// a `<picture>` whose dark source is written beside the page; other blocks plain image links.
final class MarkdownPictureTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try CLIRunner.temporaryDirectory()
        let page = """
            # Plans

            ```timeline
            version: 1
            theme: auto
            cards:
              - header: { title: "Release <2> & more" }
                items: [{ title: Kickoff }, { title: Launch }]
            ```
            Text after.

            ```timeline
            version: 1
            cards:
              - items: [{ title: Plain }]
            ```

            ```timeline
            version: 1
            theme: fiori
            cards:
              - items: [{ title: Fiori }]
            ```

            """
        try Data(page.utf8).write(to: folder.appendingPathComponent("page.md"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func render(_ extra: [String]) throws -> String {
        let result = try CLIRunner.run(
            ["render", "page.md", "-o", "out/page.md"] + extra, directory: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try String(contentsOf: folder.appendingPathComponent("out/page.md"), encoding: .utf8)
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/\(name)").path)
    }

    func testAThemeAutoBlockBecomesAPictureWithItsDarkSource() throws {
        let page = try render(["--format", "png"])
        XCTAssertTrue(
            page.contains(
                """
                <picture>
                  <source media="(prefers-color-scheme: dark)" srcset="card-1-dark.png">
                  <img alt="Release &lt;2&gt; &amp; more" src="card-1.png">
                </picture>

                Text after.
                """), page)
        XCTAssertTrue(exists("card-1.png") && exists("card-1-dark.png"))
        XCTAssertNotEqual(
            try Data(contentsOf: folder.appendingPathComponent("out/card-1.png")),
            try Data(contentsOf: folder.appendingPathComponent("out/card-1-dark.png")))
        // Cards of one id (none given: card-1) are numbered in page order.
        XCTAssertTrue(page.contains("![Timeline: Plain](card-1-2.png)"), page)
        XCTAssertTrue(page.contains("![Timeline: Fiori](card-1-3.png)"), page)
        XCTAssertFalse(exists("card-1-2-dark.png") || exists("card-1-3-dark.png"))
    }

    func testDarkVariantsGivesUnthemedBlocksAPictureToo() throws {
        let page = try render(["--dark-variants"])
        XCTAssertTrue(page.contains(#"srcset="card-1-dark.svg""#), page)
        XCTAssertTrue(page.contains(#"srcset="card-1-2-dark.svg""#), page)
        XCTAssertTrue(exists("card-1-2-dark.svg"))
        // A block naming its own theme keeps it, in one image.
        XCTAssertTrue(page.contains("![Timeline: Fiori](card-1-3.svg)"), page)
        XCTAssertFalse(exists("card-1-3-dark.svg"))
    }

    func testDarkVariantsIsForMarkdownPagesOnly() throws {
        let result = try CLIRunner.run(["render", CLIRunner.fixture("demo.yaml"), "-o", folder.path, "--dark-variants"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--dark-variants is for Markdown pages"), result.stderr)
    }
}
