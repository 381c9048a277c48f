import CPangoCairo
import XCTest

@testable import TimelineCairo

/// The PDF drift correction's advances, read once per glyph, are HarfBuzz's.
final class FaceAdvancesTests: XCTestCase {
    func testAdvancesAreHarfBuzzsWhicheverOrderGlyphsComeIn() throws {
        let fonts = try FontLibrary()
        let font = try XCTUnwrap(pango_context_load_font(fonts.context, fonts.description("Inter 14")))
        defer { g_object_unref(font) }
        let face = try XCTUnwrap(hb_font_get_face(pango_font_get_hb_font(font)))
        let unscaled = try XCTUnwrap(hb_font_create(face))
        var advances = FaceAdvances(font: unscaled, upem: Double(hb_face_get_upem(face)))
        defer { advances.destroy() }
        let glyphs: [UInt] = [36, 3, 600, 36, 0, 1200, 3, 70_000]
        for glyph in glyphs {
            XCTAssertEqual(
                advances.advance(glyph), hb_font_get_glyph_h_advance(unscaled, hb_codepoint_t(glyph)), "glyph \(glyph)")
        }
        XCTAssertGreaterThan(advances.advance(36), 0)
    }
}
