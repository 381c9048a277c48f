import Foundation
import TimelineModel
import TimelineScene
import TimelineSpec
import XCTest

@testable import TimelineLayout

/// Layouts plan their rows' texts and measure them in one batch, so a measurer can shape them in
/// parallel, then build every block from its own answer. Planning the columns measures in
/// batches too.
final class BatchMeasuringTests: XCTestCase {
    /// Records batches and single measurements, answering like the fake.
    final class RecordingFake: TextMeasuring {
        var batches: [[TextRequest]] = []
        var single: [TextRequest] = []
        func measure(_ requests: [TextRequest]) -> [MeasuredText] {
            batches.append(requests)
            return requests.map {
                FakeTextMeasurer().measure($0.text, font: $0.font, maxWidth: $0.maxWidth, maxLines: $0.maxLines)
            }
        }
        func measure(_ text: String, font: String, maxWidth: Double, maxLines: Int?) -> MeasuredText {
            single.append(TextRequest(text: text, font: font, maxWidth: maxWidth, maxLines: maxLines))
            return FakeTextMeasurer().measure(text, font: font, maxWidth: maxWidth, maxLines: maxLines)
        }
    }

    func testListAndTimeLayoutsMeasureEveryRowTextInTheirBatch() throws {
        for name in ["plain", "groups", "nested-groups", "fiori-cells", "by-day", "long-text", "time-gap", "ellipsis"] {
            let url = ListLayoutTests.root.appendingPathComponent("fixtures/\(name).yaml")
            let document = try DocumentDecoder().decode(
                Data(contentsOf: url), file: url.lastPathComponent, format: .yaml,
                baseDirectory: url.deletingLastPathComponent().path)
            for card in document.cards {
                let measurer = RecordingFake()
                _ = try CardLayout.scene(for: card, measurer: measurer)
                // The column plan's (column texts, then titles at their room, when there are columns),
                // then the rows'; in groupBy day, the day labels' first.
                XCTAssert((1...4).contains(measurer.batches.count), "\(name): \(measurer.batches.count) batches")
                XCTAssertFalse(measurer.batches.contains { $0.isEmpty }, "\(name): an empty batch")
                // Only header and footer texts are measured on their own.
                let bandTexts = Set(
                    [card.header?.title, card.header?.subtitle, card.footer?.title, card.footer?.subtitle].compactMap {
                        $0
                    })
                // The time axis's few labels are measured on their own too.
                let axisFonts: Set<String> = ["Inter Medium 11", "Inter Bold 11"]
                let rowTexts = measurer.single.filter { !bandTexts.contains($0.text) && !axisFonts.contains($0.font) }
                XCTAssertEqual(rowTexts, [], "\(name): row texts measured outside the batch")
            }
        }
    }

    func testATextPlanMeasuresInOneBatchAndBuildsEachBlockFromItsOwnAnswer() {
        var plan = TextPlan()
        let red = RGBA(r: 255, g: 0, b: 0, a: 255)
        let blue = RGBA(r: 0, g: 0, b: 255, a: 255)
        let title = plan.add("a long title", font: "Inter Bold 20", color: red, width: 60, maxLines: 1)
        var blocks: [TextPlan.Block] = []
        plan.add(nil, font: "Inter 12", color: blue, width: 100, to: &blocks)
        plan.add("sub", font: "Inter 12", color: blue, width: -5, to: &blocks)
        blocks.append(
            .pair(
                plan.add("left", font: "Inter 10", color: red, width: 40),
                plan.add("right", font: "Inter 10", color: blue, width: 40), width: 92))
        let fake = RecordingFake()
        let answers = plan.measure(fake)
        blocks.append(.body("**bold**", font: "Inter 12", width: 100, mirrored: false, rightToLeft: false))
        XCTAssertEqual(fake.batches, [plan.requests], "one batch, nothing measured alone")
        XCTAssertEqual(fake.single, [])
        XCTAssertEqual(
            plan.requests.map(\.text), ["a long title", "sub", "left", "right"],
            "no request for a missing text")
        XCTAssertEqual(plan.requests[1].maxWidth, 1, "never measured narrower than a point")
        let titleBlock = answers.block(title)
        XCTAssertEqual(titleBlock.measured.lines.map(\.text), ["a lon…"])
        XCTAssertEqual(titleBlock.font, "Inter Bold 20")
        XCTAssertEqual(titleBlock.color, red)
        let stack = answers.stack(blocks, style: Style())
        // "sub" in one point: broken letter by letter with hyphen marks, none lost.
        XCTAssertEqual(stack.blocks.map { $0.measured.lines.first?.text }, ["s-", "left", "bold"])
        XCTAssertEqual(stack.blocks.prefix(2).map(\.color), [blue, red])
        XCTAssertNotNil(stack.blocks[2].rich, "a body is built from its runs, measured when built")
        XCTAssertEqual(stack.blocks[1].beside?.block.measured.lines.first?.text, "right")
    }

    /// The horizontal layouts and the preview strip measure their columns' texts in one batch too;
    /// what they measure alone (words and dates, for the columns' widths) is never measured twice.
    func testHorizontalAndPreviewLayoutsMeasureTheirColumnsTextsInABatch() throws {
        let layouts = ["layout: list, direction: horizontal", "layout: time, direction: horizontal", "layout: preview"]
        for layout in layouts {
            let card = try LayoutFixture.card(
                """
                version: 1
                now: 2026-11-10
                cards:
                  - { \(layout), style: { axis: none, today: none }, items: [
                      { title: Kickoff meeting, subtitle: All hands, date: 2026-11-01, statusText: Done },
                      { title: Design review, event: Nov 5, date: 2026-11-05 },
                      { title: Launch day, date: 2026-11-20 } ] }
                """)
            let measurer = RecordingFake()
            _ = try CardLayout.scene(for: card, measurer: measurer)
            let batched = Set(measurer.batches.flatMap { $0 })
            let texts = Set(batched.map(\.text))
            XCTAssert(texts.isSuperset(of: ["Kickoff meeting", "All hands", "Design review", "Launch day"]), layout)
            XCTAssertEqual(batched.intersection(measurer.single), [], "\(layout): measured again outside the batch")
        }
    }
}
