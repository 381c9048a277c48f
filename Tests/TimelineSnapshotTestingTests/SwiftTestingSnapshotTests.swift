import Foundation
import Testing
import TimelineSnapshotTesting

/// The same assertion from Swift Testing: goldens in __Snapshots__/SwiftTestingSnapshotTests/.
@Suite struct SwiftTestingSnapshotTests {
    @Test func planCard() {
        assertTimelineSnapshot(of: AssertTimelineSnapshotTests.plan, as: [.png, .svg])
    }

    /// The committed golden is another card's image: the assertion records an issue in the running
    /// Swift Testing test (expected here), with the diff and the rendered image attached.
    @Test func mismatchFailsTheTest() {
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swift-testing-artifacts-\(UUID().uuidString)")
        setenv("TIMELINE_ARTIFACTS", artifacts.path, 1)
        defer {
            unsetenv("TIMELINE_ARTIFACTS")
            try? FileManager.default.removeItem(at: artifacts)
        }
        withKnownIssue {
            assertTimelineSnapshot(of: AssertTimelineSnapshotTests.plan, record: .never)
        } matching: { issue in
            issue.description.contains("size differs")
                && issue.sourceLocation?.fileName == "SwiftTestingSnapshotTests.swift"
        }
        #expect(
            FileManager.default.fileExists(
                atPath: artifacts.appendingPathComponent(
                    "SwiftTestingSnapshotTests/mismatchFailsTheTest.plan.actual.png"
                ).path))
    }
}
