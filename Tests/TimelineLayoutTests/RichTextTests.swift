import TimelineModel
import TimelineScene
import TimelineTestSupport
import XCTest

@testable import TimelineLayout

/// `description`: inline markup parsed into spans, measured as runs, placed run by run.
final class RichTextTests: XCTestCase {
    func testMarkupBecomesSpans() {
        let spans = InlineMarkup.parse("Start **40% faster**, *lazily*, with `--jobs` and [notes](https://e.com/n).")
        XCTAssertEqual(
            spans.map(\.text), ["Start ", "40% faster", ", ", "lazily", ", with ", "--jobs", " and ", "notes", "."])
        XCTAssertEqual(spans.map(\.bold), [false, true, false, false, false, false, false, false, false])
        XCTAssertEqual(spans[3].italic, true)
        XCTAssertEqual(spans[5].code, true)
        XCTAssertEqual(spans[7].link, "https://e.com/n")
    }

    func testUnclosedMarkersAndUnsafeLinksStayPlain() {
        XCTAssertEqual(InlineMarkup.parse("a * b and `c"), [InlineSpan(text: "a * b and `c")])
        XCTAssertEqual(InlineMarkup.parse("[x](javascript:alert(1))").map(\.link), [nil])
        XCTAssertEqual(InlineMarkup.parse("**bold *both* bold**").map(\.italic), [false, true, false])
    }

    func testFontsFollowTheEmphasis() {
        XCTAssertEqual(
            RichParagraph.font("Inter 12", for: InlineSpan(text: "", bold: true, italic: true)), "Inter Bold Italic 12")
        XCTAssertEqual(RichParagraph.font("Inter 12", for: InlineSpan(text: "", code: true)), "DejaVu Sans Mono 11")
    }

    func testDescriptionIsPlacedRunByRunUnderTheSubtitle() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - items:
                  - title: Title
                    subtitle: Sub
                    description: "Plain then **bold words** then a [link](https://e.com) \
            to end the long line of body text, which wraps onto a second line"
            """)
        let texts = scene.nodes.compactMap { if case .text(let text) = $0 { return text } else { return nil } }
        let subtitle = try XCTUnwrap(texts.first { $0.lines.first?.text == "Sub" })
        let bold = texts.filter { $0.font.hasPrefix("Inter Bold") }
        XCTAssertEqual(bold.map { $0.lines[0].text }, ["bold words"], "a run's words on one line are one piece")
        XCTAssertGreaterThan(bold[0].lines[0].baseline, subtitle.lines[0].baseline, "under the subtitle")
        let plain = try XCTUnwrap(texts.first { $0.lines.first?.text == "Plain then " })
        XCTAssertGreaterThan(bold[0].lines[0].x, plain.lines[0].x, "on the same line, further right")
        let links = scene.nodes.compactMap { if case .link(let link) = $0 { return link } else { return nil } }
        XCTAssertEqual(links.map(\.url), ["https://e.com"])
        XCTAssertEqual(links.map(\.label), ["link"], "named by the text it covers, not its URL")
        let baselines = Set(
            texts.filter { !$0.font.contains("Semi-Bold") && $0.lines[0].text != "Sub" }.map { $0.lines[0].baseline })
        XCTAssertGreaterThan(baselines.count, 1, "wrapped onto several lines")
    }

    /// A marker with no closing twin is drawn as typed, `**` included (it once vanished).
    func testUnmatchedMarkersAreDrawnAsTyped() {
        XCTAssertEqual(
            InlineMarkup.parse("This has **no closing twin"), [InlineSpan(text: "This has **no closing twin")])
        XCTAssertEqual(InlineMarkup.parse("a ** b *c*").map(\.text), ["a ** b ", "c"])
    }

    /// Read by scalars: U+0600 joined with `)` must still end the link, and what follows is text.
    func testLinksEndAtTheirParenthesisWhateverComesBefore() {
        let spans = InlineMarkup.parse("[here](https://e.com/\u{0600})/S/JavaScript/JS(x)")
        XCTAssertEqual(spans.first?.link, "https://e.com/%D8%80")
        XCTAssertEqual(spans.last?.text, "/S/JavaScript/JS(x)")
    }

    /// Parsing is linear: four times a hostile text in less than eight times the time (`GrowthTiming`).
    func testHostileMarkupParsesInLinearTime() {
        for unit in ["[", "*", "**", "`", "[a](", "](", "[x](https://e.com/ "] {
            let small = String(repeating: unit, count: 10_000)
            let large = String(repeating: small, count: GrowthTiming.sizeFactor)
            let timing = GrowthTiming(runs: 3) {
                _ = InlineMarkup.parse(small)
            } large: {
                _ = InlineMarkup.parse(large)
            }
            XCTAssertTrue(timing.isLinear, "\(unit): \(timing)")
        }
    }
}
