import Foundation
import TimelineGolden
import TimelineKit
import XCTest

/// Every fixture is drawn and compared with its committed goldens, through the same code as
/// `timeline-cards check`. Re-record with `make goldens`
/// (or `TIMELINE_RECORD=1 swift test --filter FixtureGoldenTests`).
final class FixtureGoldenTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = root.appendingPathComponent("fixtures")
    static let expected = fixtures.appendingPathComponent("expected")
    static let diffs = root.appendingPathComponent(".build/golden-diffs")
    static let recordHint = "run `make goldens` (or TIMELINE_RECORD=1 swift test --filter FixtureGoldenTests)"
    /// Antialiasing may differ by one step between cairo/pixman builds.
    static let tolerance = 1

    /// `fixtures/*.yaml` and `fixtures/*.json`, sorted.
    static func fixtureFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: fixtures, includingPropertiesForKeys: nil)
            .filter { ["yaml", "yml", "json"].contains($0.pathExtension) && !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func isFeed(_ file: URL) -> Bool { file.lastPathComponent.hasPrefix("feed-") }

    /// Cards compare in `expected/<input-name>/`; feeds as `expected/<input-name>.<ext>`.
    static func goldenDirectory(for file: URL) -> URL {
        isFeed(file) ? expected : expected.appendingPathComponent(file.deletingPathExtension().lastPathComponent)
    }

    static func options(for file: URL) -> RenderOptions {
        var options = GoldenCheck.defaultOptions
        options.feed = isFeed(file)
        return options
    }

    func testEveryFixtureMatchesItsGoldens() throws {
        let files = try Self.fixtureFiles()
        XCTAssertFalse(files.isEmpty, "no fixtures found in \(Self.fixtures.path)")
        let record = GoldenCheck.recordModeFromEnvironment
        var compared = 0
        for file in files {
            let name = file.lastPathComponent
            let report: GoldenCheck.Report
            do {
                report = try GoldenCheck.report(ofFile: file, matchIn: Self.goldenDirectory(for: file),
                                                options: Self.options(for: file), tolerance: Self.tolerance,
                                                diffDirectory: Self.diffs.appendingPathComponent(file.deletingPathExtension().lastPathComponent),
                                                record: record, recordHint: Self.recordHint)
            } catch {
                XCTFail("\(name): cannot render: \(error)")
                continue
            }
            if record {
                for line in report.recordSummary { print("FixtureGoldenTests: \(line)") }
                XCTAssertFalse(report.recorded.isEmpty, "\(name): recording wrote nothing")
                continue
            }
            if !Self.isFeed(file), report.problems.contains(where: { $0.path == Self.goldenDirectory(for: file).path }) {
                XCTFail("\(name): no goldens in \(Self.goldenDirectory(for: file).path); \(Self.recordHint)")
                continue
            }
            for problem in report.problems { XCTFail("\(name): \(problem)") }
            for mismatch in report.mismatches { XCTFail("\(name): \(mismatch)") }
            XCTAssertFalse(report.matched.isEmpty && report.mismatches.isEmpty && report.problems.isEmpty,
                           "\(name): no image was compared")
            compared += report.matched.count
        }
        if !record { XCTAssertGreaterThan(compared, 0, "no golden matched at all") }
    }

    /// A golden no fixture draws any more (a card renamed or removed) would go unnoticed.
    func testEveryGoldenBelongsToAFixture() throws {
        let files = try Self.fixtureFiles()
        guard FileManager.default.fileExists(atPath: Self.expected.path) else {
            XCTFail("\(Self.expected.path) does not exist; \(Self.recordHint)")
            return
        }
        var expectedPaths: Set<String> = []
        for file in files {
            let input = try InputSource.load([file.path])
            let renderer = try TimelineRenderer(options: Self.options(for: file))
            for source in input {
                let document = try renderer.decode(source)
                for image in try renderer.layOut(document, name: source.baseName) {
                    let name = "\(image.name).\(image.format.rawValue)"
                    let golden = Self.goldenDirectory(for: file).appendingPathComponent(name)
                    expectedPaths.insert(golden.standardizedFileURL.path)
                }
            }
        }
        let enumerator = FileManager.default.enumerator(at: Self.expected, includingPropertiesForKeys: [.isRegularFileKey])
        var stale: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard ["svg", "png"].contains(url.pathExtension) else { continue }
            if !expectedPaths.contains(url.standardizedFileURL.path) { stale.append(url.path) }
        }
        XCTAssertEqual(stale, [], "goldens that no fixture draws; delete them (or restore their fixture)")
    }
}
