import Foundation
import XCTest

/// `render` and `validate` end to end: files written, names, stdin and stdout, exit codes.
final class RenderCommandTests: XCTestCase {
    func testRenderWritesOneImagePerCardInEachFormat() throws {
        let out = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run([
            "render", CLIRunner.fixture("feed-three.yaml"), "-o", out.path,
            "--format", "svg", "--format", "png", "--format", "pdf",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        XCTAssertEqual(
            files,
            [
                "monday.pdf", "monday.png", "monday.svg", "tuesday.pdf", "tuesday.png", "tuesday.svg",
                "wednesday.pdf", "wednesday.png", "wednesday.svg",
            ])
        let png = try Data(contentsOf: out.appendingPathComponent("monday.png"))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
        let pdf = try Data(contentsOf: out.appendingPathComponent("monday.pdf"))
        XCTAssertEqual(String(decoding: pdf.prefix(5), as: UTF8.self), "%PDF-")
        XCTAssertTrue(result.stdout.isEmpty, "nothing on stdout but images sent there")
    }

    /// The fonts preloaded while parsing are the bundled ones; `--fonts` and `--system-fonts`
    /// make a library of their own: an empty `--fonts` folder changes nothing, and the machine's
    /// fonts still render.
    func testOtherFontOptionsDoNotTakeThePreloadedFonts() throws {
        let plain = try CLIRunner.run(["render", CLIRunner.fixture("plain.yaml"), "-o", "-"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let extra = try CLIRunner.temporaryDirectory()
        let withFonts = try CLIRunner.run(["render", CLIRunner.fixture("plain.yaml"), "-o", "-", "--fonts", extra.path])
        XCTAssertEqual(withFonts.status, 0, withFonts.stderr)
        XCTAssertEqual(withFonts.stdout, plain.stdout, "an empty --fonts folder changes nothing")
        let system = try CLIRunner.run(["render", CLIRunner.fixture("plain.yaml"), "-o", "-", "--system-fonts"])
        XCTAssertEqual(system.status, 0, system.stderr)
        XCTAssertTrue(String(decoding: system.stdout, as: UTF8.self).hasPrefix("<?xml"))
    }

    func testFeedWritesOneStripNamedAfterTheInput() throws {
        let out = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run([
            "render", CLIRunner.fixture("feed-three.yaml"), "--feed", "-o", out.path, "--format", "png",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), ["feed-three.png"])
    }

    func testSeveralInputsGetAFolderEach() throws {
        let out = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run([
            "render", CLIRunner.fixture("plain.yaml"), CLIRunner.fixture("groups.yaml"), "-o", out.path,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("plain/plain.svg").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("groups/groups.svg").path))
    }

    func testStandardInputToStandardOutput() throws {
        let yaml = try Data(contentsOf: URL(fileURLWithPath: CLIRunner.fixture("plain.yaml")))
        let result = try CLIRunner.run(["render", "-", "-o", "-", "--format", "svg"], stdin: yaml)
        XCTAssertEqual(result.status, 0, result.stderr)
        let svg = String(decoding: result.stdout, as: UTF8.self)
        XCTAssertTrue(svg.hasPrefix("<?xml"), String(svg.prefix(80)))
        XCTAssertTrue(svg.contains("-title\">plain</title>"))
        XCTAssertTrue(svg.contains("Order placed — Mon 2 Nov, 09:45 (open)"))
    }

    func testOutputFileNameWhenThereIsOneImage() throws {
        let out = try CLIRunner.temporaryDirectory()
        let target = out.appendingPathComponent("card.png").path
        let result = try CLIRunner.run(["render", CLIRunner.fixture("plain.yaml"), "-o", target])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), ["card.png"])
        // Three cards cannot go to one file: exit 2 and nothing written.
        let many = try CLIRunner.run([
            "render", CLIRunner.fixture("feed-three.yaml"), "-o", out.appendingPathComponent("x.svg").path,
        ])
        XCTAssertEqual(many.status, 2)
        XCTAssertTrue(many.stderr.contains("takes exactly one image"), many.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("x.svg").path))
    }

    /// A bad `--locale` is the flag's problem, said once as a usage error, not at each input.
    func testABadLocaleFlagIsAUsageErrorNotAnInputsProblem() throws {
        let out = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run([
            "render", CLIRunner.fixture("plain.yaml"), CLIRunner.fixture("groups.yaml"), "-o", out.path,
            "--locale", "de_DE",
        ])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.stderr.hasPrefix("error: --locale 'de_DE' is not a BCP 47 locale, such as en-US, de-DE or ja\n"),
            result.stderr)
        XCTAssertFalse(result.stderr.contains(".yaml"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), [])
        let good = try CLIRunner.run(["render", CLIRunner.fixture("plain.yaml"), "-o", out.path, "--locale", "de-DE"])
        XCTAssertEqual(good.status, 0, good.stderr)
    }

    /// `--time-zone` takes a zone name: the scene's marks read at its offset then (New York is at
    /// -05:00 on 2026-11-02, its summer time over since Nov 1); an unknown name is a usage error
    /// with the closest name, and nothing is written.
    func testTimeZoneFlagTakesAZoneName() throws {
        let out = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run([
            "render", CLIRunner.fixture("time-incident.yaml"), "-o", out.path, "--format", "scene",
            "--time-zone", "America/New_York",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let scene = try Data(contentsOf: out.appendingPathComponent("incident.scene.json"))
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: scene) as? [String: Any])
        let marks = try XCTUnwrap(json["marks"] as? [[String: Any]])
        XCTAssertEqual(marks.first?["date"] as? String, "2026-11-02T03:31:00-05:00", "09:31+01:00 is first in time")
        XCTAssertTrue(marks.allSatisfy { ($0["date"] as? String)?.hasSuffix("-05:00") == true })

        let empty = try CLIRunner.temporaryDirectory()
        let bad = try CLIRunner.run([
            "render", CLIRunner.fixture("time-incident.yaml"), "-o", empty.path, "--time-zone", "Europe/Berln",
        ])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(
            bad.stderr.hasPrefix(
                "error: --time-zone 'Europe/Berln' is neither a UTC offset (+01:00, -05:30, Z, UTC) nor a time zone "
                    + "name such as Europe/Berlin (did you mean 'Europe/Berlin'?)\n"),
            bad.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: empty.path), [])
    }

    func testYAMLAndJSONGiveIdenticalBytes() throws {
        let out = try CLIRunner.temporaryDirectory()
        let yaml = CLIRunner.fixture("timelinecards.yaml")
        let jsonURL = out.appendingPathComponent("timelinecards.json")
        let converted = try JSONSerialization.data(
            withJSONObject: [
                "version": 1,
                "cards": [
                    [
                        "id": "timelinecards",
                        "header": [
                            "title": "Sprint 42", "subtitle": "Mobile team", "background": "#5b2a86",
                            "color": "#ffffff",
                        ],
                        "footer": ["text": "4 of 6 done", "background": "#5b2a86", "color": "#ffffff"],
                        "style": [
                            "border": ["color": "#ff9500", "width": 3], "cornerRadius": 18, "nodeColor": "#ff9500",
                            "lineColor": "#ffcc80", "lineWidth": 3, "shapeSize": 16,
                        ],
                        "items": [
                            ["title": "Planning", "subtitle": "Backlog groomed", "status": "complete"],
                            ["title": "API contract", "subtitle": "Reviewed with backend", "status": "complete"],
                            [
                                "title": "Offline mode", "subtitle": "Sync queue and conflict UI",
                                "status": "in-progress",
                            ],
                            ["title": "Release notes", "status": "open"],
                        ],
                    ]
                ],
            ] as [String: Any], options: [.prettyPrinted, .sortedKeys])
        try converted.write(to: jsonURL)
        for format in ["svg", "png", "pdf"] {
            let fromYAML = try CLIRunner.run(["render", yaml, "-o", "-", "--format", format])
            let fromJSON = try CLIRunner.run(["render", jsonURL.path, "-o", "-", "--format", format])
            XCTAssertEqual(fromYAML.status, 0, fromYAML.stderr)
            XCTAssertEqual(fromJSON.status, 0, fromJSON.stderr)
            XCTAssertFalse(fromYAML.stdout.isEmpty)
            XCTAssertEqual(fromYAML.stdout, fromJSON.stdout, "\(format) differs between YAML and JSON")
        }
    }

    func testValidateReportsEveryProblemWithItsPlace() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let file = dir.appendingPathComponent("bad.yaml")
        try """
        version: 1
        cards:
          - items:
              - titel: Typo
              - title: Ok
                status: opne
                color: "#12345"
        """.write(to: file, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["validate", file.path])
        XCTAssertEqual(result.status, 2)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertTrue(
            lines.contains {
                $0.hasPrefix("\(file.path):4:9: error: unknown key 'titel'") && $0.contains("did you mean 'title'")
            }, result.stderr)
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("\(file.path):6:17: error:") && $0.contains("did you mean 'open'") },
            result.stderr)
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("\(file.path):7:16: error:") && $0.contains("not a color") }, result.stderr)
        // The misspelled title is one mistake: it is not also reported as a missing title.
        XCTAssertFalse(lines.contains { $0.contains("needs a title") }, result.stderr)
        let good = try CLIRunner.run(["validate", CLIRunner.fixture("demo.yaml")])
        XCTAssertEqual(good.status, 0, good.stderr)
        XCTAssertTrue(good.stderr.isEmpty && good.stdout.isEmpty)
    }

    func testThemesListsTheBuiltInThemes() throws {
        let result = try CLIRunner.run(["themes"])
        XCTAssertEqual(result.status, 0)
        let names = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map {
            $0.split(separator: " ")[0]
        }
        XCTAssertEqual(names, ["default", "dark", "fiori", "mono", "auto"])
    }

    func testPreviewNeedsNowFromTheDocumentOrTheFlag() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let file = dir.appendingPathComponent("strip.yaml")
        try "version: 1\ncards:\n  - layout: preview\n    items:\n      - { title: A, date: 2026-11-20 }\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let without = try CLIRunner.run(["render", file.path, "-o", dir.path])
        XCTAssertEqual(without.status, 2)
        XCTAssertTrue(
            without.stderr.contains("strip.yaml:3:5: error: cards[0]: the preview layout needs 'now'"), without.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("card-1.svg").path))
        let with = try CLIRunner.run(["render", file.path, "-o", dir.path, "--now", "2026-11-21"])
        XCTAssertEqual(with.status, 0, with.stderr)
        let svg = try String(contentsOf: dir.appendingPathComponent("card-1.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains("A (open, overdue)"), "--now makes the item overdue")
    }

    func testThemeFilesFromTheDocumentAndTheFlag() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try "style:\n  nodeColor: \"#ff2d55\"\n".write(
            to: dir.appendingPathComponent("brand.yaml"), atomically: true, encoding: .utf8)
        try "style:\n  nodeColr: red\n".write(
            to: dir.appendingPathComponent("typo.yaml"), atomically: true, encoding: .utf8)
        let doc = dir.appendingPathComponent("doc.yaml")
        try "version: 1\ntheme: brand.yaml\ncards:\n  - items:\n      - { title: A, status: complete }\n".write(
            to: doc, atomically: true, encoding: .utf8)
        let themed = try CLIRunner.run(["render", doc.path, "-o", "-"])
        XCTAssertEqual(themed.status, 0, themed.stderr)
        XCTAssertTrue(
            String(decoding: themed.stdout, as: UTF8.self).contains("rgb(100%,17.647059%,33.333333%)"),
            "the theme's node color is used")
        // A problem inside a theme file points into the theme file.
        let typo = try CLIRunner.run(["render", doc.path, "-o", dir.path, "--theme", "typo.yaml"], directory: dir)
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(
            typo.stderr.hasPrefix("typo.yaml:2:3: error: unknown key 'nodeColr' in style (did you mean 'nodeColor'?)"),
            typo.stderr)
        let unknown = try CLIRunner.run(["render", doc.path, "-o", dir.path, "--theme", "nope"])
        XCTAssertEqual(unknown.status, 2, "a bad flag is bad input")
        XCTAssertTrue(unknown.stderr.contains("--theme 'nope' is neither a built-in theme"), unknown.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("card-1.svg").path))
    }

    /// `--jobs` defaults to the number of cores, which the help names instead of this machine's count.
    func testJobsMustBePositiveAndTheHelpNamesNoMachinesCount() throws {
        let doc = CLIRunner.fixture("plain.yaml")
        let expected = try CLIRunner.temporaryDirectory().path
        for arguments in [["render", doc], ["check", doc, "--expected", expected]] {
            let zero = try CLIRunner.run(arguments + ["--jobs", "0"])
            XCTAssertEqual(zero.status, 2, zero.stderr)
            XCTAssertTrue(zero.stderr.contains("--jobs must be at least 1"), zero.stderr)
            let help = try CLIRunner.run([arguments[0], "--help"])
            let text = String(decoding: help.stdout, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(
                separator: " ")
            XCTAssertTrue(text.contains("(default: the number of cores, which is also the most)."), text)
            XCTAssertFalse(text.contains("cores). (default:"), "no second, machine-dependent default")
        }
    }

    /// Standard input that starts like JSON is read as JSON; when that fails, a note names the flag
    /// that reads it as YAML instead.
    func testStdinReadAsJSONSaysHowToReadItAsYAML() throws {
        let flow = Data("{version: 1, cards: [{items: [{title: A}]}]}\n".utf8)
        let sniffed = try CLIRunner.run(["render", "-", "-o", "-"], stdin: flow)
        XCTAssertEqual(sniffed.status, 2)
        XCTAssertTrue(sniffed.stderr.contains("<stdin>:1:2: error: JSON syntax error"), sniffed.stderr)
        XCTAssertTrue(sniffed.stderr.contains("for YAML, pass --input-format yaml"), sniffed.stderr)
        let yaml = try CLIRunner.run(["render", "-", "-o", "-", "--input-format", "yaml"], stdin: flow)
        XCTAssertEqual(yaml.status, 0, yaml.stderr)
        let bad = try CLIRunner.run(["render", "-", "-o", "-"], stdin: Data("version: 2\n".utf8))
        XCTAssertEqual(bad.status, 2)
        XCTAssertFalse(bad.stderr.contains("--input-format"), "no note for input read as YAML")
    }
}
