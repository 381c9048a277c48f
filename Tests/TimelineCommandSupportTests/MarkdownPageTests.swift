import TimelineCommandSupport
import TimelineKit
import TimelineSpec
import TimelineTestSupport
import XCTest

final class MarkdownPageTests: XCTestCase {
    func testFindsTimelineFencesOnlyAndKeepsLineNumbers() {
        let page = MarkdownPage(
            "a\n```timeline\nx: 1\n```\n````md\n```timeline\nnot: this\n```\n````\n  ~~~ timeline extra\n  y: 2\n  "
                + "~~~\nend"
        )
        XCTAssertEqual(page.blocks.count, 2)
        XCTAssertEqual(page.blocks[0].fenceLine, 2)
        XCTAssertEqual(page.blocks[0].source, "x: 1\n")
        XCTAssertEqual(page.blocks[1].source, "y: 2\n", "indent removed")
        XCTAssertEqual(page.blocks[1].droppedIndents, [2])
        let problem = Diagnostic(file: "p.md", line: 1, column: 4, message: "m")
        XCTAssertEqual(page.located([problem], in: page.blocks[1]).map(\.line), [11], "line 11 of the page")
        XCTAssertEqual(page.located([problem], in: page.blocks[1]).map(\.column), [6], "the indent counted")
        XCTAssertEqual(
            page.rewritten { "![](p-\($0 + 1).svg)" },
            "a\n![](p-1.svg)\n````md\n```timeline\nnot: this\n```\n````\n  ![](p-2.svg)\nend")
    }

    func testMermaidTimelineBlocksAreFoundAndOtherDiagramsKept() {
        let flowchart = "```mermaid\nflowchart LR\n  A --> B\n```"
        let page = MarkdownPage("# P\n```mermaid\n%% c\ntimeline TD\n  2020 : a\n```\n\(flowchart)\nend")
        XCTAssertEqual(page.blocks.count, 1)
        XCTAssertEqual(page.blocks[0].format, .mermaid)
        XCTAssertEqual(page.blocks[0].source, "%% c\ntimeline TD\n  2020 : a\n")
        XCTAssertEqual(page.rewritten { _ in "![](p-1.svg)" }, "# P\n![](p-1.svg)\n\(flowchart)\nend")
        XCTAssertNil(MarkdownPage("```timeline\nx: 1\n```").blocks[0].format)
    }

    func testUnclosedFenceRunsToTheEnd() {
        let page = MarkdownPage("```timeline\nx: 1")
        XCTAssertEqual(page.blocks.count, 1)
        XCTAssertEqual(page.rewritten { _ in "L" }, "L")
    }

    func testCRLFPagesFindTheirBlocksAndKeepTheirLineEndings() {
        let page = MarkdownPage("a\r\n```timeline\r\nx: 1\r\n```\r\nb\r\n")
        XCTAssertEqual(page.blocks.count, 1)
        XCTAssertEqual(page.blocks[0].source, "x: 1\r\n")
        XCTAssertEqual(page.rewritten { _ in "L" }, "a\r\nL\r\nb\r\n")
    }

    /// A problem of a block as a whole (an empty block) is put at its fence, not at 1:1.
    func testEmptyBlockIsLocatedAtItsFence() {
        let page = MarkdownPage("x\n\n   ```timeline\n   ```\n")
        let problem = Diagnostic(file: "p.md", line: 1, column: 1, message: "the file is empty")
        let located = page.located([problem], in: page.blocks[0])
        XCTAssertEqual(located.map(\.line), [3])
        XCTAssertEqual(located.map(\.column), [4])
    }

    /// 20,000 empty blocks once took 11 s and 812 MB: each block's text was padded to its line.
    func testManyBlocksAreFoundInLinearTime() {
        let small = String(repeating: "```timeline\n```\n", count: 10_000)
        let large = String(repeating: small, count: GrowthTiming.sizeFactor)
        var counts: [Int] = []
        let timing = GrowthTiming(runs: 3) {
            counts.append(MarkdownPage(small).blocks.count)
        } large: {
            counts.append(MarkdownPage(large).blocks.count)
        }
        XCTAssertEqual(counts, [10_000, 40_000, 10_000, 40_000, 10_000, 40_000])
        XCTAssertTrue(timing.isLinear, "\(timing)")
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

/// The `<picture>` of a block with a dark image.
final class MarkdownPictureElementTests: XCTestCase {
    func testEscapesTheAltTextAndTheAddresses() {
        XCTAssertEqual(
            MarkdownPage.picture(alt: "A \"b\" <c> & d\ne", light: "p 1.png", dark: "p,1-dark.png"),
            """
            <picture>
              <source media="(prefers-color-scheme: dark)" srcset="p%2C1-dark.png">
              <img alt="A &quot;b&quot; &lt;c&gt; &amp; d e" src="p%201.png">
            </picture>

            """)
    }

    func testAPictureReplacesABlockAndEndsItsHTMLBlock() {
        let page = MarkdownPage("Intro\n\n```timeline\nversion: 1\n```\nAfter")
        let rewritten = page.rewritten { _ in MarkdownPage.picture(alt: "x", light: "a.png", dark: "b.png") }
        XCTAssertTrue(rewritten.hasSuffix("</picture>\n\nAfter"), rewritten)
    }
}
