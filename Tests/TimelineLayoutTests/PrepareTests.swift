import Foundation
import TimelineLayout
import TimelineModel
import TimelineScene
import TimelineSpec
import XCTest

/// Layouts offer their texts to `prepare` before measuring them, so a measurer can shape them in
/// parallel: the offer must name what is measured next, or the threads work for nothing.
final class PrepareTests: XCTestCase {
    /// Records what `prepare` was offered and what was measured, answering like the fake.
    final class RecordingFake: TextMeasuring {
        var offered: [TextRequest] = []
        var measured: [TextRequest] = []
        func prepare(_ requests: () -> [TextRequest]) { offered += requests() }
        func measure(_ text: String, font: String, maxWidth: Double, maxLines: Int?) -> MeasuredText {
            measured.append(TextRequest(text: text, font: font, maxWidth: maxWidth, maxLines: maxLines))
            return FakeTextMeasurer().measure(text, font: font, maxWidth: maxWidth, maxLines: maxLines)
        }
    }

    func testListAndTimeLayoutsOfferEveryRowTextTheyMeasure() throws {
        for name in ["plain", "groups", "nested-groups", "fiori-cells", "by-day", "long-text", "time-gap", "ellipsis"] {
            let url = ListLayoutTests.root.appendingPathComponent("fixtures/\(name).yaml")
            let document = try DocumentDecoder().decode(Data(contentsOf: url), file: url.lastPathComponent, format: .yaml,
                                                        baseDirectory: url.deletingLastPathComponent().path)
            for card in document.cards {
                let measurer = RecordingFake()
                let scene = CardLayout.scene(for: card, measurer: measurer)
                XCTAssertFalse(measurer.offered.isEmpty, "\(name): nothing offered")
                // Header and footer texts are measured on their own; every row text is offered.
                XCTAssertTrue(Set(measurer.offered).isSubset(of: Set(measurer.measured)), "\(name): offered texts that were not measured")
                let rowTexts = Set(measurer.measured).subtracting(bandTexts(card, measured: measurer.measured))
                XCTAssertEqual(rowTexts, Set(measurer.offered), "\(name): measured row texts that were not offered")
                // Offering changes nothing in the scene.
                XCTAssertEqual(try scene.snapshotJSON(), try CardLayout.scene(for: card, measurer: FakeTextMeasurer()).snapshotJSON())
            }
        }
    }

    private func bandTexts(_ card: Card, measured: [TextRequest]) -> Set<TextRequest> {
        let texts = Set([card.header?.title, card.header?.subtitle, card.footer?.title, card.footer?.subtitle].compactMap { $0 })
        return Set(measured.filter { texts.contains($0.text) })
    }

    func testRecordingMeasurerListsRequestsInOrder() {
        let recorder = RecordingMeasurer()
        XCTAssertTrue(recorder.measure("a\nb", font: "Inter 12", maxWidth: 100, maxLines: nil).lines.isEmpty)
        _ = recorder.measure("c", font: "Inter Bold 20", maxWidth: 50, maxLines: 2)
        XCTAssertEqual(recorder.requests, [TextRequest(text: "a\nb", font: "Inter 12", maxWidth: 100, maxLines: nil),
                                           TextRequest(text: "c", font: "Inter Bold 20", maxWidth: 50, maxLines: 2)])
    }
}
