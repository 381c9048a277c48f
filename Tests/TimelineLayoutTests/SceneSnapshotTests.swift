import Foundation
import Testing
import TimelineLayout
import TimelineModel
import TimelineScene
import TimelineSpec

/// Each core fixture's scenes, laid out with the font-free `FakeTextMeasurer`, against their JSON
/// snapshots in `Snapshots/` (`<fixture>-<card id>.json`): one test case per fixture. A missing
/// snapshot is recorded and fails once; `TIMELINE_RECORD=1` re-records them all.
@Suite struct SceneSnapshotTests {
    static let snapshots = ListLayoutTests.root.appendingPathComponent("Tests/TimelineLayoutTests/Snapshots")

    static func document(_ name: String) throws -> Document {
        let url = ListLayoutTests.root.appendingPathComponent("fixtures/\(name).yaml")
        return try DocumentDecoder().decode(
            Data(contentsOf: url), file: url.lastPathComponent, format: .yaml,
            baseDirectory: url.deletingLastPathComponent().path)
    }

    @Test(arguments: ListLayoutTests.coreFixtures)
    func cardScenesMatchTheirSnapshots(_ name: String) throws {
        for card in try Self.document(name).cards {
            let scene = try CardLayout.scene(for: card, measurer: FakeTextMeasurer())
            try Self.assertSnapshot(try scene.snapshotJSON(), named: "\(name)-\(card.id)")
        }
    }

    @Test func feedSceneMatchesItsSnapshot() throws {
        let feed = try FeedLayout.scene(for: try Self.document("feed-three"), measurer: FakeTextMeasurer()).scene
        try Self.assertSnapshot(try feed.snapshotJSON(), named: "feed-three-feed")
    }

    static func assertSnapshot(
        _ json: String, named name: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let url = snapshots.appendingPathComponent("\(name).json")
        let record = ProcessInfo.processInfo.environment["TIMELINE_RECORD"] == "1"
        guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
            try json.write(to: url, atomically: true, encoding: .utf8)
            if !record {
                Issue.record(
                    "no snapshot for \(name); recorded it at \(url.path) — check it and run again",
                    sourceLocation: sourceLocation)
            }
            return
        }
        if expected != json {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).actual.json")
            try json.write(to: actual, atomically: true, encoding: .utf8)
            let diff = "diff \(url.path) \(actual.path)"
            Issue.record(
                "scene of \(name) differs from its snapshot: \(diff) (TIMELINE_RECORD=1 re-records)",
                sourceLocation: sourceLocation)
        }
    }
}
