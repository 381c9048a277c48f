import Foundation
import XCTest

/// The bash completion offers what a user types next: timeline files and folders for inputs, theme
/// names and theme files (not timelines) for `--theme`; and the man page's EXAMPLES use flags that exist.
final class CompletionTests: XCTestCase {
    /// What bash offers for `line` (the word being typed last), in `folder`, with the tool on PATH.
    func offers(_ line: String, in folder: URL) throws -> [String] {
        let script = try CLIRunner.run(["--generate-completion-script", "bash"])
        let scriptFile = folder.appendingPathComponent("completion.bash")
        try script.stdout.write(to: scriptFile)
        var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let current = words.last ?? ""
        let previous = words.count > 1 ? words[words.count - 2] : ""
        words = words.map { "'\($0)'" }
        let bash = """
            source completion.bash
            COMP_WORDS=(\(words.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
            _timeline-cards timeline-cards '\(current)' '\(previous)'
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = CLIRunner.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        let result = try CLIRunner.run(
            ["-c", bash], directory: folder, environment: environment, executable: URL(fileURLWithPath: "/bin/bash"))
        XCTAssertEqual(result.status, 0, result.stderr)
        return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }

    func testInputsAndThemesComplete() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in ["plan.txt", "notes.md", "road.mmd"] {
            try Data().write(to: folder.appendingPathComponent(file))
        }
        // Theme files are offered for --theme; timelines, whatever they style, and other files are not.
        let contents = [
            "plan.yaml": "version: 1\ncards:\n  - items: [{ title: a }]\n    style: { accent: red }\n",
            "brand.json": "{\"style\": {\"accent\": \"#c00\"}, \"feed\": {}}\n",
            "ocean.yml": "# the sea\nstyle:\n  accent: navy\n",
            "timeline.json": "{\n  \"version\": 1,\n  \"style\": {},\n  \"cards\": []\n}\n",
        ]
        for (file, text) in contents { try Data(text.utf8).write(to: folder.appendingPathComponent(file)) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("plans"), withIntermediateDirectories: true)
        XCTAssertEqual(try offers("timeline-cards render pl", in: folder), ["plan.yaml", "plans"])
        XCTAssertEqual(
            try offers("timeline-cards check ", in: folder),
            ["brand.json", "notes.md", "ocean.yml", "plan.yaml", "plans", "road.mmd", "timeline.json"])
        XCTAssertEqual(
            try offers("timeline-cards render plan.yaml --theme ", in: folder),
            ["auto", "brand.json", "dark", "default", "fiori", "mono", "ocean.yml"])
        XCTAssertEqual(try offers("timeline-cards render plan.yaml --theme d", in: folder), ["dark", "default"])
    }

    /// A file name is offered, never run: bash's `compgen -W` expands what it is given.
    func testAThemeFileNamedLikeCodeIsNotRun() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in ["$(touch PWNED).yaml", "b`touch PWNED2`.yaml", "x$HOME.yaml", "two words.json"] {
            let theme = file.hasSuffix(".json") ? "{\"style\": {}}" : "style: {}\n"
            try Data(theme.utf8).write(to: folder.appendingPathComponent(file))
        }
        let offered = try offers("timeline-cards render plan.yaml --theme ", in: folder)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("PWNED").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("PWNED2").path))
        for name in ["$(touch PWNED).yaml", "b`touch PWNED2`.yaml", "x$HOME.yaml", "two words.json"] {
            XCTAssertTrue(offered.contains(name), "\(name) in \(offered)")
        }
    }

    func testManPageExamplesUseFlagsThatExist() throws {
        let page = try String(
            contentsOf: CLIRunner.root.appendingPathComponent("docs/man/timeline-cards.1"), encoding: .utf8)
        let examples = try XCTUnwrap(page.range(of: ".Sh EXAMPLES")).upperBound
        let commands = page[examples...].split(separator: "\n").filter { $0.hasPrefix(".Dl ") }
        XCTAssertGreaterThanOrEqual(commands.count, 6)
        for command in commands {
            let words = command.split(separator: " ").map(String.init)
            let tool = try XCTUnwrap(words.firstIndex(of: "timeline-cards"), String(command))
            let subcommand = words[tool + 1]
            let help = try CLIRunner.run([subcommand, "--help"])
            XCTAssertEqual(help.status, 0, "\(command): \(help.stderr)")
            let text = String(decoding: help.stdout, as: UTF8.self)
            for flag in words.dropFirst(tool + 2) where flag.hasPrefix("-") && flag.count > 1 {
                XCTAssertTrue(text.contains(flag), "\(command): \(subcommand) has no \(flag)")
            }
        }
    }
}
