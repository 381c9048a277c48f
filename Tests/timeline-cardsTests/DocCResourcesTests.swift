import Foundation
import TimelineGolden
import XCTest

/// `timeline-cards docc-resources`, the work of the `render-timelines` plugin: a DocC catalog's
/// timeline files → light and dark images in its Resources/, written only when they change.
final class DocCResourcesTests: XCTestCase {
    var folder: URL!
    var catalog: URL { folder.appendingPathComponent("Docs.docc") }
    var resources: URL { catalog.appendingPathComponent("Resources") }

    static let release = """
        version: 1
        theme: auto
        cards:
          - id: release-2
            header: { title: Release 2.0 }
            items: [{ title: Kickoff, status: complete }, { title: Launch }]

        """
    static let roadmap = #"{"version": 1, "cards": [{"id": "roadmap", "items": [{"title": "Plan"}]}]}"#

    override func setUpWithError() throws {
        folder = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: catalog.appendingPathComponent("Plans"), withIntermediateDirectories: true)
        try write(Self.release, "release.timeline.yaml")
        try write(Self.roadmap, "Plans/roadmap.timeline.json")
        try write("version: 1\ncards: []\n", "not-a-timeline.yaml") // not *.timeline.*: ignored
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ text: String, _ name: String) throws {
        try Data(text.utf8).write(to: catalog.appendingPathComponent(name))
    }

    func renderCatalog(_ extra: [String] = []) throws -> CLIRunner.Result {
        try CLIRunner.run(["docc-resources", catalog.path] + extra)
    }

    func image(_ name: String) throws -> Data { try Data(contentsOf: resources.appendingPathComponent(name)) }

    /// Every image of Resources/ with its modification time (the manifest left out).
    func stamps() throws -> [String: Date] {
        let names = try FileManager.default.contentsOfDirectory(atPath: resources.path).filter {
            $0 != ".timeline-cards-manifest"
        }
        return try Dictionary(
            uniqueKeysWithValues: names.map { name in
                let attributes = try FileManager.default.attributesOfItem(
                    atPath: resources.appendingPathComponent(name).path)
                return (name, attributes[.modificationDate] as? Date ?? .distantPast)
            })
    }

    func testWritesLightAndDarkImagesUnderDocCNames() throws {
        let result = try renderCatalog()
        XCTAssertEqual(result.status, 0, result.stderr)
        let names = ["release-2", "roadmap"].flatMap {
            ["\($0).png", "\($0)@2x.png", "\($0)~dark.png", "\($0)~dark@2x.png"]
        }
        XCTAssertEqual(try stamps().keys.sorted(), names.sorted())
        XCTAssertTrue(result.stderr.contains("wrote \(resources.path)/release-2~dark.png"), result.stderr)
        XCTAssertTrue(result.stderr.contains("8 written, 0 unchanged"), result.stderr)
        // CARD.png is drawn at 1 pixel per point and CARD@2x.png at 2, each for its screen, not one
        // image under two names.
        for name in ["release-2", "release-2~dark"] {
            let single = try PixelImage(png: image("\(name).png"))
            let double = try PixelImage(png: image("\(name)@2x.png"))
            XCTAssertEqual(single.width, 480, name)
            XCTAssertEqual([double.width, double.height], [single.width * 2, single.height * 2], name)
        }
        // The dark variants are dark: theme: auto's dark half, and the dark theme for a file naming none.
        for card in ["release-2", "roadmap"] {
            let day = try PixelImage(png: image("\(card).png"))
            let night = try PixelImage(png: image("\(card)~dark.png"))
            XCTAssertEqual(day.width, night.width)
            XCTAssertGreaterThan(brightness(day), brightness(night) + 100, card)
        }
    }

    /// The mean of red, green and blue over the image (0-765).
    func brightness(_ image: PixelImage) -> Int {
        var sum = 0
        for offset in stride(from: 0, to: image.rgba.count, by: 4) {
            sum += Int(image.rgba[offset]) + Int(image.rgba[offset + 1]) + Int(image.rgba[offset + 2])
        }
        return sum / max(1, image.rgba.count / 4)
    }

    func testASecondRunLeavesEveryFileUntouched() throws {
        XCTAssertEqual(try renderCatalog().status, 0)
        let before = try stamps()
        Thread.sleep(forTimeInterval: 0.05)
        let again = try renderCatalog()
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(again.stderr.contains("wrote"), again.stderr)
        XCTAssertTrue(again.stderr.contains("0 written, 8 unchanged"), again.stderr)
        XCTAssertEqual(try stamps(), before)
    }

    func testCheckFailsAfterAnInputChangesNamingTheFilesAndWritesNothing() throws {
        XCTAssertEqual(try renderCatalog().status, 0)
        let passing = try renderCatalog(["--check"])
        XCTAssertEqual(passing.status, 0, passing.stderr)
        let before = try stamps()
        try write(Self.release.replacingOccurrences(of: "Launch", with: "Launch day"), "release.timeline.yaml")
        let failing = try renderCatalog(["--check"])
        XCTAssertEqual(failing.status, 1, failing.stderr)
        XCTAssertTrue(failing.stderr.contains("\(resources.path)/release-2.png: "), failing.stderr)
        XCTAssertTrue(failing.stderr.contains("\(resources.path)/release-2~dark@2x.png: "), failing.stderr)
        XCTAssertFalse(failing.stderr.contains("roadmap"), failing.stderr)
        XCTAssertEqual(try stamps(), before)
        // A missing image fails too.
        try FileManager.default.removeItem(at: resources.appendingPathComponent("roadmap~dark.png"))
        let missing = try renderCatalog(["--check"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("roadmap~dark.png: no golden image; run without --check"), missing.stderr)
    }

    func testABadInputWritesNothingAndListsEveryProblem() throws {
        try write(Self.release + "      - { title: Beta, status: nearly }\n", "release.timeline.yaml")
        try write(#"{"version": 1, "cards": ["#, "broken.timeline.json")
        let result = try renderCatalog()
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("release.timeline.yaml:7:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("broken.timeline.json:1:"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: resources.path))
    }

    /// The input limits bound a catalog's timeline files as they bound `render`'s inputs, and
    /// the error names the flag that raises them.
    func testTheInputLimitFlagsBoundTheCatalogsFiles() throws {
        let items = try renderCatalog(["--max-items", "1"])
        XCTAssertEqual(items.status, 2, items.stderr)
        XCTAssertTrue(items.stderr.contains("--max-items"), items.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: resources.path))
        let bytes = try renderCatalog(["--max-input-bytes", "40"])
        XCTAssertNotEqual(bytes.status, 0, bytes.stderr)
        XCTAssertTrue(bytes.stderr.contains("--max-input-bytes"), bytes.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: resources.path))
        XCTAssertEqual(try renderCatalog(["--max-items", "2", "--max-input-bytes", "4000"]).status, 0)
    }

    func testTwoCardsOfOneNameAreABadInput() throws {
        try write(
            #"{"version": 1, "cards": [{"id": "roadmap", "items": [{"title": "Other"}]}]}"#, "again.timeline.json")
        let result = try renderCatalog()
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("give one of the cards another id"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: resources.path))
    }

    func testAFileNamingItsOwnThemeHasNoDarkImageAndSVGIsOptional() throws {
        try write(Self.release.replacingOccurrences(of: "theme: auto", with: "theme: fiori"), "release.timeline.yaml")
        let result = try renderCatalog(["--format", "svg", "--format", "png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let names = try stamps().keys
        XCTAssertTrue(names.contains("release-2.svg"))
        XCTAssertTrue(names.contains("roadmap~dark.svg"))
        XCTAssertFalse(names.contains { $0.hasPrefix("release-2~dark") }, "\(names.sorted())")
    }

    /// DocC picks the `~dark` image by its own toggle: the light SVG of `theme: auto` carries no
    /// `prefers-color-scheme` style sheet of its own, which would follow the system instead.
    func testTheLightSVGIsLightOnly() throws {
        let result = try renderCatalog(["--format", "svg"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let light = String(decoding: try image("release-2.svg"), as: UTF8.self)
        let dark = String(decoding: try image("release-2~dark.svg"), as: UTF8.self)
        XCTAssertFalse(light.contains("prefers-color-scheme"))
        XCTAssertFalse(dark.contains("prefers-color-scheme"))
        XCTAssertNotEqual(light, dark)
        XCTAssertFalse(try stamps().keys.contains { $0.hasSuffix(".png") })
    }

    func testNoTimelineFilesIsNotAnError() throws {
        let empty = folder.appendingPathComponent("Empty.docc")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try CLIRunner.run(["docc-resources", empty.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("no *.timeline.yaml"), result.stderr)
        let missing = try CLIRunner.run(["docc-resources", folder.appendingPathComponent("Nope.docc").path])
        XCTAssertEqual(missing.status, 2, missing.stderr)
    }
}
