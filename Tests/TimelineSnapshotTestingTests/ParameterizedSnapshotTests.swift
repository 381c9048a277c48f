import Foundation
import Testing
import TimelineSnapshotTesting

/// Snapshots in a parameterized Swift Testing test: named from the argument, each case has its
/// own golden whatever order the cases run in (they run in parallel); unnamed, every case fails
/// with a message asking for `named:` instead of getting a name by the order it arrived in.
@Suite struct ParameterizedSnapshotTests {
    static let titles = ["Kickoff", "Design review", "Launch"]

    static func card(_ title: String) -> String {
        "version: 1\ncards:\n  - id: step\n    items:\n      - title: \(title)\n"
    }

    @Test(arguments: titles)
    func namedCases(title: String) {
        assertTimelineSnapshot(of: Self.card(title), as: [.svg], named: title)
    }

    @Test(arguments: titles)
    func unnamedCasesAskForAName(title: String) {
        withKnownIssue {
            assertTimelineSnapshot(of: Self.card(title), as: [.svg], record: .never)
        } matching: { issue in
            issue.description.contains("an unnamed snapshot in a parameterized test")
        }
    }
}
