import Foundation
import XCTest

/// Every snippet of README.md and docs/*.md works as written: scripts/doc-snippets.py installs
/// this build with `make install` into a temporary $HOME/.local, runs every shell snippet page by
/// page, validates every timeline document and loads every manifest; the Swift snippets run in
/// the DocSnippetsTests target, generated from the docs and checked here to be current.
final class DocSnippetTests: XCTestCase {
    func python(_ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(
            ["python3", CLIRunner.root.appendingPathComponent("scripts/doc-snippets.py").path] + arguments,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    func testShellSnippetsRun() throws {
        let result = try python(["run", "--bin", CLIRunner.executable.deletingLastPathComponent().path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("doc snippets:"), result.stderr)
    }

    func testGeneratedSwiftSnippetsAreCurrent() throws {
        let result = try python(["check"])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// No page sends readers to files a clone does not have.
    func testDocsStandAlone() throws {
        let docs = CLIRunner.root.appendingPathComponent("docs")
        let pages =
            try [CLIRunner.root.appendingPathComponent("README.md")]
            + FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil).filter {
                $0.pathExtension == "md"
            }
        for page in pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for phrase in ["../shared", "shared folder", "shared/spec", "OWNER/", "issue #"] {
                XCTAssertFalse(text.contains(phrase), "\(page.lastPathComponent) mentions \(phrase)")
            }
            // Relative links point at files of the repository.
            // Links outside code: fenced blocks and inline code dropped first.
            let prose = Self.withoutFencedBlocks(text).replacing(/`[^`\n]*`/, with: "")
            let links = prose.matches(of: /\]\(([^)#:\s]+)(#[^)]*)?\)/).map { String($0.output.1) }
            for link in links where !link.hasPrefix("http") && !link.hasPrefix("<") {
                let target = page.deletingLastPathComponent().appendingPathComponent(link).standardizedFileURL
                XCTAssertTrue(
                    FileManager.default.fileExists(atPath: target.path),
                    "\(page.lastPathComponent) links \(link), which does not exist")
            }
        }
    }

    /// The text outside fenced code blocks (a fence closes on a run of its own character at least as long).
    static func withoutFencedBlocks(_ text: String) -> String {
        var kept: [Substring] = []
        var fence: (character: Character, length: Int)?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            let marker = trimmed.first.flatMap { "`~".contains($0) ? $0 : nil }
            let run = marker.map { character in trimmed.prefix { $0 == character }.count } ?? 0
            if let open = fence {
                if marker == open.character, run >= open.length, trimmed.dropFirst(run).allSatisfy(\.isWhitespace) {
                    fence = nil
                }
            } else if let marker, run >= 3 {
                fence = (marker, run)
            } else {
                kept.append(line)
            }
        }
        return kept.joined(separator: "\n")
    }

    /// docs/cli.md names every flag of every command, and the exit codes.
    func testCommandLineReferenceNamesEveryFlag() throws {
        let reference = try String(contentsOf: CLIRunner.root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let manual = try String(
            contentsOf: CLIRunner.root.appendingPathComponent("docs/man/timeline-cards.1"), encoding: .utf8)
        for command in ["render", "validate", "check", "schema", "themes", "docc-resources"] {
            let help = String(decoding: try CLIRunner.run([command, "--help"]).stdout, as: UTF8.self)
            let flags = Set(help.matches(of: /(?m)^\s+(?:-\w, )?(--[a-z][a-z-]*)/).map { String($0.output.1) })
            XCTAssertFalse(flags.isEmpty && command == "render")
            for flag in flags where !["--help", "--version"].contains(flag) {
                XCTAssertTrue(
                    reference.contains("`\(flag)") || reference.contains(", \(flag)"),
                    "docs/cli.md does not document \(command) \(flag)")
                XCTAssertTrue(
                    manual.contains("Fl \(flag.dropFirst())") || manual.contains(", \(flag.dropFirst())"),
                    "docs/man/timeline-cards.1 lacks \(command) \(flag); run `make man`")
            }
        }
        for code in 0...3 { XCTAssertTrue(reference.contains("| \(code) |"), "exit code \(code)") }
    }
}

/// docs/format.md names every key of the format, as the schema the decoder's tables make lists them.
final class FormatReferenceTests: XCTestCase {
    func testFormatReferenceNamesEveryKey() throws {
        let schema = try JSONSerialization.jsonObject(with: CLIRunner.run(["schema"]).stdout)
        var keys: Set<String> = []
        func walk(_ node: Any) {
            if let object = node as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] { keys.formUnion(properties.keys) }
                object.values.forEach(walk)
            } else if let list = node as? [Any] {
                list.forEach(walk)
            }
        }
        walk(schema)
        XCTAssertGreaterThan(keys.count, 40)
        let reference = try String(contentsOf: CLIRunner.root.appendingPathComponent("docs/format.md"), encoding: .utf8)
        for key in keys.sorted() {
            XCTAssertTrue(
                reference.contains("`\(key)`") || reference.contains(".\(key)`"),
                "docs/format.md does not document '\(key)'")
        }
    }
}
