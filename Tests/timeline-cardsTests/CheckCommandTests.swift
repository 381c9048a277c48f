import Foundation
import TimelineKit
import XCTest

@testable import TimelineGolden

/// `timeline-cards check` end to end: the built binary, goldens in a temporary folder.
final class CheckCommandTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let demo = root.appendingPathComponent("fixtures/demo.yaml").path
    static let plain = root.appendingPathComponent("fixtures/plain.yaml").path

    var folder: URL!
    var expected: URL { folder.appendingPathComponent("expected") }
    var goldenPNG: URL { expected.appendingPathComponent("demo/release-2.png") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    struct Run {
        var status: Int32
        var stderr: String
    }

    @discardableResult
    func check(_ arguments: [String]) throws -> Run {
        let result = try CLIRunner.run(["check"] + arguments)
        return Run(status: result.status, stderr: result.stderr)
    }

    func record(_ extra: [String] = []) throws {
        let run = try check([Self.demo, "--expected", expected.path, "--record"] + extra)
        XCTAssertEqual(run.status, 0, run.stderr)
    }

    func testRecordThenCheckPasses() throws {
        let first = try check([Self.demo, "--expected", expected.path, "--record"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains("new: \(goldenPNG.path)"), first.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: expected.appendingPathComponent("demo/release-2.svg").path))

        let checked = try check([Self.demo, "--expected", expected.path])
        XCTAssertEqual(checked.status, 0, checked.stderr)
        // Success says so, in one line, so that a CI log shows the check ran and on how much.
        XCTAssertEqual(checked.stderr, "check: 2 of 2 images match\n")

        let again = try check([Self.demo, "--expected", expected.path, "--record"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("unchanged: \(goldenPNG.path)"), again.stderr)
        XCTAssertTrue(again.stderr.contains("0 new, 0 changed, 2 unchanged"), again.stderr)
    }

    func testChangedPixelFailsWithCountsAndWritesADiff() throws {
        try record(["--format", "png"])
        var image = try PixelImage(png: Data(contentsOf: goldenPNG))
        image.rgba[0..<4] = [255, 0, 255, 255]
        try image.pngData().write(to: goldenPNG)

        let diffs = folder.appendingPathComponent("diffs")
        let run = try check([Self.demo, "--expected", expected.path, "--format", "png", "--diff", diffs.path])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(
            run.stderr.contains("\(goldenPNG.path): 1 of \(image.width * image.height) pixels differ"), run.stderr)
        XCTAssertTrue(run.stderr.contains("largest channel difference"), run.stderr)
        // NAME.diff.png (labelled panes above) and NAME.actual.png beside it, both named in the message.
        let diff = try PixelImage(png: Data(contentsOf: diffs.appendingPathComponent("demo/release-2.diff.png")))
        XCTAssertEqual(diff.width, image.width * 3 + 16)
        XCTAssertEqual(diff.height, image.height + DiffLabels.height)
        XCTAssertTrue(
            diff.pixel(x: image.width + 8, y: DiffLabels.height) == (255, 0, 0, 255),
            "the changed pixel is red in the middle panel")
        let actual = try PixelImage(png: Data(contentsOf: diffs.appendingPathComponent("demo/release-2.actual.png")))
        XCTAssertEqual(actual.width, image.width)
        XCTAssertTrue(run.stderr.contains("actual: \(diffs.path)/demo/release-2.actual.png"), run.stderr)

        // Recording refreshes the changed golden.
        let refreshed = try check([Self.demo, "--expected", expected.path, "--format", "png", "--record"])
        XCTAssertTrue(refreshed.stderr.contains("changed: \(goldenPNG.path)"), refreshed.stderr)
        XCTAssertEqual(try check([Self.demo, "--expected", expected.path, "--format", "png"]).status, 0)
    }

    func testToleranceAcceptsSmallChannelDifferences() throws {
        try record(["--format", "png"])
        var image = try PixelImage(png: Data(contentsOf: goldenPNG))
        // An opaque pixel somewhere in the middle, nudged by 3 in one channel.
        let offset = ((image.height / 2) * image.width + image.width / 2) * 4
        XCTAssertEqual(image.rgba[offset + 3], 255)
        image.rgba[offset + 1] = image.rgba[offset + 1] > 100 ? image.rgba[offset + 1] - 3 : image.rgba[offset + 1] + 3
        try image.pngData().write(to: goldenPNG)

        let strict = try check([Self.demo, "--expected", expected.path, "--format", "png", "--tolerance", "2"])
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertTrue(strict.stderr.contains("largest channel difference 3, tolerance 2"), strict.stderr)
        let tolerant = try check([Self.demo, "--expected", expected.path, "--format", "png", "--tolerance", "3"])
        XCTAssertEqual(tolerant.status, 0, tolerant.stderr)
    }

    func testMissingGoldenFailsAndNamesRecord() throws {
        try FileManager.default.createDirectory(at: expected, withIntermediateDirectories: true)
        let run = try check([Self.demo, "--expected", expected.path])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(goldenPNG.path): no golden image"), run.stderr)
        XCTAssertTrue(run.stderr.contains("--record"), run.stderr)
    }

    func testMissingFolderIsBadSetup() throws {
        let run = try check([Self.demo, "--expected", folder.appendingPathComponent("nowhere").path])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("does not exist"), run.stderr)
    }

    func testNonPNGGoldenIsBadSetup() throws {
        try record(["--format", "png"])
        try Data("not an image".utf8).write(to: goldenPNG)
        let run = try check([Self.demo, "--expected", expected.path, "--format", "png"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(goldenPNG.path): error: the expected image is not a PNG file"), run.stderr)
    }

    func testSizeMismatchNamesBothSizes() throws {
        try record(["--format", "png"])
        let actual = try PixelImage(png: Data(contentsOf: goldenPNG))
        try PixelImage(width: 10, height: 12, red: 255, green: 255, blue: 255).pngData().write(to: goldenPNG)
        let run = try check([
            Self.demo, "--expected", expected.path, "--format", "png", "--diff",
            folder.appendingPathComponent("d").path,
        ])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(
            run.stderr.contains("size differs: expected 10×12 px, actual \(actual.width)×\(actual.height) px"),
            run.stderr)
    }

    func testSVGComparedByNormalizedContent() throws {
        try record(["--format", "svg"])
        let golden = expected.appendingPathComponent("demo/release-2.svg")
        let text = try String(contentsOf: golden, encoding: .utf8)
        // Reformatted whitespace still matches.
        try text.replacingOccurrences(of: "\n", with: "\n  ").write(to: golden, atomically: true, encoding: .utf8)
        XCTAssertEqual(try check([Self.demo, "--expected", expected.path, "--format", "svg"]).status, 0)
        // A changed title does not.
        try text.replacingOccurrences(of: "\">Release 2.0</title>", with: "\">Release 3.0</title>")
            .write(to: golden, atomically: true, encoding: .utf8)
        let run = try check([Self.demo, "--expected", expected.path, "--format", "svg"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("SVG differs at normalized line"), run.stderr)
        XCTAssertTrue(run.stderr.contains("Release 3.0"), run.stderr)
    }

    func testSeveralInputsAndFeedsUseRenderNaming() throws {
        let run = try check([Self.demo, Self.plain, "--expected", expected.path, "--format", "svg", "--record"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: expected.appendingPathComponent("demo/release-2.svg").path),
            run.stderr)
        let feed = try check([
            Self.demo, Self.plain, "--expected", expected.path, "--format", "png", "--feed", "--record",
        ])
        XCTAssertEqual(feed.status, 0, feed.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: expected.appendingPathComponent("demo.png").path), feed.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: expected.appendingPathComponent("plain.png").path), feed.stderr)
        XCTAssertEqual(
            try check([Self.demo, Self.plain, "--expected", expected.path, "--format", "png", "--feed"]).status, 0)
    }

    func testPDFIsRefusedAndNotOffered() throws {
        let run = try check([Self.demo, "--expected", folder.path, "--format", "pdf"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("pdf"), run.stderr)
        let help = try CLIRunner.run(["check", "--help"])
        let text = String(decoding: help.stdout, as: UTF8.self)
        let formatHelp =
            text.components(separatedBy: "--format <format>").dropFirst().first?.components(separatedBy: "\n  -").first
            ?? ""
        XCTAssertTrue(formatHelp.contains("svg or png"), text)
        XCTAssertFalse(formatHelp.lowercased().contains("pdf"), "check --format offers no pdf: \(text)")
    }

    /// Adding a second input moves no golden: one layout whatever the number of inputs.
    func testGoldenPathsDoNotDependOnTheNumberOfInputs() throws {
        try record(["--format", "svg"])
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: expected.appendingPathComponent("demo/release-2.svg").path))
        let both = try check([Self.demo, Self.plain, "--expected", expected.path, "--format", "svg"])
        XCTAssertEqual(both.status, 1, both.stderr)
        XCTAssertTrue(both.stderr.contains("check: 1 of 2 images match"), both.stderr)
        XCTAssertTrue(both.stderr.contains("plain/plain.svg: no golden image"), both.stderr)
    }

    /// Goldens of a single input recorded flat (before 0.1.0) are found and the message says how to move them.
    func testOldFlatLayoutGetsAMigrationMessage() throws {
        try record(["--format", "svg"])
        try FileManager.default.moveItem(
            at: expected.appendingPathComponent("demo/release-2.svg"),
            to: expected.appendingPathComponent("release-2.svg"))
        let run = try check([Self.demo, "--expected", expected.path, "--format", "svg"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(expected.path)/release-2.svg is in the old flat layout"), run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "mkdir -p \(expected.path)/demo && mv \(expected.path)/release-2.* \(expected.path)/demo/"), run.stderr)
    }
}
