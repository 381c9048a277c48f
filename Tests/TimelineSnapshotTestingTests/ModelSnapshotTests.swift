import Testing
import TimelineSnapshotTesting

/// `assertTimelineSnapshot` of a timeline built in Swift, with nothing imported but the product:
/// `Timeline`, `Card`, `Item` and `RenderOptions` come with it.
@Suite struct ModelSnapshotTests {
    @Test func aTimelineBuiltInSwift() {
        var options = RenderOptions()
        options.scale = 1
        let plan = Timeline(cards: [
            Card(
                id: "plan",
                items: [
                    Item("Kickoff", status: .complete),
                    .group("Build", items: [Item("API", statusText: "Done"), Item("App", status: .inProgress)]),
                    Item("Launch", status: .end),
                ])
        ])
        assertTimelineSnapshot(of: plan, as: [.png, .svg], record: .missing, options: options)
    }
}
