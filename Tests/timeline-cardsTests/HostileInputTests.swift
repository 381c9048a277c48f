import Foundation
import TimelineTestSupport
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Broken and hostile inputs end to end: every problem at once as
/// `file:line:column: error: message`, exit 2, no hang, and no output file created or changed.
/// (How fast they are refused is measured by `make bench`-style runs, not asserted here: tests
/// carry no wall-clock targets, only a generous limit that catches a hang.)
final class HostileInputTests: XCTestCase {
    /// Longer than this is a hang, not a slow machine.
    static let hangLimit: TimeInterval = 30
    static let earlierImage = Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n".utf8)

    /// A folder for the input, with an `out` folder that already holds one image.
    private func workspace() throws -> URL {
        let folder = try CLIRunner.temporaryDirectory()
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Self.earlierImage.write(to: out.appendingPathComponent("earlier.svg"))
        return folder
    }

    /// Renders `bytes` saved as `name` and checks the bad-input contract; `expected` are the
    /// messages after `name:`, each `line:column: error: message` (or a part of one). `beside`
    /// puts other files in the input's folder first.
    @discardableResult
    private func assertRejected(
        _ bytes: Data, name: String = "input.yaml", arguments: [String] = [], hangLimit: TimeInterval = hangLimit,
        beside: (URL) throws -> Void = { _ in },
        _ expected: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
        let folder = try workspace()
        try beside(folder)
        try bytes.write(to: folder.appendingPathComponent(name))
        let start = Date()
        let result = try CLIRunner.run(
            ["render", name, "-o", "out", "--format", "svg", "--format", "png"] + arguments,
            directory: folder)
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertEqual(result.status, 2, result.stderr, file: file, line: line)
        let problems = result.stderr.split(separator: "\n").map(String.init)
        for message in expected {
            // `line:column: error: …` must start a problem; a fragment may stand anywhere in one.
            let found =
                message.first?.isNumber == true
                ? problems.contains { $0.hasPrefix("\(name):\(message)") }
                : problems.contains { $0.contains(message) }
            XCTAssertTrue(found, "missing '\(message)' in:\n\(result.stderr)", file: file, line: line)
        }
        XCTAssertFalse(problems.isEmpty, "refused without a message", file: file, line: line)
        for problem in problems {
            XCTAssertTrue(
                Self.isLocated(problem, in: name), "not file:line:column: error: \(problem)", file: file, line: line)
        }
        XCTAssertTrue(result.stdout.isEmpty, file: file, line: line)
        XCTAssertLessThan(elapsed, hangLimit, "took \(elapsed) s: a hang", file: file, line: line)
        let out = folder.appendingPathComponent("out")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: out.path), ["earlier.svg"], file: file, line: line)
        XCTAssertEqual(
            try Data(contentsOf: out.appendingPathComponent("earlier.svg")), Self.earlierImage, file: file, line: line)
        return result.stderr
    }

    @discardableResult
    private func assertRejected(
        _ text: String, name: String = "input.yaml", arguments: [String] = [], hangLimit: TimeInterval = hangLimit,
        beside: (URL) throws -> Void = { _ in },
        _ expected: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
        try assertRejected(
            Data(text.utf8), name: name, arguments: arguments, hangLimit: hangLimit, beside: beside, expected,
            file: file, line: line)
    }

    /// Renders `text` and expects success; returns the output folder.
    @discardableResult
    private func assertRenders(
        _ text: String, name: String = "input.yaml", arguments: [String] = ["--format", "svg"],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> URL {
        let folder = try workspace()
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        let result = try CLIRunner.run(["render", name, "-o", "out"] + arguments, directory: folder)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return folder.appendingPathComponent("out")
    }

    /// `name:LINE:COLUMN: error: message`.
    static func isLocated(_ problem: String, in name: String) -> Bool {
        guard problem.hasPrefix(name + ":") else { return false }
        let parts = problem.dropFirst(name.count + 1).split(separator: ":", maxSplits: 2)
        return parts.count == 3 && Int(parts[0]) != nil && Int(parts[1]) != nil && parts[2].hasPrefix(" error: ")
    }

    static let oneItem = "version: 1\ncards:\n  - items:\n      - title: a\n"

    // MARK: Fixtures

    func testEveryHostileFixtureIsRefused() throws {
        let folder = CLIRunner.root.appendingPathComponent("fixtures/hostile")
        let readme = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
        // icons/ holds hostile icon files with the documents naming them (HostileIconTests).
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0 != "README.md" && $0 != "icons"
        }.sorted()
        XCTAssertGreaterThan(names.count, 10)
        for name in names {
            XCTAssertTrue(readme.contains("- `\(name)`: "), "fixtures/hostile/README.md says nothing about \(name)")
            try assertRejected(try Data(contentsOf: folder.appendingPathComponent(name)), name: name, [])
        }
    }

    // MARK: Syntax

    func testYAMLSyntaxErrorIsLocated() throws {
        try assertRejected("version: 1\ncards:\n  - items: [a, b\n    title: x\n", ["4:10: error: syntax error"])
    }

    func testJSONTrailingCommaIsLocated() throws {
        try assertRejected(
            "{\n  \"version\": 1,\n  \"cards\": [{\"items\": [{\"title\": \"a\",}]}]\n}\n", name: "input.json",
            ["3:38: error: JSON syntax error: trailing comma before '}'"])
    }

    func testJSONOnlyStrictJSONIsAccepted() throws {
        try assertRejected(
            "{\"version\": 1,\n \"cards\": [{'items': []}]}", name: "input.json",
            ["2:13: error: JSON syntax error: expected a key in double quotes, found '''"])
        try assertRejected(
            "{\"version\": 1, \"cards\": [{\"items\": [{\"title\": \"a\"}]}]}\n# comment\n", name: "input.json",
            ["2:1: error: JSON syntax error: unexpected '#' after the end of the JSON value"])
        try assertRejected(
            "{\"version\": 01, \"cards\": []}", name: "input.json",
            ["1:13: error: JSON syntax error: numbers may not start with 0"])
        try assertRejected(
            "{\"version\": 1,\n \"cards\": [\n", name: "input.json",
            ["2:11: error: JSON syntax error: this '[' is never closed"])
    }

    // MARK: Every problem at once

    func testEveryProblemIsListedAtOnceWithPathsAndSuggestions() throws {
        let yaml = """
            version: 1
            cards:
              - titel: Release
                layout: tim
                style: { width: wide, nodeColor: "#12345", lineColor: reed }
                items:
                  - title: Kickoff
                    staus: open
                    status: opn
                    date: 2026-13-01
                    shape: cirle
                  - title: ""

            """
        try assertRejected(
            yaml,
            [
                "3:5: error: unknown key 'titel' in cards[0] (did you mean 'title'?)",
                "4:13: error: cards[0].layout: 'tim' is not one of list, time, preview (did you mean 'time'?)",
                "5:21: error: cards[0].style.width: expected a number, found 'wide'",
                "5:38: error: cards[0].style.nodeColor: '#12345' is not a color",
                "5:59: error: cards[0].style.lineColor: 'reed' is not a color; use #rgb, #rrggbb, #rrggbbaa or a CSS "
                    + "color name (did you mean 'red'?)",
                "8:9: error: unknown key 'staus' in cards[0].items[0] (did you mean 'status'?)",
                "9:17: error: cards[0].items[0].status: 'opn' is not one of",
                "10:15: error: cards[0].items[0].date: '2026-13-01' is not a date: there is no month 13",
                "11:16: error: cards[0].items[0].shape: 'cirle' is not one of circle, square, diamond, hexagon, ring, "
                    + "none (did you mean 'circle'?)",
                "12:16: error: cards[0].items[1].title: must not be empty",
            ])
    }

    func testWrongTypesAreNamed() throws {
        try assertRejected("version: 1\ncards:\n  items: []\n", ["3:3: error: cards: expected a list, found a mapping"])
        try assertRejected(
            "version: 1\ncards:\n  - items:\n      - title: [a]\n",
            ["4:16: error: cards[0].items[0].title: expected text, found a list"])
        try assertRejected(
            "version: 1\ncards:\n  - style: {shapeSize: \"12\"}\n    items: [{title: a}]\n",
            ["3:24: error: cards[0].style.shapeSize: expected a number, found the quoted text '12'"])
    }

    func testVersionMustBeOne() throws {
        try assertRejected(
            "version: 2\ncards:\n  - items: [{title: a}]\n",
            ["1:10: error: version: 2 is not supported; this tool reads version 1"])
        try assertRejected(
            "cards:\n  - items: [{title: a}]\n", ["1:1: error: document: missing required key 'version'"])
    }

    func testEmptyDocumentsAreRefused() throws {
        for text in ["", "\n  \n\t\n", "# only a comment\n", "---\n", "\u{FEFF}"] {
            try assertRejected(text, ["1:1: error: the file is empty"])
        }
        try assertRejected("null\n", ["1:1: error: the document is null"])
    }

    func testNoCardsAndEmptyTitlesAreRefused() throws {
        try assertRejected("version: 1\ncards: []\n", ["2:8: error: cards: a timeline needs at least one card"])
        try assertRejected(
            "version: 1\ncards:\n  - title: \"  \"\n    items: [{title: a}]\n",
            ["3:12: error: cards[0].title: must not be empty"])
    }

    // MARK: Bytes that are not text

    func testBinaryGarbageIsRefused() throws {
        var generator = SeededGenerator(seed: 6)
        let garbage = Data((0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        try assertRejected(garbage, ["error: the file"])
    }

    func testNULByteIsLocated() throws {
        try assertRejected(
            Data("version: 1\ncards:\n  - items: [{title: \"a\0b\"}]\n".utf8),
            ["3:23: error: the file contains a NUL byte; it is binary data, not YAML or JSON text"])
    }

    func testInvalidUTF8IsLocated() throws {
        var bytes = Array("version: 1\ncards:\n  - items: [{title: caf".utf8)
        bytes += [0xE9, 0x21] + Array("}]\n".utf8)
        try assertRejected(Data(bytes), ["3:24: error: the file is not UTF-8 text"])
    }

    func testByteOrderMarkIsAccepted() throws {
        try assertRenders("\u{FEFF}" + Self.oneItem)
        try assertRenders(
            "\u{FEFF}{\"version\": 1, \"cards\": [{\"items\": [{\"title\": \"a\"}]}]}", name: "input.json")
        try assertRejected("\u{FEFF}version: 3\ncards:\n  - items: [{title: a}]\n", ["1:10: error: version: 3"])
    }

    func testCRLFLineEndingsKeepLineNumbers() throws {
        try assertRenders(Self.oneItem.replacingOccurrences(of: "\n", with: "\r\n"))
        try assertRejected(
            "version: 1\r\ncards:\r\n  - items:\r\n      - title: a\r\n        status: dun\r\n",
            ["5:17: error: cards[0].items[0].status: 'dun'"])
        try assertRejected(
            "{\"version\": 1,\r\n \"cards\": [],\r\n}", name: "input.json",
            ["3:1: error: JSON syntax error: trailing comma"])
    }

    // MARK: Limits, each with its own message and flag

    func testItemLimit() throws {
        let items = String(repeating: "      - title: a\n", count: 6)
        try assertRejected(
            "version: 1\ncards:\n  - items:\n" + items, arguments: ["--max-items", "5"],
            ["9:9: error: cards[0].items[5]: more than 5 items in one document (raise with --max-items)"])
        try assertRenders("version: 1\ncards:\n  - items:\n" + items, arguments: ["--max-items", "6"])
    }

    func testDefaultItemLimitIsOneHundredThousand() throws {
        let items = String(repeating: "  - {title: a}\n", count: 100_001)
        try assertRejected(
            "version: 1\ncards:\n- items:\n" + items,
            ["100004:5: error: cards[0].items[100000]: more than 100000 items"])
    }

    func testGroupNestingLimit() throws {
        func nested(_ levels: Int) -> String {
            String(repeating: "{title: g, items: [", count: levels) + "{title: leaf}"
                + String(repeating: "]}", count: levels)
        }
        try assertRejected(
            "version: 1\ncards:\n  - items: [\(nested(9))]\n",
            [
                "error: cards[0].items[0]" + String(repeating: ".items[0]", count: 8)
                    + ".items: groups nest deeper than 8 levels (raise with --max-nesting)"
            ])
        try assertRenders("version: 1\ncards:\n  - items: [\(nested(8))]\n")
        try assertRenders("version: 1\ncards:\n  - items: [\(nested(9))]\n", arguments: ["--max-nesting", "9"])
    }

    func testTextLengthLimit() throws {
        let long = String(repeating: "x", count: 10_001)
        try assertRejected(
            "version: 1\ncards:\n  - items:\n      - title: \(long)\n",
            [
                "4:16: error: cards[0].items[0].title: text is 10001 characters, more than the limit of 10000 (raise "
                    + "with --max-text)"
            ])
        try assertRenders(
            "version: 1\ncards:\n  - items:\n      - title: \(long)\n", arguments: ["--max-text", "10001"])
    }

    func testAliasBombIsRefusedWithoutExpanding() throws {
        var yaml = "version: 1\nl0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            yaml +=
                "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        yaml += "cards: *l9\n"
        let stderr = try assertRejected(
            yaml,
            [
                "8:10: error: the document expands to more than 1000000 YAML nodes; aliases are not expanded that far "
                    + "(raise with --max-nodes)"
            ])
        XCTAssertFalse(stderr.contains("unknown key"), "refused before decoding: \(stderr)")
    }

    /// Few nodes but long texts: counted in bytes, refused while reading, before anything is
    /// measured or drawn (counted in nodes alone, its aliases would expand to gigabytes of text).
    func testTextAmplifiedByAliasesIsRefusedWhileReading() throws {
        let text = String(repeating: "lorem ipsum ", count: 800)
        let items = Array(repeating: "*i", count: 10).joined(separator: ", ")
        let yaml =
            "version: 1\ncards:\n  - &c\n    title: &t \"\(text)\"\n    items:\n      - &i {title: *t, subtitle: *t, "
            + "attribute: *t, statusText: *t}\n"
            + "      - {title: *t, items: [\(items)]}\n" + String(repeating: "  - *c\n", count: 1500)
        try assertRejected(
            yaml, hangLimit: 10,
            [
                "16:5: error: aliases expand to more than 4194304 bytes of text; they are not expanded that far (raise "
                    + "with --max-expanded-bytes)"
            ])
        try assertRejected(
            yaml, arguments: ["--max-expanded-bytes", "100000"], hangLimit: 10,
            ["7:33: error: aliases expand to more than 100000 bytes"])
    }

    func testInputSizeLimit() throws {
        let small = Self.oneItem + "# padding\n"
        try assertRejected(
            small, arguments: ["--max-input-bytes", "40"],
            [
                "1:1: error: the file is \(small.utf8.count) bytes, more than the limit of 40 (raise with "
                    + "--max-input-bytes)"
            ])
        var big = Data(Self.oneItem.utf8)
        big.append(Data(repeating: 0x20, count: 64 * 1024 * 1024))
        try assertRejected(
            big,
            [
                "1:1: error: the file is \(big.count) bytes, more than the limit of 67108864 (raise with "
                    + "--max-input-bytes)"
            ])
    }

    func testStandardInputIsReadOnlyUpToTheSizeLimit() throws {
        let folder = try workspace()
        let result = try CLIRunner.run(
            ["render", "-", "-o", "out", "--max-input-bytes", "100"], directory: folder,
            stdin: Data((Self.oneItem + String(repeating: "#", count: 5000)).utf8))
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("<stdin>:1:1: error: the file is "), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("more than the limit of 100 (raise with --max-input-bytes)"), result.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path),
            ["earlier.svg"])
    }

    /// Standard input starting with `{` or `[` is JSON, held to the strict JSON rules; the flag wins.
    func testStandardInputIsSniffedForJSON() throws {
        let folder = try workspace()
        let json = Data("\u{FEFF} \n{\"version\": 1, \"cards\": [{\"items\": [{\"title\": \"a\",}]}]}".utf8)
        let sniffed = try CLIRunner.run(["validate", "-"], directory: folder, stdin: json)
        XCTAssertEqual(sniffed.status, 2, sniffed.stderr)
        XCTAssertEqual(
            sniffed.stderr, "<stdin>:2:51: error: JSON syntax error: trailing comma before '}' (JSON allows none)\n")
        let flow = Data("{version: 1, cards: [{items: [{title: a}]}]}".utf8)
        XCTAssertEqual(try CLIRunner.run(["validate", "-"], directory: folder, stdin: flow).status, 2)
        XCTAssertEqual(
            try CLIRunner.run(["validate", "-", "--input-format", "yaml"], directory: folder, stdin: flow).status, 0)
        XCTAssertEqual(
            try CLIRunner.run(["validate", "-"], directory: folder, stdin: Data(Self.oneItem.utf8)).status, 0)
    }

    func testDeepNestingEndsInAnErrorNotACrash() throws {
        let depth = 10_000
        let cases = [
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth),
            String(repeating: "{a: ", count: depth) + "1" + String(repeating: "}", count: depth),
            // Block mappings need one more space per level: 2,000 levels are already 2 MB.
            (0..<2000).map { String(repeating: " ", count: $0) + "a:\n" }.joined(),
            "version: 1\ncards:\n  - items: [" + String(repeating: "{title: t, items: [", count: depth) + "]\n",
        ]
        for text in cases {
            try assertRejected(
                text, ["error: nesting deeper than 64 levels of lists and mappings (raise with --max-depth"])
        }
    }

    // MARK: Image size

    private static func tallCard(items: Int, spacing: Int, id: String) -> String {
        "  - id: \(id)\n    style: {itemSpacing: \(spacing)}\n    items:\n"
            + String(repeating: "      - title: a\n", count: items)
    }

    func testVectorImageLimit() throws {
        try assertRejected(
            "version: 1\ncards:\n" + Self.tallCard(items: 102, spacing: 10_000, id: "tall"),
            arguments: ["--format", "svg"],
            ["3:5: error: card 'tall' would be"])
    }

    func testSinglePNGCardTooTallIsAnError() throws {
        try assertRejected(
            "version: 1\ncards:\n" + Self.tallCard(items: 20, spacing: 1000, id: "tall"),
            ["3:5: error: card 'tall' would be", "px as PNG; PNG sides are limited to 32767 px"])
    }

    func testTallPNGFeedIsSplitAtCardBoundaries() throws {
        let cards = (1...3).map { Self.tallCard(items: 9, spacing: 1000, id: "c\($0)") }.joined()
        let out = try assertRenders(
            "version: 1\ncards:\n" + cards, name: "tall.yaml", arguments: ["--feed", "--format", "png"])
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0 != "earlier.svg" }
            .sorted()
        XCTAssertEqual(files, ["tall-1.png", "tall-2.png", "tall-3.png"])
        for name in files {
            let png = try Data(contentsOf: out.appendingPathComponent(name))
            let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            XCTAssertGreaterThan(height, 10_000, name)
            XCTAssertLessThanOrEqual(height, 32_767, name)
        }
    }

    /// A folder's listing can hold any name; messages show it escaped.
    func testFileNamesInMessagesAreEscaped() throws {
        let folder = try workspace()
        let inputs = folder.appendingPathComponent("inputs")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try Data("version: 1\ncards: [{items: [{title: a, colour: red}]}]\n".utf8).write(
            to: inputs.appendingPathComponent("a\u{1B}[2J.yaml"))
        let result = try CLIRunner.run(["validate", "inputs"], directory: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "inputs/a\\u{1B}[2J.yaml:2:29: error: unknown key 'colour' in cards[0].items[0] (did you mean 'color'?)\n")
    }

    // MARK: Theme files

    /// A FIFO would block the reader forever and a sparse file would be read into memory whole.
    func testThemeFilesMustBeRegularFilesOfBoundedSize() throws {
        let document = { (theme: String) in "version: 1\ntheme: \(theme)\ncards: [{items: [{title: a}]}]\n" }
        try assertRejected(
            document("pipe.yaml"), hangLimit: 10,
            beside: { folder in
                XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.yaml").path, 0o644), 0)
            }, ["2:8: error: theme: the theme file 'pipe.yaml' is a FIFO, not a regular file"])
        try assertRejected(
            Self.oneItem, arguments: ["--theme", "pipe.yaml"], hangLimit: 10,
            beside: { folder in
                XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.yaml").path, 0o644), 0)
            }, ["1:1: error: theme: the theme file 'pipe.yaml' is a FIFO, not a regular file"])
        try assertRejected(
            document("huge.yaml"), hangLimit: 10,
            beside: { folder in
                let path = folder.appendingPathComponent("huge.yaml")
                XCTAssertTrue(FileManager.default.createFile(atPath: path.path, contents: nil))
                let handle = try FileHandle(forWritingTo: path)
                try handle.truncate(atOffset: 3 << 30)
                try handle.close()
            },
            [
                "2:8: error: theme: the theme file 'huge.yaml' is 3221225472 bytes, more than the limit of 67108864 "
                    + "(raise with --max-input-bytes)"
            ])
        try assertRejected(
            document("themes"), hangLimit: 10,
            beside: { folder in
                try FileManager.default.createDirectory(
                    at: folder.appendingPathComponent("themes/x.yaml"), withIntermediateDirectories: true)
            }, ["2:8: error: theme: 'themes' is neither a built-in theme"])
        try assertRejected(
            document("themes/x.yaml"), hangLimit: 10,
            beside: { folder in
                try FileManager.default.createDirectory(
                    at: folder.appendingPathComponent("themes/x.yaml"), withIntermediateDirectories: true)
            }, ["2:8: error: theme: the theme file 'themes/x.yaml' is a folder, not a regular file"])
    }

    // MARK: Icons and links

    func testIconsOutsideTheInputFolderAreRefusedEachNamed() throws {
        let folder = try workspace()
        let outside = try CLIRunner.temporaryDirectory().appendingPathComponent("secret.png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: outside)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.png").path, withDestinationPath: outside.path)
        let yaml = """
            version: 1
            cards:
              - items:
                  - icon: ../secret.png
                  - icon: \(outside.path)
                  - icon: link.png
                  - icon: https://example.com/a.png
                  - icon: file:///etc/passwd

            """
        try Data(yaml.utf8).write(to: folder.appendingPathComponent("icons.yaml"))
        let result = try CLIRunner.run(["render", "icons.yaml", "-o", "out"], directory: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        for expected in [
            "4:15: error: cards[0].items[0].icon: '../secret.png' leaves the input's folder ('..')",
            "5:15: error: cards[0].items[1].icon: '\(outside.path)' is an absolute path",
            "6:15: error: cards[0].items[2].icon: 'link.png' is a link, and links are not followed inside ",
            "7:15: error: cards[0].items[3].icon: 'https://example.com/a.png' is a URL",
            "8:15: error: cards[0].items[4].icon: 'file:///etc/passwd' is a URL",
        ] {
            XCTAssertTrue(result.stderr.contains("icons.yaml:" + expected), "missing \(expected) in \(result.stderr)")
        }
    }

    func testLinksAllowOnlyHTTPHTTPSAndMailto() throws {
        for link in ["javascript:alert(1)", "file:///etc/passwd", "data:text/html,x", "ftp://x.org/"] {
            try assertRejected(
                "version: 1\ncards:\n  - items:\n      - {title: a, link: \"\(link)\"}\n",
                ["4:26: error: cards[0].items[0].link: '\(link)' is not an http, https or mailto URL"])
        }
        try assertRenders(
            "version: 1\ncards:\n  - items:\n      - {title: a, link: \"https://x.org/?a=1&b=2\"}\n"
                + "      - {title: b, link: \"mailto:a@b.org\"}\n      - {title: c, link: \"http://x.org\"}\n")
    }

    // MARK: Text is never interpreted

    /// Noncharacters passed validation, SVG and PNG, then failed as PDF with exit 3 from cairo.
    func testNoncharactersAreRefusedWhileDecoding() throws {
        for (name, text) in [
            ("input.json", #"{"version": 1, "cards": [{"items": [{"title": "a\uFFFE"}]}]}"#),
            ("input.yaml", "version: 1\ncards:\n  - items:\n      - title: \"\\U0010FFFF\"\n"),
        ] {
            try assertRejected(text, name: name, arguments: ["--format", "pdf"], ["contains the noncharacter U+"])
        }
    }

    /// A hostile key or value cannot drive the terminal that shows the messages.
    func testMessagesCarryNoTerminalControls() throws {
        let stderr = try assertRejected(
            "version: 1\ncards:\n  - items:\n      - title: a\n        \"\\e[2J\\u009B0m\\u202E\": b\n",
            ["5:9: error: unknown key '\\u{1B}[2J\\u{9B}0m\\u{202E}' in cards[0].items[0]"])
        XCTAssertFalse(
            stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E }, stderr)
    }

    func testMarkupInTextIsDrawnAsTypedAndSVGStaysWellFormed() throws {
        let nasty = #"<b>x</b> & ]]> <script>alert('1')</script> "q" &amp;"#
        let yaml = """
            version: 1
            cards:
              - id: nasty
                title: '\(nasty.replacingOccurrences(of: "'", with: "''"))'
                subtitle: '<i>sub</i>'
                items:
                  - title: '\(nasty.replacingOccurrences(of: "'", with: "''"))'
                    subtitle: '<![CDATA[x]]>'
                    event: '<e>&'
                    statusText: '&lt;'
                    attribute: '<!-- -->'
                    link: "https://x.org/?a=1&b='2'"

            """
        for arguments in [["--format", "svg"], ["--format", "svg", "--feed"]] {
            let out = try assertRenders(yaml, name: "nasty.yaml", arguments: arguments)
            // The card's id and the input's name are both "nasty".
            let svg = try Data(contentsOf: out.appendingPathComponent("nasty.svg"))
            let reader = SVGTextReader()
            let parser = XMLParser(data: svg)
            parser.delegate = reader
            XCTAssertTrue(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")
            XCTAssertEqual(reader.text["title"], nasty)
            XCTAssertTrue(reader.text["desc", default: ""].contains(nasty), reader.text["desc", default: ""])
            XCTAssertTrue(reader.text["desc", default: ""].contains("<e>&"))
            XCTAssertEqual(reader.hrefs, ["https://x.org/?a=1&b=%272%27"])
            XCTAssertFalse(
                reader.elements.contains("script") || reader.elements.contains("b") || reader.elements.contains("i"))
        }
    }

    // MARK: Atomic output

    func testFailedBatchLeavesEarlierOutputByteForByte() throws {
        let folder = try workspace()
        try Data(Self.oneItem.utf8).write(to: folder.appendingPathComponent("good.yaml"))
        try Data("version: 1\ncards: [{items: [{title: b}]}]\n".utf8).write(
            to: folder.appendingPathComponent("bad.yaml"))
        XCTAssertEqual(
            try CLIRunner.run(["render", "good.yaml", "bad.yaml", "-o", "out"], directory: folder).status, 0)
        let earlier = try Data(contentsOf: folder.appendingPathComponent("out/good/card-1.svg"))
        // Both inputs change; the second turns bad, so neither is written.
        try Data(Self.oneItem.replacingOccurrences(of: "title: a", with: "title: changed").utf8).write(
            to: folder.appendingPathComponent("good.yaml"))
        try Data("version: 1\ncards: [{items: [{title: b, colour: red}]}]\n".utf8).write(
            to: folder.appendingPathComponent("bad.yaml"))
        let result = try CLIRunner.run(["render", "good.yaml", "bad.yaml", "-o", "out"], directory: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.stderr.contains(
                "bad.yaml:2:29: error: unknown key 'colour' in cards[0].items[0] (did you mean 'color'?)"),
            result.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("out/good/card-1.svg")), earlier)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out/good").path),
            ["card-1.svg"])
    }

    func testTooLargePNGLeavesEarlierOutputByteForByte() throws {
        let folder = try workspace()
        let input = folder.appendingPathComponent("card.yaml")
        try Data(("version: 1\ncards:\n" + Self.tallCard(items: 2, spacing: 10, id: "c")).utf8).write(to: input)
        XCTAssertEqual(
            try CLIRunner.run(["render", "card.yaml", "-o", "out", "--format", "png"], directory: folder).status, 0)
        let earlier = try Data(contentsOf: folder.appendingPathComponent("out/c.png"))
        try Data(("version: 1\ncards:\n" + Self.tallCard(items: 20, spacing: 1000, id: "c")).utf8).write(to: input)
        let result = try CLIRunner.run(["render", "card.yaml", "-o", "out", "--format", "png"], directory: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("out/c.png")), earlier)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).sorted(),
            ["c.png", "earlier.svg"])
    }
}
