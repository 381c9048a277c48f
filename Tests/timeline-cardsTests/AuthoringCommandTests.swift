import Foundation
import XCTest

/// `render --watch`, Markdown pages, `--shard`, `-o` with a foreign extension and "did you mean".
final class AuthoringCommandTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try CLIRunner.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ text: String, to name: String) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static let card =
        "version: 1\ncards:\n  - id: plan\n    header: { title: The plan }\n    items:\n      - { title: Kickoff }\n"

    func testForeignOutputExtensionIsBadInput() throws {
        try write(Self.card, to: "plan.yaml")
        let run = try CLIRunner.run(["render", "plan.yaml", "-o", "card.jpg"], directory: folder)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("-o card.jpg: timeline-cards does not write .jpg files"), run.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("card.jpg").path), "no folder made")
        // A folder with a dot is still a folder when it exists or ends in /.
        let dotted = try CLIRunner.run(["render", "plan.yaml", "-o", "v1.2/"], directory: folder)
        XCTAssertEqual(dotted.status, 0, dotted.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("v1.2/plan.svg").path))
    }

    func testDidYouMeanForSubcommandsAndThemes() throws {
        let command = try CLIRunner.run(["rendr", "plan.yaml"], directory: folder)
        XCTAssertEqual(command.status, 2, command.stderr)
        XCTAssertTrue(command.stderr.contains("unknown command 'rendr' (did you mean 'render'?)"), command.stderr)
        try write(Self.card, to: "plan.yaml")
        let theme = try CLIRunner.run(["render", "plan.yaml", "--theme", "drak"], directory: folder)
        XCTAssertEqual(theme.status, 2, theme.stderr)
        XCTAssertTrue(theme.stderr.contains("(did you mean 'dark'?)"), theme.stderr)
    }

    func testShardsSplitInputsStablyAndCompletely() throws {
        for index in 1...12 { try write(Self.card, to: "docs/t\(index).yaml") }
        var seen: [String] = []
        for shard in 1...3 {
            let run = try CLIRunner.run(["render", "docs", "-o", "out", "--shard", "\(shard)/3"], directory: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        seen = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).sorted()
        XCTAssertEqual(seen, (1...12).map { "t\($0)" }.sorted(), "every input in exactly one shard, in its own folder")
        // Adding an input moves no other: shard 1's inputs stay.
        let before = try CLIRunner.run(["validate", "docs", "--shard", "1/3"], directory: folder)
        XCTAssertEqual(before.status, 0, before.stderr)
        let bad = try CLIRunner.run(["render", "docs", "--shard", "4/3"], directory: folder)
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("--shard '4/3' is not K/N"), bad.stderr)
    }

    func testMarkdownBlocksBecomeImagesAndLinks() throws {
        try write(
            """
            # Plan

            ```timeline
            \(Self.card)```

            Text between.

            ```yaml
            left: alone
            ```

            ~~~timeline
            version: 1
            cards:
              - { id: a, title: First, items: [{ title: One }] }
              - { id: b, items: [{ title: Two }] }
            ~~~
            """, to: "page.md")
        let run = try CLIRunner.run(["render", "page.md", "-o", "out/page.md"], directory: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let page = try String(contentsOf: folder.appendingPathComponent("out/page.md"), encoding: .utf8)
        // Named by card id; alt text from the card's title, else its items'.
        XCTAssertTrue(page.contains("![The plan](plan.svg)"), page)
        XCTAssertTrue(page.contains("![First](a.svg)\n![Timeline: Two](b.svg)"), page)
        XCTAssertTrue(page.contains("```yaml\nleft: alone\n```"), page)
        XCTAssertFalse(page.contains("```timeline"), page)
        for name in ["plan.svg", "a.svg", "b.svg"] {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/\(name)").path), name)
        }
    }

    func testMarkdownErrorsCarryThePagesLineNumbers() throws {
        try write(
            "Intro\n\n```timeline\nversion: 1\ncards:\n  - id: x\n    items:\n      - { titel: Oops }\n```\n",
            to: "page.md")
        let run = try CLIRunner.run(["render", "page.md", "-o", "out/page.md"], directory: folder)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("page.md:8:11: error: unknown key 'titel'"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/page.md").path))
        let validated = try CLIRunner.run(["validate", "page.md"], directory: folder)
        XCTAssertEqual(validated.status, 2, validated.stderr)
        XCTAssertTrue(validated.stderr.contains("page.md:8:11: error: unknown key 'titel'"), validated.stderr)
        let same = try CLIRunner.run(["render", "page.md", "-o", "page.md"], directory: folder)
        XCTAssertEqual(same.status, 2, same.stderr)
    }

    static func icon(_ color: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\" "
            + "fill=\"\(color)\"/></svg>"
    }

    func testWatchRendersAgainAndSurvivesBadInput() throws {
        try write(Self.card + "      - { icon: icons/dot.svg }\n", to: "plan.yaml")
        try write("style: { nodeColor: \"#ff0000\" }\n", to: "themes/brand.yaml")
        try write(Self.icon("#00ff00"), to: "icons/dot.svg")
        let lines = try LongRun(
            ["render", "plan.yaml", "-o", "out", "--watch", "--theme", "themes/brand.yaml"], in: folder)
        defer { lines.stop() }
        func waitFor(_ needle: String) -> Bool { lines.wait(for: needle) }
        let svg = folder.appendingPathComponent("out/plan.svg")
        XCTAssertTrue(waitFor("render 1: 1 image written"), lines.text)
        let first = try Data(contentsOf: svg)
        try write(
            Self.card.replacingOccurrences(of: "{ title: Kickoff }", with: "{ titel: Kickoff }")
                + "      - { icon: icons/dot.svg }\n", to: "plan.yaml")
        XCTAssertTrue(waitFor("render 2: 1 problem; the last good images are kept"), lines.text)
        XCTAssertTrue(lines.text.contains("plan.yaml:6:11: error: unknown key 'titel'"), lines.text)
        XCTAssertEqual(try Data(contentsOf: svg), first, "the last good image stays")
        try write(
            Self.card.replacingOccurrences(of: "Kickoff", with: "Kickoff moved") + "      - { icon: icons/dot.svg }\n",
            to: "plan.yaml")
        XCTAssertTrue(waitFor("render 3: 1 image written"), lines.text)
        let third = try Data(contentsOf: svg)
        XCTAssertNotEqual(third, first)
        // The theme file and the icon are watched too.
        try write("style: { nodeColor: \"#0000ff\" }\n", to: "themes/brand.yaml")
        XCTAssertTrue(waitFor("render 4: 1 image written"), lines.text)
        let fourth = try Data(contentsOf: svg)
        XCTAssertNotEqual(fourth, third)
        try write(Self.icon("#ff00ff"), to: "icons/dot.svg")
        XCTAssertTrue(waitFor("render 5: 1 image written"), lines.text)
        XCTAssertNotEqual(try Data(contentsOf: svg), fourth)
        XCTAssertTrue(lines.process.isRunning)
    }
}
