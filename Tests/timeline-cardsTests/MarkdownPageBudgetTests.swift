import Foundation
import XCTest

/// A Markdown page goes through the budget every input has (size, NUL, UTF-8), finds its blocks
/// in CRLF pages, and reports a block's problems at the page's own line and column.
final class MarkdownPageBudgetTests: XCTestCase {
    private func page(_ text: String) throws -> URL {
        let folder = try CLIRunner.temporaryDirectory()
        try Data(text.utf8).write(to: folder.appendingPathComponent("page.md"))
        return folder
    }

    func testCRLFPageGetsItsImageAndKeepsItsLineEndings() throws {
        let folder = try page(
            "Intro\r\n```timeline\r\nversion: 1\r\ncards:\r\n  - items:\r\n      - title: a\r\n```\r\nEnd\r\n")
        let result = try CLIRunner.run(["render", "page.md", "-o", "out/page.md"], directory: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let written = try String(contentsOf: folder.appendingPathComponent("out/page.md"), encoding: .utf8)
        XCTAssertEqual(written, "Intro\r\n![Timeline: a](card-1.svg)\r\nEnd\r\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/card-1.svg").path))
    }

    func testNULAndOversizedPagesAreBadInputAndWriteNothing() throws {
        let folder = try page("a\n```timeline\nversion: 1\n\0\n```\n")
        for command in [["render", "page.md", "-o", "out/page.md"], ["validate", "page.md"]] {
            let result = try CLIRunner.run(command, directory: folder)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("page.md:4:1: error: the file contains a NUL byte"), result.stderr)
        }
        let large = try CLIRunner.run(
            ["render", "page.md", "-o", "out/page.md", "--max-input-bytes", "10"], directory: folder)
        XCTAssertEqual(large.status, 2, large.stderr)
        XCTAssertTrue(large.stderr.hasPrefix("page.md:1:1: error: the file is"), large.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    func testProblemsAreAtThePagesLinesAndColumns() throws {
        let folder = try page(
            "x\n\n   ```timeline\n   ```\n  ```timeline\n  version: 1\n"
                + "  cards: [{items: [{title: a, bogus: 1}]}]\n  ```\n")
        for command in [["render", "page.md", "-o", "out/page.md"], ["validate", "page.md"]] {
            let result = try CLIRunner.run(command, directory: folder)
            XCTAssertEqual(result.status, 2, result.stderr)
            let lines = result.stderr.split(separator: "\n").map(String.init)
            XCTAssertTrue(lines.contains { $0.hasPrefix("page.md:3:4: error: the file is empty") }, result.stderr)
            XCTAssertTrue(
                lines.contains("page.md:7:31: error: unknown key 'bogus' in cards[0].items[0]"), result.stderr)
        }
    }

    /// A page's images share one budget of output bytes: a page of many blocks, each image
    /// within the per-image limit, is refused at the block that passes it, and nothing is written
    /// (a 537 KB page once wrote 1.4 GB).
    func testAPagesImagesShareOneOutputBudget() throws {
        let block = "```timeline\nversion: 1\ncards:\n  - items:\n      - title: a\n```\n"
        let folder = try page(String(repeating: block, count: 6))
        let one = try CLIRunner.run(["render", "page.md", "-o", "one/page.md"], directory: folder)
        XCTAssertEqual(one.status, 0, one.stderr)
        let imageBytes = try Data(contentsOf: folder.appendingPathComponent("one/card-1.svg")).count
        let limit = imageBytes * 3 + imageBytes / 2
        let result = try CLIRunner.run(
            ["render", "page.md", "-o", "out/page.md", "--max-page-output-bytes", String(limit)], directory: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "page.md:19:1: error: the page's images take more than \(limit) bytes by this block (raise with "
                + "--max-page-output-bytes)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
