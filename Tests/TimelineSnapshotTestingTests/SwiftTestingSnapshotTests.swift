import Testing
import TimelineSnapshotTesting

/// The same assertion from Swift Testing: goldens in __Snapshots__/SwiftTestingSnapshotTests/.
@Suite struct SwiftTestingSnapshotTests {
    @Test func planCard() {
        assertTimelineSnapshot(of: AssertTimelineSnapshotTests.plan, as: [.png, .svg])
    }
}
