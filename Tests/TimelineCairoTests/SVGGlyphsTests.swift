import CPangoCairo
import XCTest

@testable import TimelineCairo

/// Glyph outlines read ahead on two threads are those read one at a time.
final class SVGGlyphsTests: XCTestCase {
    private func keys(_ glyphs: SVGGlyphs, _ fonts: FontLibrary, _ names: [String], count: UInt64) throws -> [UInt64] {
        var keys: [UInt64] = []
        for name in names {
            let font = try XCTUnwrap(pango_context_load_font(fonts.context, fonts.description(name)))
            defer { g_object_unref(font) }
            let number = glyphs.fontNumber(UnsafeMutableRawPointer(font))
            keys += (1...count).map { number << 32 | $0 }
        }
        return keys
    }

    func testOutlinesReadAheadAreThoseReadOneAtATime() throws {
        let fonts = try FontLibrary()
        let ahead = SVGGlyphs()
        let oneByOne = SVGGlyphs()
        let names = ["Inter 14", "Inter Semi-Bold 12", "DejaVu Sans 10"]
        let aheadKeys = try keys(ahead, fonts, names, count: 30)
        let oneByOneKeys = try keys(oneByOne, fonts, names, count: 30)
        ahead.readAhead(aheadKeys)
        XCTAssertTrue(aheadKeys.allSatisfy(ahead.isRead))
        XCTAssertFalse(oneByOneKeys.contains(where: oneByOne.isRead))
        for (aheadKey, oneKey) in zip(aheadKeys, oneByOneKeys) {
            XCTAssertEqual(ahead.outline(aheadKey), oneByOne.outline(oneKey))
        }
        XCTAssertTrue(aheadKeys.contains { !ahead.outline($0).isEmpty })
    }

    private func shaped(_ text: String, _ font: String, _ library: FontLibrary) throws -> ShapedLine {
        let attributes = try XCTUnwrap(library.itemizeAttributes(font))
        var utf8 = text
        let line = utf8.withUTF8 { ShapedLine.shape($0, text: text, context: library.context, attributes: attributes) }
        return try XCTUnwrap(line)
    }

    /// The two threads reading outlines draw on surfaces of their own: cairo fills a surface's
    /// state when first asked for it, unguarded (two threads setting fonts on contexts of one
    /// new surface crashed one `check` run in a few hundred).
    func testTheTwoReadingThreadsShareNoSurface() throws {
        let fonts = try FontLibrary()
        let glyphs = SVGGlyphs()
        glyphs.readAhead(try keys(glyphs, fonts, ["Inter 14", "Inter Semi-Bold 12"], count: 12))
        let second = try XCTUnwrap(glyphs.secondContext, "read on two threads")
        XCTAssertNotEqual(cairo_get_target(glyphs.context), cairo_get_target(second))
    }

    /// Each glyph is met for the first time once, whatever its font and however large its number.
    func testGlyphsAreMetOnceEach() {
        var met = GlyphsMet()
        let keys: [UInt64] = [3, 0 << 32 | 70_000, 2 << 32 | 3, 3, 1 << 32 | 255, 1 << 32 | 256, 2 << 32 | 3, 70_000]
        XCTAssertEqual(keys.map { met.insert($0) }, [true, true, true, false, true, true, false, false])
    }

    func testFewGlyphsOrOneFontAreLeftToBeReadAsTheyCome() throws {
        let fonts = try FontLibrary()
        let glyphs = SVGGlyphs()
        let few = try keys(glyphs, fonts, ["Inter 14", "Inter 12"], count: 4)
        glyphs.readAhead(few)
        XCTAssertFalse(few.contains(where: glyphs.isRead))
        let oneFont = try keys(glyphs, fonts, ["Inter 10"], count: 40)
        glyphs.readAhead(oneFont)
        XCTAssertFalse(oneFont.contains(where: glyphs.isRead))
    }
}
