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
