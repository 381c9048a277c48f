import Foundation
import TimelineScene
import XCTest

/// A glyph run is written as parallel arrays and read back whole; arrays of different lengths
/// are refused.
final class GlyphRunCodingTests: XCTestCase {
    private let run = GlyphRun(
        face: "Inter-Regular.otf#0|Inter 18.6669921875px", size: 18.667, x: 0, baseline: 17_408,
        isRightToLeft: false, textStart: 0, textLength: 3,
        glyphs: [
            GlyphRun.Glyph(id: 42, advance: 9_216, xOffset: 0, yOffset: 0, cluster: 0),
            GlyphRun.Glyph(id: 0x0FFF_FFFF, advance: 4_096, xOffset: -12, yOffset: 30, cluster: 1),
            GlyphRun.Glyph(id: 7, advance: 8_000, xOffset: 0, yOffset: 0, cluster: 2),
        ])

    func testARunReadsBackAsWritten() throws {
        let line = LineGlyphs(ascent: 17_408, runs: [run])
        let data = try JSONEncoder().encode(line)
        XCTAssertEqual(try JSONDecoder().decode(LineGlyphs.self, from: data), line)
        XCTAssertEqual(run.count, 3)
        XCTAssertEqual(run.width, 21_312)
        XCTAssertEqual(run[1].id, 0x0FFF_FFFF)
        XCTAssertEqual(run[1].xOffset, -12)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: try JSONEncoder().encode(run)) as? [String: Any])
        XCTAssertEqual(object["advances"] as? [Int], [9_216, 4_096, 8_000])
        XCTAssertEqual(object["clusters"] as? [Int], [0, 1, 2])
    }

    func testArraysOfDifferentLengthsAreRefused() throws {
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: try JSONEncoder().encode(run)) as? [String: Any])
        object["clusters"] = [0, 1]
        let data = try JSONSerialization.data(withJSONObject: object)
        XCTAssertThrowsError(try JSONDecoder().decode(GlyphRun.self, from: data))
    }

    /// A measured line's glyphs are its text's: a new text drops them.
    func testANewTextDropsTheGlyphs() {
        var line = MeasuredLine(
            text: "abc", width: 20, baseline: 10, glyphs: LineGlyphs(ascent: 17_408, runs: [run]))
        XCTAssertNotNil(line.glyphs)
        line.width = 21
        XCTAssertNotNil(line.glyphs)
        line.text = "ab…"
        XCTAssertNil(line.glyphs)
    }
}
