import Foundation
import TimelineTestSupport
import XCTest

@testable import timeline_cards

/// Every command that reads or writes files, walked through one site of planted links and
/// collisions: a link out of the input folder (an icon), a link to a secret (an input, a catalog
/// file), linked output, goldens, diff and Resources folders, outputs that collide with an input
/// (an image over an icon, a golden over an icon, a diff image over an icon), and hand-made files
/// where generated ones would go (a Resources/logo.png, a golden of a folder with a manifest, an
/// obsolete hand-made golden). Whatever the command, the secret never reaches an output or the
/// terminal, nothing outside the site's folders changes, and no hand-made or input file changes.
/// The runs come from one list, `runs`, and `surfaces` names what they must cover: every
/// subcommand of the command line, and each flag or input kind that reads or writes other files
/// (a command added to the CLI fails `testEveryCommandAndFileFlagIsWalked` until it is walked).
final class PlantedFilesTests: XCTestCase {
    static let secretText = "SECRET-TOKEN-1234"
    static let svgIcon =
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\"/></svg>"
    private let manager = FileManager.default

    /// The site, every attack planted at once.
    private func plantSite() throws -> URL {
        let site = try CLIRunner.temporaryDirectory()
        func write(_ text: String, _ path: String) throws { try CLIRunner.write(text, path, in: site) }
        func link(_ path: String, to target: String) throws {
            try manager.createDirectory(
                at: site.appendingPathComponent(path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.createSymbolicLink(atPath: site.appendingPathComponent(path).path, withDestinationPath: target)
        }
        try write("token: \(Self.secretText)\n", "secret/credentials.yaml")
        try write("{\"version\": 1, \"token\": \"\(Self.secretText)\"}", "secret/credentials.json")
        try write("keep", "outside/keep.svg")
        try write(Self.svgIcon, "outside/i.svg")
        // Inputs: a's card `i` reads a/i.svg and a/i.diff.png, the names its image, golden and
        // diff would take in in/a/; b reads an icon linked out of the folder; s is a linked secret.
        try write(
            "version: 1\ncards:\n  - id: i\n    items:\n      - {title: a, icon: a/i.svg}\n"
                + "      - {title: b, icon: a/i.diff.png}\n", "in/a.yaml")
        try write(Self.svgIcon, "in/a/i.svg")
        try Data(TestIcons.onePixelPNG).write(to: site.appendingPathComponent("in/a/i.diff.png"))
        try write("version: 1\ncards:\n  - id: b\n    items:\n      - {title: b, icon: out.svg}\n", "in/b.yaml")
        try link("in/out.svg", to: site.appendingPathComponent("outside/i.svg").path)
        try link("in/s.yaml", to: site.appendingPathComponent("secret/credentials.yaml").path)
        try write("timeline\n    title T\n    2024 : a\n", "in.mmd")
        // Markdown pages: one whose block's image would replace the icon it reads (with --assets
        // in/a), one whose block's icon is linked out of the folder; an assets folder whose image
        // is a link to the secret.
        try write(
            "# P\n\n```timeline\nversion: 1\ncards:\n  - id: i\n    items: [{title: a, icon: in/a/i.svg}]\n```\n",
            "page.md")
        try link("assets/i.svg", to: site.appendingPathComponent("secret/credentials.yaml").path)
        try write(
            "# L\n\n```timeline\nversion: 1\ncards:\n  - id: l\n    items: [{title: a, icon: in/out.svg}]\n```\n",
            "linked-icon.md")
        // Output, goldens and diff folders with a linked subfolder each.
        try link("out/a", to: site.appendingPathComponent("outside").path)
        try link("gold/b", to: site.appendingPathComponent("outside").path)
        try link("diffs/a", to: site.appendingPathComponent("outside").path)
        // A folder of goldens the tool keeps a manifest of, holding two hand-made files: one where
        // a's golden goes (a 1-pixel PNG, which a's image does not match), one obsolete.
        try write("# made by hand\n", "gold/.timeline-cards-manifest")
        try write("hand-made", "gold/a/old.svg")
        try Data(TestIcons.onePixelPNG).write(to: site.appendingPathComponent("gold/a/i.png"))
        // Catalogs: a hand-made Resources/logo.png where the card `logo` would go; a linked
        // Resources; a catalog file linked to a secret and one whose icon is linked outside.
        let card = "version: 1\ncards:\n  - id: logo\n    items:\n      - {title: a, icon: icons/i.svg}\n"
        try write(card, "hand.docc/logo.timeline.yaml")
        try write(Self.svgIcon, "hand.docc/icons/i.svg")
        try manager.createDirectory(
            at: site.appendingPathComponent("hand.docc/Resources"), withIntermediateDirectories: true)
        try Data(TestIcons.onePixelPNG).write(to: site.appendingPathComponent("hand.docc/Resources/logo.png"))
        try write(card, "linked.docc/logo.timeline.yaml")
        try write(Self.svgIcon, "linked.docc/icons/i.svg")
        try link("linked.docc/Resources", to: site.appendingPathComponent("outside").path)
        try link("secret.docc/x.timeline.json", to: site.appendingPathComponent("secret/credentials.json").path)
        try write(
            "version: 1\ncards:\n  - id: l\n    items:\n      - {title: a, icon: l.svg}\n", "icon.docc/l.timeline.yaml")
        try link("icon.docc/l.svg", to: site.appendingPathComponent("outside/i.svg").path)
        return site
    }

    /// Every regular file of the site (links not followed) with its bytes.
    private func files(in site: URL) -> [String: Data] {
        var found: [String: Data] = [:]
        let enumerator = manager.enumerator(atPath: site.path)
        while let relative = enumerator?.nextObject() as? String {
            let path = site.appendingPathComponent(relative).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            found[relative] = manager.contents(atPath: path)
        }
        return found
    }

    /// What every run must leave: the secret unprinted and uncopied, the outside folder and every
    /// file there before (inputs, icons, hand-made files) unchanged.
    private func assertNothingLeaked(
        _ result: CLIRunner.Result, before: [String: Data], site: URL, _ command: [String],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let output = result.stderr + String(decoding: result.stdout, as: UTF8.self)
        XCTAssertFalse(output.contains(Self.secretText), "\(command): \(output)", file: file, line: line)
        XCTAssertTrue([0, 1, 2, 3].contains(result.status), "\(command): \(result.status)", file: file, line: line)
        let after = files(in: site)
        for (path, bytes) in before where path != "gold/.timeline-cards-manifest" {
            XCTAssertEqual(after[path], bytes, "\(command) changed \(path)", file: file, line: line)
        }
        for (path, bytes) in after where !path.hasPrefix("secret/") {
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertFalse(
                text.contains(Self.secretText), "\(command) copied the secret to \(path)", file: file, line: line)
        }
        XCTAssertEqual(
            (try? manager.contentsOfDirectory(atPath: site.appendingPathComponent("outside").path))?.sorted(),
            ["i.svg", "keep.svg"], "\(command) wrote outside", file: file, line: line)
    }

    /// Each command, what it must say, and the exit code it must give.
    /// An input that is a link is refused as a FIFO is: it cannot be read (exit 3).
    static let runs: [(command: [String], status: Int32, says: [String])] = [
        (["render", "in", "-o", "fresh"], 3, ["in/s.yaml: error: the input is a link"]),
        (["render", "in/b.yaml", "-o", "fresh"], 2, ["'out.svg' is a link, and links are not followed"]),
        (["render", "in/a.yaml", "-o", "in/a", "--format", "svg"], 2, ["in/a/i.svg", "must not replace it"]),
        (["render", "in/a.yaml", "in/b.yaml", "-o", "out"], 3, ["'out.svg' is a link", "out/a is a link"]),
        (["render", "in/a.yaml", "-o", "out", "--shard", "1/1"], 3, ["out/a is a link"]),
        (["validate", "in"], 3, ["in/s.yaml: error: the input is a link"]),
        (["validate", "in/b.yaml"], 2, ["'out.svg' is a link"]),
        (["convert", "in.mmd"], 0, []),
        (["check", "in", "--expected", "gold", "--format", "svg"], 3, ["in/s.yaml: error: the input is a link"]),
        (["check", "in/b.yaml", "--expected", "gold", "--format", "svg"], 2, ["'out.svg' is a link"]),
        (
            ["check", "in/a.yaml", "--expected", "in", "--record", "--format", "svg"], 2,
            ["in/a/i.svg", "must not replace it"]
        ),
        (
            ["check", "in/a.yaml", "--expected", "gold", "--record", "--prune", "--format", "png"], 2,
            ["gold/a/i.png", "timeline-cards did not make this file"]
        ),
        (
            ["check", "in/a.yaml", "--expected", "gold", "--format", "png", "--diff", "in"], 3,
            ["in/a/i.diff.png", "a diff image must not replace it"]
        ),
        (
            ["check", "in/a.yaml", "--expected", "gold", "--format", "png", "--diff", "diffs"], 3,
            ["diffs/a is a link"]
        ),
        (
            ["docc-resources", "hand.docc"], 2,
            ["hand.docc/Resources/logo.png", "timeline-cards did not make this file"]
        ),
        (["docc-resources", "hand.docc", "--check"], 1, ["hand.docc/Resources/logo.png: size differs"]),
        (["docc-resources", "linked.docc"], 2, ["linked.docc/Resources", "is a link"]),
        (["docc-resources", "linked.docc", "--check"], 2, ["linked.docc/Resources", "is a link"]),
        (["docc-resources", "secret.docc"], 3, ["secret.docc/x.timeline.json: error: the input is a link"]),
        (["docc-resources", "secret.docc", "--check"], 3, ["secret.docc/x.timeline.json: error: the input is a link"]),
        (["docc-resources", "icon.docc"], 2, ["'l.svg' is a link"]),
        (["render", "linked-icon.md", "-o", "fresh/page.md"], 2, ["is a link"]),
        (["validate", "linked-icon.md"], 2, ["is a link"]),
        (["render", "page.md", "-o", "fresh/page.md", "--assets", "in/a"], 2, ["in/a/i.svg", "must not replace it"]),
        (
            ["render", "page.md", "-o", "fresh/page.md", "--assets", "assets", "--check"], 1,
            ["assets/i.svg: stale: is a link"]
        ),
        (["render", "page.md", "-o", "page.md"], 2, ["page.md"]),
        (["convert", "in.mmd", "-o", "in/out.svg"], 0, []),
        (["convert", "in.mmd", "-o", "in.mmd"], 2, ["never writes over its input"]),
        (["schema"], 0, []),
        (["themes"], 0, []),
    ]

    /// What the runs must cover: each subcommand, and each flag or input kind that makes a
    /// command read or write other files than its plain run does.
    static let surfaces: Set<String> = [
        "render", "render --shard", "render --serve", "render .md", "render .md --assets",
        "render .md --assets --check", "validate", "validate .md", "check", "check --record", "check --record --prune",
        "check --diff", "convert",
        "convert -o", "docc-resources", "docc-resources --check", "schema", "themes",
    ]

    /// The flags that choose or change the files a run reads or writes.
    static let fileFlags = ["--shard", "--serve", "--assets", "--check", "--record", "--prune", "--diff", "-o"]

    /// The surface a command line walks: its subcommand, `.md` for a Markdown page, and its file
    /// flags in `fileFlags`' order (`-o` only for `convert`, where it is the one write).
    static func surface(of command: [String]) -> String {
        var parts = [command[0]]
        if command.dropFirst().first?.hasSuffix(".md") == true { parts.append(".md") }
        for flag in fileFlags where command.contains(flag) && (flag != "-o" || command[0] == "convert") {
            parts.append(flag)
        }
        return parts.joined(separator: " ")
    }

    /// `render --serve` runs, each until its first round has ended, with what that round prints.
    static let serveRuns: [(command: [String], says: String)] = [
        (["render", "in/b.yaml", "-o", "fresh", "--serve", "--port", "0"], "'out.svg' is a link"),
        (["render", "in/a.yaml", "-o", "out", "--shard", "1/1", "--serve", "--port", "0"], "out/a is a link"),
        (["render", "in/a.yaml", "-o", "in/a", "--format", "svg", "--serve", "--port", "0"], "must not replace it"),
    ]

    /// The preview server reads and writes through `render`'s own path: each planted link and
    /// collision is refused in its round, and no answer of the server holds the secret.
    func testServeRefusesEveryPlantedLinkAndCollision() throws {
        for run in Self.serveRuns {
            let site = try plantSite()
            defer { try? manager.removeItem(at: site) }
            let before = files(in: site)
            let server = try LongRun(run.command, in: site)
            XCTAssertTrue(server.wait(for: run.says), "\(run.command): \(server.text)")
            let port = try PreviewClient.port(of: server)
            var answers = ""
            for path in ["/", "/state", "/file/1/0", "/file/0/0"] {
                answers += try PreviewClient.get(path, port: port).text
            }
            server.stop()
            let result = CLIRunner.Result(status: 0, stdout: Data(answers.utf8), stderr: server.text)
            assertNothingLeaked(result, before: before, site: site, run.command)
        }
    }

    func testEveryCommandAndFileFlagIsWalked() throws {
        let subcommands = TimelineCards.configuration.subcommands.compactMap { $0.configuration.commandName }
        XCTAssertGreaterThanOrEqual(subcommands.count, 7)
        let surfaces = Set(Self.surfaces.map { String($0.split(separator: " ")[0]) })
        XCTAssertEqual(surfaces, Set(subcommands), "every subcommand of the CLI is walked, and only those")
        let walked = Set((Self.runs.map(\.command) + Self.serveRuns.map(\.command)).map(Self.surface))
        XCTAssertEqual(Self.surfaces.subtracting(walked), [], "surfaces no run walks")
    }

    func testEveryCommandRefusesEveryPlantedLinkAndCollision() throws {
        for run in Self.runs {
            let site = try plantSite()
            defer { try? manager.removeItem(at: site) }
            let before = files(in: site)
            let result = try CLIRunner.run(run.command, directory: site)
            XCTAssertEqual(result.status, run.status, "\(run.command): \(result.stderr)")
            for text in run.says {
                XCTAssertTrue(result.stderr.contains(text), "\(run.command) does not say \(text): \(result.stderr)")
            }
            assertNothingLeaked(result, before: before, site: site, run.command)
        }
    }

    /// Recording into a folder of goldens without a manifest (recorded before there were any)
    /// adopts the goldens at the paths it records and starts the manifest; pruning then removes
    /// only what the manifest lists, never a hand-made file.
    func testAFolderOfGoldensWithoutAManifestIsAdoptedAndPrunedOnlyOfItsOwn() throws {
        let site = try CLIRunner.temporaryDirectory()
        defer { try? manager.removeItem(at: site) }
        try CLIRunner.write("version: 1\ncards:\n  - id: c\n    items: [{title: a}]\n", "in/a.yaml", in: site)
        try CLIRunner.write("old golden", "gold/a/c.svg", in: site)
        try CLIRunner.write("hand-made", "gold/a/notes.svg", in: site)
        let record = try CLIRunner.run(
            ["check", "in", "--expected", "gold", "--record", "--prune", "--format", "svg"], directory: site)
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertTrue(record.stderr.contains("changed: gold/a/c.svg"), record.stderr)
        XCTAssertTrue(record.stderr.contains("gold/a/notes.svg: obsolete golden, not removed"), record.stderr)
        let manifest = try String(
            contentsOf: site.appendingPathComponent("gold/.timeline-cards-manifest"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("\na/c.svg\n"), manifest)
        XCTAssertTrue(manifest.hasSuffix("\n~ a/notes.svg\n"), "found before, not made: \(manifest)")
        XCTAssertEqual(
            try String(contentsOf: site.appendingPathComponent("gold/a/notes.svg"), encoding: .utf8), "hand-made")
        // The card renamed: its old golden is the tool's, and goes.
        try CLIRunner.write("version: 1\ncards:\n  - id: d\n    items: [{title: a}]\n", "in/a.yaml", in: site)
        let renamed = try CLIRunner.run(
            ["check", "in", "--expected", "gold", "--record", "--prune", "--format", "svg"], directory: site)
        XCTAssertEqual(renamed.status, 0, renamed.stderr)
        XCTAssertTrue(renamed.stderr.contains("removed obsolete golden gold/a/c.svg"), renamed.stderr)
        XCTAssertFalse(manager.fileExists(atPath: site.appendingPathComponent("gold/a/c.svg").path))
        XCTAssertTrue(manager.fileExists(atPath: site.appendingPathComponent("gold/a/notes.svg").path))
    }

    /// `docc-resources` adopts, in a Resources folder without a manifest, only images whose bytes
    /// are what it would write; it replaces those it made when their card changes.
    func testDocCResourcesReplacesOnlyItsOwnImages() throws {
        let site = try CLIRunner.temporaryDirectory()
        defer { try? manager.removeItem(at: site) }
        try CLIRunner.write(
            "version: 1\ncards:\n  - id: logo\n    items: [{title: a}]\n", "c.docc/logo.timeline.yaml", in: site)
        XCTAssertEqual(try CLIRunner.run(["docc-resources", "c.docc"], directory: site).status, 0)
        let resources = site.appendingPathComponent("c.docc/Resources")
        // Made before manifests: the same bytes, so the tool's own.
        try manager.removeItem(at: resources.appendingPathComponent(".timeline-cards-manifest"))
        let again = try CLIRunner.run(["docc-resources", "c.docc"], directory: site)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(manager.fileExists(atPath: resources.appendingPathComponent(".timeline-cards-manifest").path))
        try CLIRunner.write(
            "version: 1\ncards:\n  - id: logo\n    items: [{title: b}]\n", "c.docc/logo.timeline.yaml", in: site)
        let changed = try CLIRunner.run(["docc-resources", "c.docc"], directory: site)
        XCTAssertEqual(changed.status, 0, changed.stderr)
        XCTAssertTrue(
            changed.stderr.contains("wrote \(resources.path)/logo.png")
                || changed.stderr.contains("wrote c.docc/Resources/logo.png"), changed.stderr)
    }
}
