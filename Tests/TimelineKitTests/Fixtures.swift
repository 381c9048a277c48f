import Foundation
import TimelineGolden
import TimelineKit

/// The inputs of `fixtures/` and where their goldens are, as `make goldens` and
/// `timeline-cards check` lay them out.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let folder = root.appendingPathComponent("fixtures")
    static let expected = folder.appendingPathComponent("expected")
    static let diffs = root.appendingPathComponent(".build/golden-diffs")

    /// `fixtures/*.yaml`, `*.yml`, `*.json` and `*.mmd` (Mermaid timelines), sorted.
    static func files() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter {
                ["yaml", "yml", "json", "mmd"].contains($0.pathExtension) && !$0.lastPathComponent.hasPrefix(".")
            }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The fixtures' file names, the arguments of tests run once per fixture; empty when the folder
    /// cannot be read, which `FixtureGoldenTests.fixturesAreFound` reports.
    static var names: [String] { ((try? files()) ?? []).map(\.lastPathComponent) }

    static func file(_ name: String) -> URL { folder.appendingPathComponent(name) }

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
}
