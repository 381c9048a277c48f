import Foundation
import Testing
import TimelineModel
import TimelineScene
import TimelineSpec
import XCTest

@testable import TimelineLayout

/// Mermaid sections drawn as Mermaid draws them, checked in the scene (font-free): one node per
/// period and none per section, each section's header band spanning its periods' nodes (across
/// them left to right, along them top down), in a tint of the section's own colour.
final class MermaidSectionLayoutTests: XCTestCase {
    private static let diagram = """
        timeline %@
            title Sections
            Before : a lone period
            section Discovery
                Interviews : Customer calls : Survey
                Personas : Three personas
            section Build
                API : Contract
                Web app : First screens
                Launch : Press
        """

    private func card(_ direction: String, config: String = "") throws -> Card {
        let text = config + String(format: Self.diagram, direction)
        let document = try DocumentDecoder().decode(
            Data(text.utf8), file: "roadmap.mmd", format: .mermaid, baseDirectory: NSTemporaryDirectory())
        return try XCTUnwrap(document.cards.first)
    }

    private func markers(_ scene: Scene) -> [MarkerNode] {
        scene.nodes.compactMap { if case .marker(let marker) = $0 { marker } else { nil } }
    }

    /// The section's header band: the box filled with its colour's header tint over the card.
    private func headerBand(_ scene: Scene, _ section: Section, card: Card) throws -> Rect {
        let fill = section.color.readable(on: card.style.background, minimum: 3)
            .withOpacity(ListSectionBands.headerTint).over(card.style.background).rgba
        let boxes = scene.nodes.compactMap { node -> Rect? in
            guard case .box(let box) = node, box.fill == fill else { return nil }
            return box.rect
        }
        XCTAssertEqual(boxes.count, 1, "one header band for \(section.name)")
        return try XCTUnwrap(boxes.first)
    }

    func testLeftToRightHeaderBandsSpanTheirPeriodsNodes() throws {
        let card = try card("LR")
        let scene = try CardLayout.scene(for: card, measurer: FakeTextMeasurer())
        let nodes = markers(scene)
        XCTAssertEqual(nodes.count, 6, "one node per period, none per section")
        let discovery = try XCTUnwrap(scene.description.firstIndex(of: "Discovery"), "the band's name is described")
        XCTAssertTrue(scene.description[discovery + 1].hasPrefix("Interviews"), "before its first period")
        let sections = [("Discovery", 1...2), ("Build", 3...5)]
        for (name, periods) in sections {
            let section = try XCTUnwrap(card.sections.first { $0.name == name })
            let band = try headerBand(scene, section, card: card)
            for index in periods {
                let center = nodes[index].center
                XCTAssertTrue(band.x < center.x && center.x < band.x + band.width, "\(name) spans period \(index)")
                XCTAssertLessThan(band.y + band.height, center.y, "\(name)'s band is above its nodes")
            }
            for index in nodes.indices where !periods.contains(index) {
                let center = nodes[index].center.x
                XCTAssertFalse(band.x < center && center < band.x + band.width, "\(name) ends at its own periods")
            }
            let label = try XCTUnwrap(SceneJSON(scene).texts.first { $0.text == name })
            XCTAssertTrue(band.y <= label.y && label.y + label.height <= band.y + band.height, "its name is in it")
        }
    }

    func testTopDownHeaderBandsAreTheSameTurned() throws {
        let card = try card("TD")
        let scene = try CardLayout.scene(for: card, measurer: FakeTextMeasurer())
        let nodes = markers(scene)
        XCTAssertEqual(nodes.count, 6)
        for (name, periods) in [("Discovery", 1...2), ("Build", 3...5)] {
            let section = try XCTUnwrap(card.sections.first { $0.name == name })
            let band = try headerBand(scene, section, card: card)
            for index in periods {
                let center = nodes[index].center
                XCTAssertTrue(band.y < center.y && center.y < band.y + band.height, "\(name) spans period \(index)")
                XCTAssertLessThan(band.x + band.width, center.x, "\(name)'s band is left of its nodes")
            }
        }
    }

    /// A long LR timeline is as wide as the widest card, and refused before a text is measured
    /// when its columns cannot fit (thousands of them once took half an hour to lay out).
    func testTooManyColumnsAreRefusedBeforeMeasuring() throws {
        var text = "timeline\n"
        for index in 0..<3_000 { text += "\(index) : an event\n" }
        let document = try DocumentDecoder().decode(
            Data(text.utf8), file: "long.mmd", format: .mermaid, baseDirectory: NSTemporaryDirectory())
        let card = try XCTUnwrap(document.cards.first)
        XCTAssertEqual(card.style.width, 100_000)
        let measurer = CountingMeasurer()
        XCTAssertThrowsError(try CardLayout.scene(for: card, measurer: measurer)) { error in
            XCTAssertGreaterThan((error as? WidthRefusal)?.minimum ?? 0, 100_000)
        }
        XCTAssertEqual(measurer.count.value, 0, "no text measured")
    }

    func testNodesTakeTheirSectionsColourOrOneColour() throws {
        let multicolour = try card("LR")
        let colours = markers(try CardLayout.scene(for: multicolour, measurer: FakeTextMeasurer())).map {
            $0.stroke?.color
        }
        XCTAssertEqual(Set(colours[1...2]).count, 1)
        XCTAssertEqual(Set(colours[3...5]).count, 1)
        XCTAssertNotEqual(colours[1], colours[3])
        let one = try card("LR", config: "%%{init: {'timeline': {'disableMulticolor': true}}}%%\n")
        let single = markers(try CardLayout.scene(for: one, measurer: FakeTextMeasurer())).map { $0.stroke?.color }
        XCTAssertEqual(Set(single).count, 1, "disableMulticolor keeps one colour")
    }
}

/// A measurer that counts the texts it is asked for.
private final class CountingMeasurer: TextMeasuring, @unchecked Sendable {
    final class Count: @unchecked Sendable { var value = 0 }
    let count = Count()
    func measure(_ text: String, font: String, maxWidth: Double, maxLines: Int?) -> MeasuredText {
        count.value += 1
        return FakeTextMeasurer().measure(text, font: font, maxWidth: maxWidth, maxLines: maxLines)
    }
}

/// The Mermaid fixtures' scenes (sections LR and TD) against their JSON snapshots.
@Suite struct MermaidSceneSnapshotTests {
    @Test(arguments: ["mermaid-sections", "mermaid-dark"])
    func sceneMatchesItsSnapshot(_ name: String) throws {
        let url = ListLayoutTests.root.appendingPathComponent("fixtures/\(name).mmd")
        let document = try DocumentDecoder().decode(
            Data(contentsOf: url), file: url.lastPathComponent, format: .mermaid,
            baseDirectory: url.deletingLastPathComponent().path)
        for card in document.cards {
            let scene = try CardLayout.scene(for: card, measurer: FakeTextMeasurer())
            try SceneSnapshotTests.assertSnapshot(try scene.snapshotJSON(), named: "\(name)-\(card.id)")
        }
    }
}
