import Foundation
import XCTest

/// `render`, `check` and `validate` are parsed on their own when named first; what only the root
/// command answers (the version, completion scripts, usage naming the whole tool) must not change.
final class SubcommandParsingTests: XCTestCase {
    func testRootFlagsStillAnswerAfterASubcommand() throws {
        for command in ["render", "check", "validate"] {
            let version = try CLIRunner.run([command, "--version"])
            XCTAssertEqual(version.status, 0, version.stderr)
            // The version, then the commit of this repository the build is made from.
            let printed = String(decoding: version.stdout, as: UTF8.self)
            let prefix = try Self.changelogVersion() + " (commit "
            XCTAssertTrue(printed.hasPrefix(prefix) && printed.hasSuffix(")\n"), "\(command) --version: \(printed)")
            let commit = String(printed.dropFirst(prefix.count).dropLast(2))
            XCTAssertEqual(commit.count, 12, printed)
            XCTAssertTrue(try isCommit(commit), "\(commit) is no commit of this repository")

            let script = try CLIRunner.run([command, "--generate-completion-script", "bash"])
            XCTAssertEqual(script.status, 0, script.stderr)
            XCTAssertTrue(String(decoding: script.stdout, as: UTF8.self).hasPrefix("#!/bin/bash"), command)

            let help = try CLIRunner.run([command, "--help"])
            XCTAssertEqual(help.status, 0, help.stderr)
            XCTAssertTrue(
                String(decoding: help.stdout, as: UTF8.self).contains("USAGE: timeline-cards \(command) "), command)
        }
    }

    /// Whether `commit` names a commit of this repository.
    func isCommit(_ commit: String) throws -> Bool {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", CLIRunner.root.path, "cat-file", "-e", commit + "^{commit}"]
        git.standardError = FileHandle.nullDevice
        try git.run()
        git.waitUntilExit()
        return git.terminationStatus == 0
    }

    /// Without .git, the commit comes from .commit when `git archive` filled it in, and is left out
    /// of `--version` when it is not known.
    func testTheCommitScriptReadsAnArchivesCommitAndOtherwiseNone() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func generated(commitFile: String?) throws -> String {
            let tree = folder.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
            if let commitFile { try Data(commitFile.utf8).write(to: tree.appendingPathComponent(".commit")) }
            let script = Process()
            script.executableURL = URL(fileURLWithPath: "/bin/sh")
            let out = tree.appendingPathComponent("out")
            script.arguments = [
                CLIRunner.root.appendingPathComponent("scripts/build-commit.sh").path, tree.path, out.path,
            ]
            try script.run()
            script.waitUntilExit()
            XCTAssertEqual(script.terminationStatus, 0)
            return try String(contentsOf: out.appendingPathComponent("BuildCommit.swift"), encoding: .utf8)
        }
        let sha = "0123456789abcdef0123456789abcdef01234567"
        XCTAssertTrue(try generated(commitFile: sha + "\n").hasSuffix("let buildCommit: String? = \"0123456789ab\"\n"))
        XCTAssertTrue(try generated(commitFile: "$Format:%H$\n").hasSuffix("let buildCommit: String? = nil\n"))
        XCTAssertTrue(try generated(commitFile: nil).hasSuffix("let buildCommit: String? = nil\n"))
    }

    /// The newest versioned heading of CHANGELOG.md (`## 0.1.0 (…)`; `## Unreleased` is skipped):
    /// `--version` must print it, so a release cannot ship a version its changelog does not name.
    static func changelogVersion() throws -> String {
        let changelog = try String(contentsOf: CLIRunner.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        for line in changelog.split(separator: "\n") where line.hasPrefix("## ") {
            let word = line.dropFirst(3).prefix { !$0.isWhitespace }
            if word.first?.isNumber == true { return String(word) }
        }
        XCTFail("CHANGELOG.md has no heading naming a version")
        return ""
    }

    func testAMistakeAfterASubcommandIsReportedByTheWholeTool() throws {
        let result = try CLIRunner.run(["render", CLIRunner.fixture("demo.yaml"), "--jobs", "0"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.stderr,
            "error: --jobs must be at least 1\nUsage: timeline-cards render [<options>] <inputs> ...\n"
                + "  See 'timeline-cards render --help' for more information.\n")
    }

    /// A file the tool does not read, named on the command line, is a usage mistake (exit 2), not
    /// an I/O failure; every error is written `error:`, ArgumentParser's own too.
    func testAnInputOfAnotherKindIsAUsageMistake() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try CLIRunner.write("plan\n", "plan.txt", in: folder)
        for command in ["render", "validate"] {
            let result = try CLIRunner.run([command, "plan.txt"], directory: folder)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertEqual(result.stderr, "plan.txt: error: not a .yaml, .yml, .json or .mmd file\n")
        }
        let scale = try CLIRunner.run(["render", "plan.yaml", "--scale", "0"], directory: folder)
        XCTAssertTrue(scale.stderr.hasPrefix("error: --scale"), scale.stderr)
    }
}
