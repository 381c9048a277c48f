import Foundation
import XCTest

/// Mermaid timelines end to end: `.mmd` files rendered, validated and checked; `convert` and its
/// YAML; other diagrams refused; ```mermaid blocks in a Markdown page.
final class MermaidCommandTests: XCTestCase {
    func testRenderAMermaidFileInEveryFormat() throws {
        let out = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run([
            "render", CLIRunner.fixture("mermaid-history.mmd"), "-o", out.path,
            "--format", "svg", "--format", "png", "--format", "pdf",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        XCTAssertEqual(files, ["mermaid-history.pdf", "mermaid-history.png", "mermaid-history.svg"])
        let svg = try String(contentsOf: out.appendingPathComponent("mermaid-history.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains(">Social media history</title>"), "accTitle is the SVG's title")
        XCTAssertTrue(svg.contains("Social media history — The years the big social networks began"), "accDescr")
    }

    func testValidateAndCheckTakeMermaidFilesAndFolders() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let text = try String(contentsOfFile: CLIRunner.fixture("mermaid-plain.mmd"), encoding: .utf8)
        try text.write(to: folder.appendingPathComponent("plan.mmd"), atomically: true, encoding: .utf8)
        let validate = try CLIRunner.run(["validate", folder.path])
        XCTAssertEqual(validate.status, 0, validate.stderr)
        let check = try CLIRunner.run([
            "check", CLIRunner.fixture("mermaid-dark.mmd"), "--expected",
            CLIRunner.root.appendingPathComponent("fixtures/expected").path,
        ])
        XCTAssertEqual(check.status, 0, check.stderr)
    }

    func testAnotherDiagramIsRefusedWithExit2() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let file = folder.appendingPathComponent("flow.mmd")
        try "%% a flowchart\nflowchart LR\n  A --> B\n".write(to: file, atomically: true, encoding: .utf8)
        for arguments in [["render", file.path, "-o", folder.path], ["validate", file.path]] {
            let result = try CLIRunner.run(arguments)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(
                result.stderr.contains(
                    "flow.mmd:2:1: error: only Mermaid timeline diagrams are read; this diagram is 'flowchart'"),
                result.stderr)
        }
    }

    func testErrorsAreListedAtTheirPlaces() throws {
        let result = try CLIRunner.run(["validate", "-"], stdin: Data("timeline\n  : orphan\n  2020 : a :\n".utf8))
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.stderr.split(separator: "\n"),
            [
                "<stdin>:2:3: error: ': event' continues a time period, but no period comes before it",
                "<stdin>:3:12: error: the event after ':' is empty",
            ])
    }

    func testConvertWritesYAMLThatValidatesAndRendersTheSameText() throws {
        let folder = try CLIRunner.temporaryDirectory()
        for name in ["mermaid-history", "mermaid-sections", "mermaid-dark", "mermaid-plain"] {
            let convert = try CLIRunner.run(["convert", CLIRunner.fixture("\(name).mmd")])
            XCTAssertEqual(convert.status, 0, convert.stderr)
            let yaml = folder.appendingPathComponent("\(name).yaml")
            try convert.stdout.write(to: yaml)
            let validate = try CLIRunner.run(["validate", yaml.path])
            XCTAssertEqual(validate.status, 0, validate.stderr)
            let fromYAML = try CLIRunner.run(["render", yaml.path, "-o", "-", "--format", "png"])
            let fromMermaid = try CLIRunner.run([
                "render", CLIRunner.fixture("\(name).mmd"), "-o", "-", "--format", "png",
            ])
            XCTAssertEqual(fromYAML.status, 0, fromYAML.stderr)
            XCTAssertEqual(fromYAML.stdout, fromMermaid.stdout, "\(name): the same picture")
        }
        let refused = try CLIRunner.run(["convert", CLIRunner.fixture("plain.yaml")])
        XCTAssertEqual(refused.status, 2)
    }

    func testVerboseNotesWhatIsNotUsed() throws {
        let out = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["render", CLIRunner.fixture("mermaid-plain.mmd"), "-o", out.path, "--verbose"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("mermaid-plain.mmd:4:3: note: 'look' is not used"), result.stderr)
        let quiet = try CLIRunner.run(["render", CLIRunner.fixture("mermaid-plain.mmd"), "-o", out.path])
        XCTAssertFalse(quiet.stderr.contains("note:"), quiet.stderr)
    }

    func testAPageRendersItsTimelineBlockAndKeepsItsFlowchart() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let flowchart = "```mermaid\nflowchart LR\n  A --> B\n```"
        let page = """
            # Plan

            ```mermaid
            %%{init: {"look": "handDrawn"}}%%
            timeline TD
                title Plan
                2026 : Start
            ```

            \(flowchart)
            """
        let input = folder.appendingPathComponent("page.md")
        try page.write(to: input, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out/page.md")
        let result = try CLIRunner.run(["render", input.path, "-o", output.path, "--format", "png", "--verbose"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let written = try String(contentsOf: output, encoding: .utf8)
        // A Mermaid timeline's card is named after the page (`page`), and its image so.
        XCTAssertEqual(written, "# Plan\n\n![Plan](page.png)\n\n\(flowchart)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/page.png").path))
        XCTAssertTrue(result.stderr.contains("page.md:4:11: note: 'look' is not used"), result.stderr)

        try page.replacingOccurrences(of: "2026 : Start", with: "2026 : Start :").write(
            to: input, atomically: true, encoding: .utf8)
        let bad = try CLIRunner.run(["validate", input.path])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("page.md:7:18: error: the event after ':' is empty"), bad.stderr)
    }
}
