import Foundation
import TimelineGolden
import TimelineSnapshotStrategies
import XCTest

/// `.timeline(.svg)` and `.timeline(.png)` in swift-snapshot-testing's own `assertSnapshot`, for
/// text and for the Swift model, against the references committed in `__Snapshots__`.
final class TimelineStrategyTests: XCTestCase {
    static let yaml = """
        version: 1
        cards:
          - id: plan
            items:
              - { title: Kickoff, date: 2026-03-02, status: complete }
              - { title: Launch, date: 2026-06-01, status: end }
        """

    static let timeline = Timeline(cards: [
        Card(
            id: "plan",
            items: [
                Item("Kickoff", date: "2026-03-02", status: .complete),
                Item("Launch", date: "2026-06-01", status: .end),
            ])
    ])

    func testTextAsSVGAndPNG() {
        assertSnapshot(of: Self.yaml, as: .timeline(.svg))
        assertSnapshot(of: Self.yaml, as: .timeline(.png))
    }

    /// The model draws what its YAML draws: the same references, under the library's own names.
    func testTheSwiftModel() {
        assertSnapshot(of: Self.timeline, as: .timeline(.svg), named: "model")
        assertSnapshot(of: Self.timeline, as: .timeline(.png), named: "model")
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/TimelineStrategyTests")
        for ext in ["svg", "png"] {
            let text = try? Data(
                contentsOf: folder.appendingPathComponent("testTextAsSVGAndPNG.\(ext == "svg" ? 1 : 2).\(ext)"))
            let model = try? Data(contentsOf: folder.appendingPathComponent("testTheSwiftModel.model.\(ext)"))
            XCTAssertNotNil(text)
            XCTAssertEqual(text, model, "the model's \(ext) and its YAML's")
        }
    }

    /// Several cards are one strip, unless `card` picks one; an SVG's options are taken as given.
    func testSeveralCards() throws {
        let two = Self.yaml + "\n  - id: second\n    items: [{ title: Second }]\n"
        var options = RenderOptions()
        options.feed = true
        options.formats = [.png]
        let strip = try TimelineKit.render(.text(two), options: options).images
        XCTAssertEqual(strip.count, 1)
        assertSnapshot(of: two, as: .timeline(.png), named: "strip")
        assertSnapshot(of: two, as: .timeline(.svg, card: "second"), named: "second")
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/TimelineStrategyTests")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("testSeveralCards.strip.png")), strip[0].data)
    }
}
