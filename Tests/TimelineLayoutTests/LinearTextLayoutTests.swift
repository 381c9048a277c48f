import Foundation
import TimelineModel
import TimelineScene
import XCTest

@testable import TimelineLayout

/// Every field that shows text costs layout work linear in its length: a layout may measure a
/// text a bounded number of times (at a few widths, its words once), never once per character
/// or per piece. Counted in characters handed to the measurer, not timed: four times the text
/// may cost at most five times the characters measured.
final class LinearTextLayoutTests: XCTestCase {
    /// Answers like the fake and counts the characters it was asked to measure.
    final class CountingFake: TextMeasuring {
        var characters = 0
        func measure(_ text: String, font: String, maxWidth: Double, maxLines: Int?) -> MeasuredText {
            characters += text.count
            return FakeTextMeasurer().measure(text, font: font, maxWidth: maxWidth, maxLines: maxLines)
        }
    }

    /// A card in each place a text shows, `TEXT` standing for it.
    static let cards: [(field: String, yaml: String)] = [
        ("list title", "items: [{ title: TEXT }, { title: B }]"),
        ("capped title", "style: { width: 320, maxTitleLines: 2 }\n    items: [{ title: TEXT }, { title: B }]"),
        ("status text", "items: [{ title: A, statusText: TEXT }, { title: B }]"),
        ("subtitle", "items: [{ title: A, subtitle: TEXT }]"),
        ("list Today label", "labels: { today: TEXT }\n    items: \(dated)"),
        ("horizontal list Today label", "direction: horizontal\n    labels: { today: TEXT }\n    items: \(dated)"),
        ("time Today label", "layout: time\n    labels: { today: TEXT }\n    items: \(dated)"),
        (
            "horizontal time Today label",
            "layout: time\n    direction: horizontal\n    labels: { today: TEXT }\n    items: \(dated)"
        ),
        (
            "preview Today label",
            "layout: preview\n    labels: { today: TEXT }\n    items: [{ title: A, date: 2026-11-21T16:00:00Z }]"
        ),
        ("preview title", "layout: preview\n    title: TEXT\n    items: \(dated)"),
        ("preview item title", "layout: preview\n    title: P\n    items: [{ title: TEXT, date: 2026-11-10 }]"),
        ("horizontal list title", "direction: horizontal\n    items: [{ title: TEXT, date: 2026-11-10 }]"),
        (
            "horizontal time title",
            "layout: time\n    direction: horizontal\n    items: [{ title: TEXT, date: 2026-11-10 }]"
        ),
    ]
    private static let dated = "[{ title: A, date: 2026-11-10 }, { title: B, date: 2026-11-30 }]"

    /// Characters measured laying out `yaml` with `text` in its place (a refused width counts too).
    private func work(_ yaml: String, text: String) throws -> Int {
        let document = """
            version: 1
            now: 2026-11-21T12:00:00Z
            cards:
              - id: c
                \(yaml.replacingOccurrences(of: "TEXT", with: text))
            """
        let card = try LayoutFixture.card(document)
        let measurer = CountingFake()
        _ = try? CardLayout.scene(for: card, measurer: measurer)
        return measurer.characters
    }

    private func assertLinear(_ text: (Int) -> String, base: Int) throws {
        for (field, yaml) in Self.cards {
            let few = try work(yaml, text: text(base))
            let many = try work(yaml, text: text(4 * base))
            XCTAssertGreaterThanOrEqual(few, base, "\(field): the text is measured")
            XCTAssertLessThan(Double(many) / Double(few), 5, "\(field): \(few) -> \(many) characters for 4 × the text")
        }
    }

    func testALongWordCostsLayoutWorkLinearInItsLength() throws {
        try assertLinear({ String(repeating: "abcdefghij", count: $0 / 10) }, base: 500)
    }

    func testManyWordsCostLayoutWorkLinearInTheirNumber() throws {
        try assertLinear({ Array(repeating: "Today", count: $0 / 6).joined(separator: " ") }, base: 600)
    }
}
