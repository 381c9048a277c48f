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

    /// Outlines read on a kept thread while the caller goes on (as layout does) are those read
    /// as they come, for every glyph of the lines and no other; using the object waits for them.
    func testOutlinesReadWhileTheCallerGoesOnAreThoseReadAsTheyCome() throws {
        let fonts = try FontLibrary()
        let lines = [
            try shaped("Milestone 12 — a long title", "Inter Bold 15", fonts),
            try shaped("Owner team 12", "Inter 13", fonts),
            try shaped("Кириллица", "Inter 13", fonts),
            try shaped("时间线", "Inter 13", fonts),
        ]
        try XCTSkipIf(Cores.allowedCount < 2, "one core: no kept thread")
        let ahead = SVGGlyphs()
        // Every job before this one was waited for: a kept thread is free (a reading that held
        // its object once kept one for ever, and this failed in CI).
        XCTAssertTrue(ahead.startReadingAhead(of: ShapedLineHandoff.KeptBatch(lines)), "a kept thread took the reading")
        let asTheyCome = SVGGlyphs()
        var read = 0
        for line in lines {
            let font = try XCTUnwrap(line.item.pointee.analysis.font)
            let aheadNumber = ahead.fontNumber(UnsafeMutableRawPointer(font))
            let number = asTheyCome.fontNumber(UnsafeMutableRawPointer(font))
            let infos = try XCTUnwrap(line.glyphs.pointee.glyphs)
            for index in 0..<Int(line.glyphs.pointee.num_glyphs) {
                let glyph = UInt64(infos[index].glyph)
                XCTAssertTrue(ahead.isRead(aheadNumber << 32 | glyph), "glyph \(glyph) of \(font)")
                XCTAssertEqual(ahead.outline(aheadNumber << 32 | glyph), asTheyCome.outline(number << 32 | glyph))
                read += 1
            }
        }
        XCTAssertGreaterThan(read, 30)
        XCTAssertFalse(ahead.isRead(0 << 32 | 9_999), "a glyph no line has")
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

    /// An object that goes while its outlines are being read waits for them first, and gives the
    /// kept thread back: a reading that held the object ended it on the kept thread, which then
    /// waited for itself for ever (about one run of this test in thirty, in a debug build).
    func testAnObjectGoneWhileReadingWaitsForIt() throws {
        let fonts = try FontLibrary()
        let line = try shaped("Outlines read while the object goes", "Inter 14", fonts)
        for _ in 0..<200 {
            SVGGlyphs().startReadingAhead(of: ShapedLineHandoff.KeptBatch([line]))
        }
        XCTAssertNotNil(KeptLanes.start {}, "a kept thread is free again")
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
