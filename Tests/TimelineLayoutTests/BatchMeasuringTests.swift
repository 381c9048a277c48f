import Foundation
import TimelineLayout
import TimelineModel
import TimelineScene
import TimelineSpec
import XCTest

/// Layouts list their rows' texts and measure them in one batch, so a measurer can shape them in
/// parallel: the list must be what is measured next, in order, or texts are measured twice.
/// Planning the columns measures in batches too.
final class BatchMeasuringTests: XCTestCase {
    /// Records batches and single measurements, answering like the fake.
    final class RecordingFake: TextMeasuring {
        var batches: [[TextRequest]] = []
        var single: [TextRequest] = []
        func measure(_ requests: [TextRequest]) -> [MeasuredText] {
            batches.append(requests)
            return requests.map { FakeTextMeasurer().measure($0.text, font: $0.font, maxWidth: $0.maxWidth, maxLines: $0.maxLines) }
        }
        func measure(_ text: String, font: String, maxWidth: Double, maxLines: Int?) -> MeasuredText {
            single.append(TextRequest(text: text, font: font, maxWidth: maxWidth, maxLines: maxLines))
            return FakeTextMeasurer().measure(text, font: font, maxWidth: maxWidth, maxLines: maxLines)
        }
    }

    func testListAndTimeLayoutsMeasureEveryRowTextInTheirBatch() throws {
        for name in ["plain", "groups", "nested-groups", "fiori-cells", "by-day", "long-text", "time-gap", "ellipsis"] {
            let url = ListLayoutTests.root.appendingPathComponent("fixtures/\(name).yaml")
            let document = try DocumentDecoder().decode(Data(contentsOf: url), file: url.lastPathComponent, format: .yaml,
                                                        baseDirectory: url.deletingLastPathComponent().path)
            for card in document.cards {
                let measurer = RecordingFake()
                _ = try CardLayout.scene(for: card, measurer: measurer)
                // The column plan's (column texts, then titles at their room, when there are columns),
                // then the rows'; in groupBy day, the day labels' first.
                XCTAssert((1...4).contains(measurer.batches.count), "\(name): \(measurer.batches.count) batches")
                XCTAssertFalse(measurer.batches.contains { $0.isEmpty }, "\(name): an empty batch")
                // Only header and footer texts are measured on their own.
                let bandTexts = Set([card.header?.title, card.header?.subtitle, card.footer?.title, card.footer?.subtitle].compactMap { $0 })
                // The time axis's few labels are measured on their own too.
                let axisFonts: Set<String> = ["Inter Medium 11", "Inter Bold 11"]
                let rowTexts = measurer.single.filter { !bandTexts.contains($0.text) && !axisFonts.contains($0.font) }
                XCTAssertEqual(rowTexts, [], "\(name): row texts measured outside the batch")
            }
        }
    }

    func testAnswersComeInOrderAndOthersGoToTheFallback() {
        let requests = [TextRequest(text: "a\nb", font: "Inter 12", maxWidth: 100, maxLines: nil),
                        TextRequest(text: "c", font: "Inter Bold 20", maxWidth: 50, maxLines: 2)]
        let fake = RecordingFake()
        let answers = MeasuredAnswers(requests: requests, fallback: fake)
        XCTAssertEqual(fake.batches, [requests])
        XCTAssertEqual(answers.measure("a\nb", font: "Inter 12", maxWidth: 100, maxLines: nil).lines.map(\.text), ["a", "b"])
        XCTAssertFalse(answers.wereAllAnsweredInOrder)
        // Out of order: measured on its own, and the listed answers stay where they were.
        XCTAssertEqual(answers.measure("d", font: "Inter 12", maxWidth: 100, maxLines: nil).lines.map(\.text), ["d"])
        XCTAssertEqual(fake.single.map(\.text), ["d"])
        XCTAssertEqual(answers.measure("c", font: "Inter Bold 20", maxWidth: 50, maxLines: 2).lines.map(\.text), ["c"])
        XCTAssertEqual(answers.misses, 1)
        XCTAssertFalse(answers.wereAllAnsweredInOrder)
    }
}
