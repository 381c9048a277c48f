import Foundation
import XCTest

/// The budget end to end: pixels per image, the scale's range, a batch that lets go of each
/// input's images once written to temporaries and leaves nothing behind when one input is bad,
/// and images never written through a link below the output folder.
final class BudgetTests: XCTestCase {
    static let card = "version: 1\ncards:\n  - items:\n      - title: a\n"
    private let manager = FileManager.default

    private func write(_ text: String, _ path: String, in folder: URL) throws {
        try CLIRunner.write(text, path, in: folder)
    }

    func testAPNGOfTooManyPixelsIsALocatedErrorAndWritesNothing() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(
            "version: 1\ncards:\n  - style: {width: 16000}\n    items:\n      - title: a\n", "wide.yaml", in: folder)
        let result = try CLIRunner.run(
            ["render", "wide.yaml", "-o", "out", "--format", "png", "--max-pixels", "1000000"], directory: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("wide.yaml:3:5: error: card 'card-1' would be 32000×"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--max-pixels"), result.stderr)
        XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    func testAnImageFileOverTheByteLimitIsALocatedErrorAndWritesNothing() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(Self.card, "in.yaml", in: folder)
        let result = try CLIRunner.run(
            ["render", "in.yaml", "-o", "out", "--max-output-bytes", "1000"], directory: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("in.yaml:3:5: error: card 'card-1' would be a "), result.stderr)
        XCTAssertTrue(result.stderr.contains("more than the limit of 1000"), result.stderr)
        XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    func testScalesThatMakeDotsAreUsageErrors() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(Self.card, "in.yaml", in: folder)
        for scale in ["1e-300", "0.0001", "0.09", "17"] {
            let result = try CLIRunner.run(
                ["render", "in.yaml", "--format", "png", "--scale", scale], directory: folder)
            XCTAssertEqual(result.status, 2, "\(scale): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--scale must be from 0.1 to 16"), result.stderr)
        }
    }

    /// One bad input among good ones: its problems, exit 2, no image, no temporary, no folder.
    func testABadInputInABatchLeavesNoImageTemporaryOrFolder() throws {
        let folder = try CLIRunner.temporaryDirectory()
        for index in 0..<6 { try write(Self.card, "in/good-\(index).yaml", in: folder) }
        try write("version: 1\ncards:\n  - items:\n      - bogus: 1\n", "in/z-bad.yaml", in: folder)
        let result = try CLIRunner.run(
            ["render", "in", "-o", "out/deep", "--format", "svg", "--format", "png"], directory: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("in/z-bad.yaml:4:9: error:"), result.stderr)
        XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("out").path), "no folder left")
    }

    func testImagesAreNotWrittenThroughALinkBelowTheOutputFolder() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let elsewhere = try CLIRunner.temporaryDirectory()
        try write(Self.card, "a.yaml", in: folder)
        try write(Self.card, "b.yaml", in: folder)
        try manager.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("out/a").path, withDestinationPath: elsewhere.path)
        let result = try CLIRunner.run(["render", "a.yaml", "b.yaml", "-o", "out"], directory: folder)
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("out/a is a link"), result.stderr)
        XCTAssertEqual(try manager.contentsOfDirectory(atPath: elsewhere.path), [])
        XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("out/b").path), "nothing written")
    }

    /// The largest --max-items is a limit like any other, not an overflow trap.
    func testTheLargestItemLimitDoesNotOverflow() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(Self.card, "in.yaml", in: folder)
        let result = try CLIRunner.run(["validate", "in.yaml", "--max-items", String(Int.max)], directory: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// A description of one unbroken word is wrapped in linear time: Pango, left to itself, tried
    /// every character of a word longer than the line (30 such descriptions took 17.5 s).
    func testLongUnbrokenWordsInDescriptionsWrapInLinearTime() throws {
        let folder = try CLIRunner.temporaryDirectory()
        func document(_ count: Int) -> String {
            let items = (0..<3).map {
                "      - {title: t\($0), description: \"\(String(repeating: "xa", count: count))\"}\n"
            }
            return "version: 1\ncards:\n  - items:\n" + items.joined()
        }
        try write(document(5_000), "small.yaml", in: folder)
        try write(document(10_000), "large.yaml", in: folder)
        func seconds(_ name: String) throws -> Double {
            let start = Date()
            let result = try CLIRunner.run(["validate", name, "--max-text", "50000"], directory: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
            return Date().timeIntervalSince(start)
        }
        var (small, large) = (Double.infinity, Double.infinity)
        for _ in 0..<3 {
            small = min(small, try seconds("small.yaml"))
            large = min(large, try seconds("large.yaml"))
        }
        XCTAssertLessThan(large, small * 2.5 + 0.1, "\(small) s, then \(large) s")
    }
}
