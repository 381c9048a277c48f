import CCairo
import Foundation
import Testing
import TimelineCommandSupport
import TimelineGolden
import TimelineKit

/// Every fixture is drawn and compared with its committed goldens, through the same code as
/// `timeline-cards check`: one test case per fixture, named by its file. Re-record with
/// `make goldens` (or `TIMELINE_RECORD=1 swift test --filter FixtureGoldenTests`).
@Suite struct FixtureGoldenTests {
    static let recordHint = "run `make goldens` (or TIMELINE_RECORD=1 swift test --filter FixtureGoldenTests)"
    /// Exact on the cairo that recorded the goldens (`fixtures/expected/cairo-version.txt`, which
    /// `make goldens` writes): a shape drawn as another path moves single pixels by one step, which
    /// a tolerance would hide. Another cairo rasterizes some edges otherwise: cairo 1.18 (Debian 13)
    /// draws emboldened Chinese and Japanese glyphs up to 22 levels apart in a few hundred pixels
    /// of six fixtures, so there PNG channels may differ by 32; `make platform-check` holds every
    /// PNG to an RMSE of 0.01 against this machine's, and SVGs are compared exactly everywhere.
    static let tolerance = recordedCairo == nil || recordedCairo == runningCairo ? 0 : 32
    static let runningCairo = String(cString: cairo_version_string())
    static let recordedCairo = try? String(
        contentsOf: Fixtures.expected.appendingPathComponent("cairo-version.txt"), encoding: .utf8
    ).trimmingCharacters(in: .whitespacesAndNewlines)

    /// `make goldens` names the cairo it recorded with, which the tolerance above reads.
    @Test func theGoldensNameTheirCairo() throws {
        let recorded = try #require(Self.recordedCairo, "fixtures/expected/cairo-version.txt; \(Self.recordHint)")
        #expect(recorded.split(separator: ".").count == 3 && recorded.allSatisfy { $0.isNumber || $0 == "." })
    }

    @Test func fixturesAreFound() throws {
        #expect(try !Fixtures.files().isEmpty, "no fixtures found in \(Fixtures.folder.path)")
    }

    @Test(arguments: Fixtures.names)
    func fixtureMatchesItsGoldens(_ name: String) throws {
        let file = Fixtures.file(name)
        let golden = Fixtures.goldenDirectory(for: file)
        let record = GoldenCheck.recordModeFromEnvironment
        let diffs = Fixtures.diffs.appendingPathComponent(file.deletingPathExtension().lastPathComponent)
        let report = try GoldenCheck.report(
            ofFile: file, matchIn: golden, options: Fixtures.options(for: file),
            tolerance: Self.tolerance, diffDirectory: diffs,
            record: record, recordHint: Self.recordHint)
        if record {
            for line in report.recordSummary { print("FixtureGoldenTests: \(line)") }
            #expect(!report.recorded.isEmpty, "recording wrote nothing")
            return
        }
        if !Fixtures.isFeed(file), report.problems.contains(where: { $0.path == golden.path }) {
            Issue.record("no goldens in \(golden.path); \(Self.recordHint)")
            return
        }
        for problem in report.problems { Issue.record("\(problem)") }
        for mismatch in report.mismatches { Issue.record("\(mismatch)") }
        #expect(
            !(report.matched.isEmpty && report.mismatches.isEmpty && report.problems.isEmpty),
            "no image was compared")
    }

    /// A golden no fixture draws any more (a card renamed or removed) would go unnoticed.
    @Test func everyGoldenBelongsToAFixture() throws {
        guard FileManager.default.fileExists(atPath: Fixtures.expected.path) else {
            Issue.record("\(Fixtures.expected.path) does not exist; \(Self.recordHint)")
            return
        }
        var expectedPaths: Set<String> = []
        for file in try Fixtures.files() {
            let renderer = try TimelineRenderer(options: Fixtures.options(for: file))
            for source in try InputSource.load([file.path], maxBytes: Limits().maxInputBytes) {
                let document = try renderer.decode(source)
                for image in try renderer.layOut(document, name: source.baseName) {
                    let name = "\(image.name).\(image.format.rawValue)"
                    let path = Fixtures.goldenDirectory(for: file).appendingPathComponent(name)
                    expectedPaths.insert(path.standardizedFileURL.path)
                }
            }
        }
        let enumerator = FileManager.default.enumerator(
            at: Fixtures.expected,
            includingPropertiesForKeys: [.isRegularFileKey])
        var stale: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard ["svg", "png"].contains(url.pathExtension) else { continue }
            if !expectedPaths.contains(url.standardizedFileURL.path) { stale.append(url.path) }
        }
        #expect(stale == [], "goldens that no fixture draws; delete them (or restore their fixture)")
    }
}
