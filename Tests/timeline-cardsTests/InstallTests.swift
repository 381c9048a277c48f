import Foundation
import XCTest

/// `make install PREFIX=…` and `make uninstall` with this build (INSTALL_FROM: no release build
/// inside the tests), and the installed tool rendering the same bytes from any folder.
final class InstallTests: XCTestCase {
    static let installed = [
        "bin/timeline-cards", "share/man/man1/timeline-cards.1",
        "share/bash-completion/completions/timeline-cards", "share/zsh/site-functions/_timeline-cards",
        "share/fish/vendor_completions.d/timeline-cards.fish", "share/timeline-cards/Fonts/Inter-Regular.ttf",
    ]

    func make(_ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(
            ["make", "--no-print-directory", "-C", CLIRunner.root.path] + arguments,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    func testInstallRendersTheSameBytesFromAnyFolderAndUninstallRemovesAll() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prefix = folder.appendingPathComponent("prefix")
        let install = try make([
            "install", "PREFIX=\(prefix.path)", "INSTALL_FROM=\(CLIRunner.executable.deletingLastPathComponent().path)",
        ])
        XCTAssertEqual(install.status, 0, install.stderr)
        let fonts = try FileManager.default.contentsOfDirectory(
            atPath: prefix.appendingPathComponent("share/timeline-cards/Fonts").path)
        for file in Self.installed where !file.hasSuffix(".ttf") || !fonts.isEmpty {
            if file.hasSuffix(".ttf") { continue }
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), file)
        }
        XCTAssertFalse(fonts.isEmpty, "fonts installed")
        let bash = try String(
            contentsOf: prefix.appendingPathComponent("share/bash-completion/completions/timeline-cards"),
            encoding: .utf8)
        XCTAssertTrue(bash.contains("render"), "a bash completion script")

        let input = CLIRunner.fixture("scripts.yaml")
        let tool = prefix.appendingPathComponent("bin/timeline-cards")
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        for format in ["svg", "png", "pdf"] {
            let built = try CLIRunner.run(["render", input, "-o", "-", "--format", format])
            let fromInstall = try CLIRunner.run(
                ["render", input, "-o", "-", "--format", format], directory: elsewhere, executable: tool)
            XCTAssertEqual(fromInstall.status, 0, fromInstall.stderr)
            XCTAssertEqual(fromInstall.stdout, built.stdout, "\(format) from the installed tool in another folder")
            let root = try CLIRunner.run(
                ["render", input, "-o", "-", "--format", format],
                directory: URL(fileURLWithPath: "/"), executable: tool)
            XCTAssertEqual(root.stdout, built.stdout, "\(format) from /")
        }

        #if os(Linux)
        // The fonts it maps are the installed ones, not the source tree's.
        let mapped = try Self.fontFilesMapped(by: tool, rendering: input, in: elsewhere)
        XCTAssertFalse(mapped.isEmpty)
        XCTAssertTrue(
            mapped.allSatisfy { $0.hasPrefix(prefix.appendingPathComponent("share/timeline-cards/Fonts").path) },
            "\(mapped)")
        #endif

        let uninstall = try make(["uninstall", "PREFIX=\(prefix.path)"])
        XCTAssertEqual(uninstall.status, 0, uninstall.stderr)
        let left =
            FileManager.default.enumerator(atPath: prefix.path)?.compactMap { $0 as? String }
            .filter { !Folders.isDirectory(prefix.appendingPathComponent($0).path) } ?? []
        XCTAssertEqual(left, [], "uninstall leaves no file")
    }
}

extension InstallTests {
    /// The font files a running `render --watch` of `tool` has mapped (from /proc/PID/maps).
    static func fontFilesMapped(by tool: URL, rendering input: String, in folder: URL) throws -> Set<String> {
        let process = Process()
        process.executableURL = tool
        process.arguments = ["render", input, "-o", folder.appendingPathComponent("watched").path, "--watch"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        var text = ""
        while !text.contains("render 1:") {
            let data = errors.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        let maps = try procFile("/proc/\(process.processIdentifier)/maps")
        return Set(
            maps.split(separator: "\n").compactMap { line in
                line.split(separator: " ").last.map(String.init).flatMap {
                    $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") ? $0 : nil
                }
            })
    }
}

extension InstallTests {
    /// The whole of a file in /proc, read to its end: `String(contentsOfFile:)` reads the size the
    /// file states, which /proc gives as 0, and stops after one page (4 KiB). Under ThreadSanitizer,
    /// whose shadow memory adds mappings, a tool's fonts are listed beyond the first page of its maps.
    static func procFile(_ path: String) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    }

    #if os(Linux) && arch(x86_64)
    /// All of this process's maps, beyond the first page, to the last mapping an x86-64 Linux
    /// lists: the vsyscall page.
    func testProcFilesAreReadToTheirEnd() throws {
        let maps = try Self.procFile("/proc/self/maps")
        XCTAssertGreaterThan(maps.utf8.count, 4096, "this process maps more than a page lists")
        XCTAssertTrue(maps.hasSuffix("[vsyscall]\n"), String(maps.suffix(200)))
    }
    #endif
}

/// The GitHub Action's steps (scripts/ci-check.sh), run as the action runs them, and its problem matcher.
final class ActionScriptTests: XCTestCase {
    func runScript(_ environment: [String: String], in folder: URL) throws -> CLIRunner.Result {
        var env = ProcessInfo.processInfo.environment
        env["TIMELINE_CARDS_FROM"] = CLIRunner.executable.deletingLastPathComponent().path
        env["INPUT_PREFIX"] = folder.appendingPathComponent("prefix").path
        env["GITHUB_OUTPUT"] = folder.appendingPathComponent("github-output").path
        env["GITHUB_PATH"] = folder.appendingPathComponent("github-path").path
        env.removeValue(forKey: "GITHUB_ACTION_PATH")
        env.merge(environment) { $1 }
        return try CLIRunner.run(
            [CLIRunner.root.appendingPathComponent("scripts/ci-check.sh").path], directory: folder,
            environment: env, executable: URL(fileURLWithPath: "/bin/bash"))
    }

    func matchers() throws -> [(regex: NSRegularExpression, file: Int)] {
        let data = try Data(contentsOf: CLIRunner.root.appendingPathComponent(".github/timeline-cards-matcher.json"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let list = try XCTUnwrap(json["problemMatcher"] as? [[String: Any]])
        return try list.map { matcher in
            let pattern = try XCTUnwrap((matcher["pattern"] as? [[String: Any]])?.first)
            return (
                try NSRegularExpression(pattern: try XCTUnwrap(pattern["regexp"] as? String)),
                try XCTUnwrap(pattern["file"] as? Int)
            )
        }
    }

    func matchedFiles(_ text: String) throws -> [String] {
        let matchers = try matchers()
        return text.split(separator: "\n").compactMap { line in
            let line = String(line)
            for (regex, file) in matchers {
                if let match = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                    let range = Range(match.range(at: file), in: line)
                {
                    return String(line[range])
                }
            }
            return nil
        }
    }

    func testActionChecksRegistersTheMatcherAndFails() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let passing = try runScript(
            [
                "INPUT_INPUTS": CLIRunner.fixture("plain.yaml") + " " + CLIRunner.fixture("groups.yaml"),
                "INPUT_EXPECTED": CLIRunner.root.appendingPathComponent("fixtures/expected").path,
                "INPUT_ARGS": "--tolerance 1",
            ], in: folder)
        XCTAssertEqual(passing.status, 0, passing.stderr)
        let output = String(decoding: passing.stdout, as: UTF8.self)
        XCTAssertTrue(
            output.contains("::add-matcher::\(CLIRunner.root.path)/.github/timeline-cards-matcher.json"), output)
        XCTAssertTrue(output.contains("::remove-matcher owner=timeline-cards::"), output)
        XCTAssertTrue(
            try String(contentsOf: folder.appendingPathComponent("github-path"), encoding: .utf8).contains(
                "/prefix/bin"))

        // A mismatch and a bad input: exit 1 or 2, and every problem line is one the matcher annotates.
        let goldens = folder.appendingPathComponent("goldens")
        try FileManager.default.createDirectory(
            at: goldens.appendingPathComponent("plain"), withIntermediateDirectories: true)
        try Data("<svg/>".utf8).write(to: goldens.appendingPathComponent("plain/plain.svg"))
        let failing = try runScript(
            [
                "INPUT_INPUTS": CLIRunner.fixture("plain.yaml"), "INPUT_EXPECTED": goldens.path,
                "INPUT_ARGS": "--format svg",
            ], in: folder)
        XCTAssertEqual(failing.status, 1, failing.stderr)
        XCTAssertEqual(
            try matchedFiles(failing.stderr), [goldens.appendingPathComponent("plain/plain.svg").path], failing.stderr)

        try Data("version: 1\ncards:\n  - items: [{ titel: x }]\n".utf8).write(
            to: folder.appendingPathComponent("bad.yaml"))
        let bad = try runScript(["INPUT_INPUTS": "bad.yaml", "INPUT_EXPECTED": goldens.path], in: folder)
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertTrue(try matchedFiles(bad.stderr).allSatisfy { $0 == "bad.yaml" })
        XCTAssertFalse(try matchedFiles(bad.stderr).isEmpty, bad.stderr)
    }

    /// The inputs are split on spaces but never globbed, and `--` comes before them: a file named
    /// `--theme=x.yaml` is an input, and `*.yaml` names no file. The diff folder is made fresh and
    /// never followed through a link planted at its name.
    func testActionNeitherGlobsNorTakesInputsForFlagsNorFollowsALinkedDiffFolder() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let card = "version: 1\ncards:\n  - id: c\n    items: [{title: a}]\n"
        try CLIRunner.write(card, "--theme=x.yaml", in: folder)
        try CLIRunner.write(card, "other.yaml", in: folder)
        let recorded = try runScript(
            [
                "INPUT_INPUTS": "--theme=x.yaml  \t", "INPUT_EXPECTED": "gold",
                "INPUT_ARGS": "--record --format svg",
            ], in: folder)
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("gold/--theme=x/c.svg").path),
            recorded.stderr)
        let globbed = try runScript(["INPUT_INPUTS": "*.yaml", "INPUT_EXPECTED": "gold"], in: folder)
        XCTAssertEqual(globbed.status, 3, globbed.stderr)
        XCTAssertTrue(globbed.stderr.contains("*.yaml: error: cannot read: no such file or folder"), globbed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("gold/other").path))

        // A link planted where the diff folder goes, or above it: refused, nothing written through it.
        let elsewhere = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("timeline-diffs")) // the runs' own
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("timeline-diffs").path, withDestinationPath: elsewhere.path)
        try CLIRunner.write("<svg/>", "gold/--theme=x/c.svg", in: folder)
        for diff in ["timeline-diffs", "timeline-diffs/sub"] {
            let linked = try runScript(
                ["INPUT_INPUTS": "--theme=x.yaml", "INPUT_EXPECTED": "gold", "INPUT_DIFF": diff], in: folder)
            XCTAssertEqual(linked.status, 2, linked.stderr)
            XCTAssertTrue(linked.stderr.contains("./timeline-diffs is a link"), linked.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [])
        }
        // A real folder of earlier diffs is replaced; one holding anything else is left alone.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("timeline-diffs"))
        try CLIRunner.write("old", "timeline-diffs/stale.diff.png", in: folder)
        let fresh = try runScript(["INPUT_INPUTS": "--theme=x.yaml", "INPUT_EXPECTED": "gold"], in: folder)
        XCTAssertEqual(fresh.status, 1, fresh.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("timeline-diffs/stale.diff.png").path))
        try CLIRunner.write("mine", "timeline-diffs/notes.txt", in: folder)
        let foreign = try runScript(["INPUT_INPUTS": "--theme=x.yaml", "INPUT_EXPECTED": "gold"], in: folder)
        XCTAssertEqual(foreign.status, 2, foreign.stderr)
        XCTAssertTrue(foreign.stderr.contains("is not a diff image"), foreign.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("timeline-diffs/notes.txt").path))
    }

    func testActionRunsTheScript() throws {
        let action = try String(contentsOf: CLIRunner.root.appendingPathComponent("action.yml"), encoding: .utf8)
        XCTAssertTrue(action.contains("using: composite"))
        XCTAssertTrue(action.contains("run: \"$GITHUB_ACTION_PATH/scripts/ci-check.sh\""))
        for input in ["inputs", "expected", "diff", "args", "deb", "tarball"] {
            XCTAssertTrue(action.contains("INPUT_\(input.uppercased()): ${{ inputs.\(input) }}"), input)
        }
    }
}

enum Folders {
    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// The workflow docs/ci.md shows is the one this repository runs, but for what only a user's copy
/// has: the action's address and the paths of the timelines and their goldens.
final class DocumentedWorkflowTests: XCTestCase {
    static let substitutions = [
        ("uses: your-org/timeline-cards@main", "uses: ./"), ("inputs: timelines/", "inputs: fixtures/demo.yaml"),
        ("expected: goldens", "expected: fixtures/expected"),
    ]

    func testTheRepositoryRunsTheDocumentedWorkflow() throws {
        let docs = try String(contentsOf: CLIRunner.root.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        let marker = try XCTUnwrap(docs.range(of: "<!-- snippet: syntax (a GitHub workflow;"))
        let start = try XCTUnwrap(docs.range(of: "```yaml\n", range: marker.upperBound..<docs.endIndex))
        let end = try XCTUnwrap(docs.range(of: "```\n", range: start.upperBound..<docs.endIndex))
        var documented = String(docs[start.upperBound..<end.lowerBound])
        for (user, repository) in Self.substitutions {
            XCTAssertTrue(documented.contains(user), user)
            documented = documented.replacingOccurrences(of: user, with: repository)
        }
        let workflow = try String(
            contentsOf: CLIRunner.root.appendingPathComponent(".github/workflows/timelines.yml"), encoding: .utf8)
        XCTAssertEqual(workflow, documented)
    }
}
