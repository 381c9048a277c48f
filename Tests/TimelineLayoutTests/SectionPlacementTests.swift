import TimelineModel
import TimelineScene
import XCTest

@testable import TimelineLayout

/// Sections and labels of time cards in places of their own: a vertical band's name in a header
/// row above its first item, a band around its own bars, horizontal labels in tiers at their nodes.
final class SectionPlacementTests: XCTestCase {
    func testVerticalSectionNameHasItsOwnRowAboveItsFirstItem() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - layout: time
                style: { width: 320 }
                items:
                  - { title: Customer interviews, date: 2026-10-01, section: Discovery }
                  - { title: API contract, date: 2026-10-02, section: Engineering }
            """)
        let texts = SceneJSON(scene).texts
        for (name, title) in [("Discovery", "Customer"), ("Engineering", "API contract")] {
            let header = try XCTUnwrap(texts.first { $0.text == name })
            let first = try XCTUnwrap(texts.first { $0.text.hasPrefix(title) })
            XCTAssertLessThanOrEqual(header.y + header.height, first.y + 0.001, "\(name) is above \(title)")
            XCTAssertEqual(header.x, first.x, accuracy: 0.001, "\(name) starts where its items' titles do")
        }
    }

    func testBandFollowsItsBarIntoTheNextSectionsTime() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - layout: time
                sections: { Design: "#6c32a9", Build: "#0a6ed1" }
                items:
                  - { title: Wireframes, date: 2026-11-01, end: 2026-11-20, section: Design }
                  - { title: API, date: 2026-11-05, section: Build }
            """)
        let design = Color(hex: 0x6c32a9).rgba
        let boxes = scene.nodes.compactMap { node -> BoxNode? in
            guard case .box(let box) = node, let fill = box.fill, fill.r == design.r, fill.g == design.g,
                fill.b == design.b
            else { return nil }
            return box
        }
        let bar = try XCTUnwrap(boxes.first { $0.fill?.a == UInt8((255 * 0.35).rounded()) })
        let bands = boxes.filter { $0.fill?.a == UInt8((255 * SectionBands.tint).rounded()) }
        XCTAssertEqual(bands.count, 2, "the band and the strip that carries it on beside its bar")
        let bottom = bar.rect.y + bar.rect.height
        XCTAssertTrue(
            bands.contains { $0.rect.y <= bottom && $0.rect.y + $0.rect.height >= bottom },
            "the bar's end lies in its band")
    }

    func testLabelsThatMeetTakeATierUnderTheirNode() {
        let tiers = LabelTiers.staggered(
            nodes: [100, 300, 320], widths: [100, 100, 100], runs: [nil, nil, nil], gutter: 12, bounds: 0...1000)
        XCTAssertEqual(tiers?.tier, [0, 0, 1])
        // The second label hangs left of its node, so the third one's leader passes it.
        XCTAssertEqual(tiers?.alignments, [.center, .right, .center])
        XCTAssertEqual(tiers?.centers ?? [], [100, 300 + LabelTiers.hold - 50, 320])
    }

    func testALabelHangsBesideItsNodeRatherThanTakeATier() {
        let tiers = LabelTiers.staggered(
            nodes: [100, 300, 380], widths: [100, 100, 100], runs: [nil, nil, nil], gutter: 12, bounds: 0...1000)
        XCTAssertEqual(tiers?.tier, [0, 0, 0])
        XCTAssertEqual(tiers?.alignments, [.center, .center, .left])
        XCTAssertEqual(tiers?.centers[2] ?? 0, 380 - LabelTiers.hold + 50, accuracy: 0.001, "its node inside its edge")
    }

    func testAnEarlierLabelDropsATierSoALaterOneFits() {
        // The first label, at the card's edge, can only be centred or hang right, and either way
        // covers the second node: the search puts it a tier down and the second one above it.
        let tiers = LabelTiers.staggered(
            nodes: [40, 60], widths: [80, 80], runs: [nil, nil], gutter: 12, bounds: 0...1000)
        XCTAssertEqual(tiers?.tier, [1, 0])
        XCTAssertEqual(tiers?.alignments, [.center, .left])
        XCTAssertEqual(tiers?.centers ?? [], [40, 60 - LabelTiers.hold + 40])
    }

    func testLabelsOfOneDateStackBesideOneMark() {
        let tiers = LabelTiers.staggered(
            nodes: [100, 100, 100], widths: [80, 60, 90], runs: [nil, nil, nil], gutter: 12, bounds: 0...1000)
        XCTAssertEqual(tiers?.tier, [0, 1, 2])
        XCTAssertEqual(tiers?.stacked, [false, true, true])
        XCTAssertEqual(tiers?.centers, [100, 100, 100])
    }

    func testLabelsThatWouldMeetHangApartFromTheirNodes() {
        // Centred, the first label would cover the second node: both hang aside, on one tier.
        let tiers = LabelTiers.staggered(
            nodes: [100, 130], widths: [100, 100], runs: [nil, nil], gutter: 12, bounds: 0...1000)
        XCTAssertEqual(tiers?.tier, [0, 0])
        XCTAssertEqual(tiers?.alignments, [.right, .left])
        XCTAssertEqual(tiers?.centers ?? [], [100 + LabelTiers.hold - 50, 130 - LabelTiers.hold + 50])
    }

    func testNodesTooCloseToTellApartShareAColumn() {
        let tiers = LabelTiers.staggered(
            nodes: [100, 104], widths: [80, 60], runs: [nil, nil], gutter: 12, bounds: 0...1000)
        XCTAssertEqual(tiers?.stacked, [false, true])
        XCTAssertEqual(tiers?.huddled, true)
    }

    func testNextSectionsLabelsStayClearOfTheBandBefore() {
        let tiers = LabelTiers.staggered(
            nodes: [100, 150], widths: [60, 60], runs: [0, 1], gutter: 12, bounds: 0...1000)
        // Label 1 may not start before label 0's right edge and the gap two bands need.
        XCTAssertGreaterThanOrEqual((tiers?.centers[1] ?? 0) - 30, 130 + LabelTiers.bandGap)
    }

    func testNoRoomInAnyTierGivesUp() {
        XCTAssertNil(
            LabelTiers.staggered(
                nodes: [50, 60], widths: [100, 100], runs: [nil, nil], gutter: 12, bounds: 0...120))
    }

    func testHorizontalSectionsAreLanesNamedInTheLabelColumn() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - layout: time
                direction: horizontal
                style: { width: 700 }
                sections: { Design: "#6c32a9", Build: "#0a6ed1" }
                items:
                  - { title: Build kickoff, date: 2026-11-01, section: Build }
                  - { title: Wireframes, date: 2026-11-02, end: 2026-11-12, section: Design }
                  - { title: Beta, date: 2026-11-20, section: Build }
            """)
        let texts = SceneJSON(scene).texts
        let bands = scene.nodes.compactMap { node -> BoxNode? in
            guard case .box(let box) = node, box.fill?.a == UInt8((255 * SectionBands.tint).rounded()) else {
                return nil
            }
            return box
        }
        XCTAssertEqual(bands.count, 2, "one lane for each section")
        func band(of text: String) throws -> Rect {
            let found = try XCTUnwrap(texts.first { $0.text == text }, text)
            let holder = bands.first {
                found.y >= $0.rect.y && found.y + found.height <= $0.rect.y + $0.rect.height
            }
            return try XCTUnwrap(holder, "\(text) lies in a band").rect
        }
        // Each lane holds its own section's name and items, in the order the card names them.
        XCTAssertEqual(try band(of: "Design"), try band(of: "Wireframes"))
        XCTAssertEqual(try band(of: "Build"), try band(of: "Beta"))
        XCTAssertLessThan(try band(of: "Design").y, try band(of: "Build").y)
        let name = try XCTUnwrap(texts.first { $0.text == "Design" })
        let title = try XCTUnwrap(texts.first { $0.text == "Wireframes" })
        XCTAssertLessThan(name.x + name.width, title.x, "the name in a column left of the lane's labels")
        let marks = try XCTUnwrap(scene.timeMarks)
        XCTAssertEqual(Set(marks.map(\.item)), ["0", "1", "2"], "each mark keeps its item's place in the card")
    }

    func testLegendSwatchesTakeTheSectionColoursTheMarksShowOnADarkCard() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - layout: time
                style: { legend: true, background: "#1c1c1e" }
                sections: { Design: "#6c32a9" }
                items:
                  - { title: Research, date: 2026-11-02, section: Design }
            """)
        let written = Color(hex: 0x6c32a9).rgba
        let swatches = scene.nodes.compactMap { node -> RGBA? in
            guard case .box(let box) = node, box.rect.width == 11, box.rect.height == 11 else { return nil }
            return box.fill
        }
        let swatch = try XCTUnwrap(swatches.first)
        XCTAssertNotEqual(swatch, written, "purple on near-black (2:1) is lightened, as the node is")
        let shown = Color(red: swatch.r, green: swatch.g, blue: swatch.b)
        XCTAssertGreaterThanOrEqual(shown.contrast(with: Color(hex: 0x1c1c1e)), 3 - 0.01)
    }
}
