import TimelineKit
import XCTest

final class MarkdownPageTests: XCTestCase {
    func testFindsTimelineFencesOnlyAndKeepsLineNumbers() {
        let page = MarkdownPage(
            "a\n```timeline\nx: 1\n```\n````md\n```timeline\nnot: this\n```\n````\n  ~~~ timeline extra\n  y: 2\n  "
                + "~~~\nend"
        )
        XCTAssertEqual(page.blocks.count, 2)
        XCTAssertEqual(page.blocks[0].fenceLine, 2)
        XCTAssertEqual(page.blocks[0].source, "\n\nx: 1\n")
        XCTAssertEqual(
            page.blocks[1].source, String(repeating: "\n", count: 10) + "y: 2\n",
            "indent removed, line 11 stays line 11")
        XCTAssertEqual(
            page.rewritten { "![](p-\($0 + 1).svg)" },
            "a\n![](p-1.svg)\n````md\n```timeline\nnot: this\n```\n````\n  ![](p-2.svg)\nend")
    }

    func testUnclosedFenceRunsToTheEnd() {
        let page = MarkdownPage("```timeline\nx: 1")
        XCTAssertEqual(page.blocks.count, 1)
        XCTAssertEqual(page.rewritten { _ in "L" }, "L")
    }

    func testImageLinksEscapeTheirText() {
        XCTAssertEqual(MarkdownPage.imageLink(alt: "A [b] *c*", path: "p 1.svg"), "![A \\[b\\] \\*c\\*](<p 1.svg>)")
    }

    func testShardsPartitionAndParse() {
        XCTAssertNil(Shard("0/3"))
        XCTAssertNil(Shard("4/3"))
        XCTAssertNil(Shard("1-3"))
        let names = (0..<100).map { "docs/t\($0).yaml" }
        let shards = (1...4).compactMap { Shard("\($0)/4") }
        XCTAssertEqual(shards.count, 4)
        for name in names { XCTAssertEqual(shards.filter { $0.contains(name) }.count, 1) }
        XCTAssertTrue(shards.allSatisfy { shard in names.filter(shard.contains).count > 10 }, "roughly even")
    }
}
