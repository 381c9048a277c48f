import Foundation
import TimelineLayout
import TimelineModel
import TimelineScene
import TimelineSpec
import XCTest

/// The list layout, font-free: geometry rules every card must keep (its scenes' snapshots are
/// `SceneSnapshotTests`).
final class ListLayoutTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let coreFixtures = [
        "plain", "timelinecards", "groups", "nested-groups", "shapes", "long-text", "dark", "feed-three", "demo",
    ]

    func document(_ name: String) throws -> Document {
        let url = Self.root.appendingPathComponent("fixtures/\(name).yaml")
        return try DocumentDecoder().decode(
            Data(contentsOf: url), file: url.lastPathComponent, format: .yaml,
            baseDirectory: url.deletingLastPathComponent().path)
    }

    func testNodesSitOnOneLineAndTitlesAlignWithTheirNodes() throws {
        for name in Self.coreFixtures {
            for card in try document(name).cards {
                let scene = try CardLayout.scene(for: card, measurer: FakeTextMeasurer())
                let markers = scene.nodes.compactMap { node -> MarkerNode? in
                    if case .marker(let m) = node { return m } else { return nil }
                }
                let xs = Set(markers.map { ($0.center.x * 1000).rounded() })
                XCTAssertEqual(xs.count, 1, "\(name): every node of a vertical list is on the same line")
                let titles = scene.nodes.compactMap { node -> TextNode? in
                    if case .text(let t) = node, t.font == card.style.resolvedTitleFont { return t } else { return nil }
                }
                // Each node's centre is the middle of some title's first line (fake: baseline - size + 1.25 size / 2).
                for marker in markers {
                    let aligned = titles.contains { title in
                        guard let first = title.lines.first else { return false }
                        let middle = first.baseline - 14 + 14 * 1.25 / 2
                        return abs(middle - marker.center.y) < 0.01
                    }
                    XCTAssertTrue(
                        aligned, "\(name)/\(card.id): node at y \(marker.center.y) has no title centred on it")
                }
            }
        }
    }

    func testNothingLeavesTheCardAndHeightFollowsWrappedText() throws {
        for name in Self.coreFixtures {
            for card in try document(name).cards {
                let scene = try CardLayout.scene(for: card, measurer: FakeTextMeasurer())
                for case .text(let text) in scene.nodes {
                    for line in text.lines {
                        XCTAssertGreaterThanOrEqual(
                            line.x, card.style.margins.left - 0.001, "\(name): '\(line.text)' starts left of the margin"
                        )
                        XCTAssertLessThanOrEqual(
                            line.x + line.width, scene.width - card.style.margins.right + 0.001,
                            "\(name): '\(line.text)' overflows")
                        XCTAssertLessThan(line.baseline, scene.height, "\(name): '\(line.text)' is below the card")
                    }
                }
            }
        }
        // Wrapping a title to more lines makes the card taller by exactly those lines.
        var card = try document("plain").cards[0]
        let short = try CardLayout.scene(for: card, measurer: FakeTextMeasurer()).height
        card.items[3].title = String(repeating: "word ", count: 60)
        let long = try CardLayout.scene(for: card, measurer: FakeTextMeasurer())
        let lines =
            long.nodes.compactMap { node -> Int? in
                if case .text(let t) = node, t.lines.first?.text.hasPrefix("word") == true {
                    return t.lines.count
                } else {
                    return nil
                }
            }.first ?? 0
        XCTAssertGreaterThan(lines, 3)
        XCTAssertEqual(long.height - short, Double(lines - 1) * 14 * 1.25, accuracy: 0.001)
    }

    func testSegmentsJoinNodeEdgesAndSkipAroundStartAndEnd() throws {
        let card = try document("dark").cards[0] // start, complete, open, end
        let scene = try CardLayout.scene(for: card, measurer: FakeTextMeasurer())
        let markers = scene.nodes.compactMap { node -> MarkerNode? in
            if case .marker(let m) = node { return m } else { return nil }
        }
        let lines = scene.nodes.compactMap { node -> LineNode? in
            if case .line(let l) = node { return l } else { return nil }
        }
        XCTAssertEqual(markers.count, 4)
        XCTAssertEqual(lines.count, 3, "first has no leading, last no trailing segment")
        for (line, (upper, lower)) in zip(lines, zip(markers, markers.dropFirst())) {
            XCTAssertEqual(line.from.y, upper.center.y + upper.size / 2, accuracy: 0.001)
            XCTAssertEqual(line.to.y, lower.center.y - lower.size / 2, accuracy: 0.001)
        }
        var cut = card
        cut.items[1].status = .end
        cut.items[2].status = .start
        let cutLines = try CardLayout.scene(for: cut, measurer: FakeTextMeasurer()).nodes.filter {
            if case .line = $0 { return true } else { return false }
        }
        XCTAssertEqual(cutLines.count, 2, "no segment after an end node nor before a start node")
    }

    func testGroupsIndentChildrenAndUseSmallerNodes() throws {
        let card = try document("nested-groups").cards[0]
        let scene = try CardLayout.scene(for: card, measurer: FakeTextMeasurer())
        let markers = scene.nodes.compactMap { node -> MarkerNode? in
            if case .marker(let m) = node { return m } else { return nil }
        }
        XCTAssertEqual(markers.first?.size, card.style.groupShapeSize)
        XCTAssertTrue(markers.contains { $0.size == card.style.subShapeSize })
        let x: (String) -> Double? = { title in
            scene.nodes.compactMap { node -> Double? in
                if case .text(let t) = node, t.lines.first?.text == title { return t.lines[0].x } else { return nil }
            }.first
        }
        let programme = try XCTUnwrap(x("Programme"))
        let phase = try XCTUnwrap(x("Phase 1"))
        let interviews = try XCTUnwrap(x("Interviews"))
        XCTAssertEqual(phase - programme, card.style.nestIndent, accuracy: 0.001)
        XCTAssertEqual(interviews - programme, card.style.nestIndent * 3, accuracy: 0.001)
        let boxes = scene.nodes.filter {
            if case .box(let b) = $0, b.fill?.a ?? 255 < 255 { return true } else { return false }
        }
        XCTAssertEqual(boxes.count, 4, "one tinted box per group")
    }

    func testDescriptionListsEveryNode() throws {
        let scene = try CardLayout.scene(for: try document("demo").cards[0], measurer: FakeTextMeasurer())
        XCTAssertEqual(
            scene.description.first, "Release 2.0 — Q4 plan", "the card's own title and subtitle, drawn only in a feed")
        XCTAssertEqual(scene.description[1], "Release 2.0 — From kickoff to launch", "then the header band")
        XCTAssertEqual(scene.description[2], "Kickoff — Scope and goals agreed (start)")
        XCTAssertEqual(scene.description.last, "Updated weekly · owner: platform team", "the footer band last")
        XCTAssertEqual(scene.description.count, 9)
        XCTAssertEqual(scene.title, "Release 2.0")
    }

    func testDescriptionCarriesAttributesAndStatusTexts() throws {
        let source = """
            version: 1
            cards:
              - id: c
                items:
                  - { title: Order, subtitle: Sub, attribute: Attr, statusText: Shipped, \
            subStatusText: 2 days late, event: "9:00" }
            """
        let card = try XCTUnwrap(
            try DocumentDecoder().decode(Data(source.utf8), file: "c.yaml", format: .yaml, baseDirectory: "/").cards
                .first)
        let scene = try CardLayout.scene(for: card, measurer: FakeTextMeasurer())
        XCTAssertEqual(scene.description, ["9:00 — Order — Sub — Attr — Shipped — 2 days late (open)"])
    }
}
