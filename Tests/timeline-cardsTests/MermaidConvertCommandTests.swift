import Foundation
import TimelineTestSupport
import XCTest

/// `convert -o FILE` end to end: the YAML written whole through a temporary, never over the input
/// or into a folder; convert's usage naming its own flags only; accDescr as the PDF's subject.
final class MermaidConvertCommandTests: XCTestCase {
    func testConvertWritesTheFileItPrints() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let file = folder.appendingPathComponent("plans/roadmap.yaml")
        let written = try CLIRunner.run(["convert", CLIRunner.fixture("mermaid-sections.mmd"), "-o", file.path])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue(written.stdout.isEmpty, "the YAML goes to the file, not to standard output")
        let printed = try CLIRunner.run(["convert", CLIRunner.fixture("mermaid-sections.mmd")])
        XCTAssertEqual(try Data(contentsOf: file), printed.stdout)
        // Written through a temporary beside it, renamed into place: nothing else is left there.
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path),
            ["roadmap.yaml"])
        let validate = try CLIRunner.run(["validate", file.path])
        XCTAssertEqual(validate.status, 0, validate.stderr)
        // An older file is replaced whole.
        try Data(repeating: 0x41, count: 100_000).write(to: file)
        let again = try CLIRunner.run(["convert", CLIRunner.fixture("mermaid-sections.mmd"), "--output", file.path])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try Data(contentsOf: file), printed.stdout)
    }

    func testAFailedWriteLeavesNothingAndExits3() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let blocker = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let result = try CLIRunner.run([
            "convert", CLIRunner.fixture("mermaid-history.mmd"), "-o", blocker.appendingPathComponent("a.yaml").path,
        ])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("error"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["not-a-folder"])
        XCTAssertEqual(try Data(contentsOf: blocker), Data("x".utf8))
    }

    func testConvertNeverWritesOverItsInputOrIntoAFolder() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let input = folder.appendingPathComponent("roadmap.mmd")
        let text = try Data(contentsOf: URL(fileURLWithPath: CLIRunner.fixture("mermaid-history.mmd")))
        try text.write(to: input)
        let over = try CLIRunner.run(["convert", input.path, "-o", input.path])
        XCTAssertEqual(over.status, 2, over.stderr)
        XCTAssertTrue(over.stderr.contains("-o names the input itself"), over.stderr)
        XCTAssertEqual(try Data(contentsOf: input), text)
        let into = try CLIRunner.run(["convert", input.path, "-o", folder.path])
        XCTAssertEqual(into.status, 2, into.stderr)
        XCTAssertTrue(into.stderr.contains("-o names a folder"), into.stderr)
    }

    func testConvertsUsageListsOnlyItsOwnFlags() throws {
        let help = try CLIRunner.run(["convert", "--help"])
        XCTAssertEqual(help.status, 0)
        let text = String(decoding: help.stdout, as: UTF8.self)
        for own in ["-o, --output", "--input-format", "--max-items", "--max-text", "--max-input-bytes"] {
            XCTAssertTrue(text.contains(own), "\(own) in \(text)")
        }
        for other in ["--shard", "--max-pixels", "--max-output-bytes", "--format", "--scale", "--theme"] {
            XCTAssertFalse(text.contains(other), "\(other) is render's, not convert's")
        }
        let two = try CLIRunner.run(["convert", CLIRunner.fixture("mermaid-history.mmd"), "second.mmd"])
        XCTAssertEqual(two.status, 2, two.stderr)
    }

    func testAccessibleDescriptionIsThePDFsSubject() throws {
        let result = try CLIRunner.run([
            "render", CLIRunner.fixture("mermaid-history.mmd"), "-o", "-", "--format", "pdf",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let pdf = PDFObjects([UInt8](result.stdout)).dictionaries
        XCTAssertTrue(pdf.contains("/Title (Social media history)"), "accTitle is the PDF's title")
        XCTAssertTrue(pdf.contains("/Subject (The years the big social networks began)"), "accDescr its subject")
    }
}

/// A large Mermaid file read under `ulimit -v 1 GiB` in about the memory its YAML twin takes
/// (scripts/mermaid-memory-check.py: peak resident memory of each `validate`, not a timing).
final class MermaidMemoryTests: XCTestCase {
    func testALargeMermaidFileTakesAboutTheMemoryOfItsYAMLTwin() throws {
        let python = "/usr/bin/python3"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: python), "python3 is not installed")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            CLIRunner.root.appendingPathComponent("scripts/mermaid-memory-check.py").path,
            // The script runs the tool within 1 GiB of address space, as `prlimit --as` would.
            try CLIRunner.tool(under: CLIRunner.hostileLimits).path, "2",
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("ratio"), text)
    }
}
