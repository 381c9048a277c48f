import Foundation
import TimelineScene
import XCTest

@testable import TimelineCairo

/// A measured line carries the shaping measuring kept for it to the SVG writer, which draws it
/// without finding it by its text; a shaping that is not exactly the line's text in the node's
/// font is never drawn for it.
final class LineShapingTests: XCTestCase {
    private func placed(_ line: MeasuredLine, text: String? = nil) -> PlacedLine {
        PlacedLine(text: text ?? line.text, x: 0, baseline: 10, width: line.width, shaping: line.shaping)
    }

    func testAMeasuredLineHandsOnTheLineMeasuringKept() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let handoff = measurer.fonts.handoff
        let font = "Inter 14"
        let one = measurer.measure("Kickoff", font: font, maxWidth: 300, maxLines: nil)
        let wrapped = measurer.measure(
            "Milestone 12 — a long title that wraps around the card", font: font, maxWidth: 120, maxLines: nil)
        XCTAssertGreaterThan(wrapped.lines.count, 2)
        for line in one.lines + wrapped.lines {
            let kept = try XCTUnwrap(line.shaping.kept as? ShapedLine, line.text)
            XCTAssertTrue(handoff.line(for: placed(line), font: font, in: measurer.fonts) === kept, line.text)
            // The one found by its text.
            XCTAssertTrue(handoff.line(line.text, font: font) === kept, line.text)
        }
    }

    /// Lines that repeat from text to text (a wrapped title's last lines) hand on the one line
    /// kept, not a copy each: a big card would keep thousands of copies alive with its scene.
    func testARepeatedLineHandsOnTheOneKept() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let texts = (1...3).map { "Milestone \($0) — a long title that wraps around the card" }
        let measured = texts.map { measurer.measure($0, font: "Inter 14", maxWidth: 120, maxLines: nil) }
        let last = measured.map { $0.lines.last?.shaping.kept }
        XCTAssertEqual(Set(measured.compactMap { $0.lines.last?.text }).count, 1, "the same last line")
        XCTAssertNotNil(last[0])
        XCTAssertTrue(last[1] === last[0])
        XCTAssertTrue(last[2] === last[0])
    }

    func testAShapingOfAnotherTextOrFontIsNotDrawn() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let handoff = measurer.fonts.handoff
        let kickoff = try XCTUnwrap(
            measurer.measure("Kickoff", font: "Inter 14", maxWidth: 300, maxLines: nil).lines.first)
        let beta = try XCTUnwrap(measurer.measure("Beta", font: "Inter 14", maxWidth: 300, maxLines: nil).lines.first)
        // Another text: the one kept for that text.
        XCTAssertTrue(
            handoff.line(for: placed(kickoff, text: "Beta"), font: "Inter 14", in: measurer.fonts) === beta.shaping.kept
        )
        // A text nothing was kept for, or another font: none.
        XCTAssertNil(handoff.line(for: placed(kickoff, text: "Kickof"), font: "Inter 14", in: measurer.fonts))
        XCTAssertNil(handoff.line(for: placed(kickoff), font: "Inter Bold 14", in: measurer.fonts))
    }

    /// A line measured with another library (a scene laid out elsewhere) is drawn from this
    /// library's own lines, or laid out again: its font is not one this library draws with.
    func testALineAnotherLibraryMeasuredIsNotDrawnFromItsShaping() throws {
        let elsewhere = PangoTextMeasurer(fonts: try FontLibrary())
        let here = try FontLibrary()
        let line = try XCTUnwrap(
            elsewhere.measure("Kickoff", font: "Inter 14", maxWidth: 300, maxLines: nil).lines.first)
        XCTAssertNotNil(line.shaping.kept)
        XCTAssertNil(here.handoff.line(for: placed(line), font: "Inter 14", in: here))
        // A sibling's line is one of its own.
        let sibling = try ShapedLineHandoff.sibling(sameFontsAs: here.setup)
        here.handoff.adopt(sibling)
        let theirs = try XCTUnwrap(
            PangoTextMeasurer(fonts: sibling).measure("Kickoff", font: "Inter 14", maxWidth: 300, maxLines: nil)
                .lines.first)
        XCTAssertTrue(here.handoff.line(for: placed(theirs), font: "Inter 14", in: here) === theirs.shaping.kept)
    }

    func testALineCutWithAnEllipsisHandsOnNothing() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let cut = measurer.measure(
            "Supercalifragilisticexpialidocious plans for the quarter", font: "Inter 14", maxWidth: 60, maxLines: 2)
        XCTAssertTrue(cut.isTruncated)
        for line in cut.lines where line.text.hasSuffix("…") {
            XCTAssertNil(line.shaping.kept, line.text)
        }
        XCTAssertTrue(cut.lines.contains { $0.text.hasSuffix("…") })
    }

    /// The shaping is not part of what a line is: equal, hashed and coded as without it.
    func testTheShapingIsNotPartOfALine() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let line = try XCTUnwrap(
            measurer.measure("Kickoff", font: "Inter 14", maxWidth: 300, maxLines: nil).lines.first)
        var bare = line
        bare.shaping = LineShaping()
        XCTAssertNotNil(line.shaping.kept)
        XCTAssertEqual(line, bare)
        XCTAssertEqual(line.hashValue, bare.hashValue)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(try encoder.encode(line), try encoder.encode(bare))
        XCTAssertEqual(try encoder.encode(placed(line)), try encoder.encode(placed(bare)))
        XCTAssertEqual(
            String(decoding: try encoder.encode(placed(line)), as: UTF8.self),
            #"{"baseline":10,"height":0,"text":"Kickoff","top":10,"width":\#(line.width),"x":0}"#)
        XCTAssertNil(try JSONDecoder().decode(PlacedLine.self, from: try encoder.encode(placed(line))).shaping.kept)
    }
}
