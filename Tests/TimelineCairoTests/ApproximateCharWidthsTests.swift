import CPangoCairo
import XCTest

@testable import TimelineCairo

/// The approximate character width found from HarfBuzz's advances is Pango's, for every bundled
/// font at sizes texts use, in languages whose sample string is Latin, where the font has every
/// glyph of it; other sample strings are measured by Pango.
final class ApproximateCharWidthsTests: XCTestCase {
    private static let families = [
        "Inter", "Inter Medium", "Inter Semi-Bold", "Inter Bold", "Inter Italic", "DejaVu Sans", "DejaVu Sans Bold",
        "DejaVu Serif", "DejaVu Sans Mono", "DejaVu Sans Mono Bold", "Droid Sans Fallback", "Symbola",
    ]
    private static let sizes = [7.5, 9, 11, 12, 13, 13.5, 15, 17, 22, 31.7, 48]
    private static let latin = ["en", "en-us", "de", "fr", "es", "it", "nl", "pt", "sv", "pl", "cs", "tr", "xx"]

    /// Every font of every family at every size, in `languages`, with Pango's width and the
    /// width found from the advances (nil where Pango is asked).
    private func widths(_ languages: [String]) throws -> [(String, Int, Int?)] {
        let fonts = try FontLibrary()
        return TextThread.run {
            let buffer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            var found: [(String, Int, Int?)] = []
            for family in Self.families {
                for size in Self.sizes {
                    let description = pango_font_description_from_string("\(family) \(size)")!
                    defer { pango_font_description_free(description) }
                    guard let font = pango_font_map_load_font(fonts.fontMap, fonts.context, description) else {
                        XCTFail("\(family) \(size) not loaded")
                        continue
                    }
                    defer { g_object_unref(UnsafeMutableRawPointer(font)) }
                    for name in languages {
                        let language = pango_language_from_string(name)
                        found.append(
                            (
                                "\(family) \(size) \(name)", ApproximateCharWidths.pangoWidth(font, language),
                                ApproximateCharWidths.shapedWidth(font, language: language, buffer: buffer)
                            ))
                    }
                }
            }
            return found
        }
    }

    func testLatinSampleStringsGivePangosWidth() throws {
        let found = try widths(Self.latin)
        XCTAssertEqual(found.count, Self.families.count * Self.sizes.count * Self.latin.count)
        for (name, pango, shaped) in found {
            XCTAssertGreaterThan(pango, 0, name)
            // Droid Sans Fallback lacks glyphs of the Latin sample strings: Pango lays them out
            // with a fallback font.
            if name.hasPrefix("Droid Sans Fallback") {
                XCTAssertNil(shaped, name)
            } else {
                XCTAssertEqual(shaped, pango, name)
            }
        }
    }

    /// Sample strings in other scripts are left to Pango, which answers 0 for some of them.
    func testOtherSampleStringsAreLeftToPango() throws {
        for (name, _, shaped) in try widths(["ja", "ko", "zh-cn", "ar", "he", "ru", "el", "th", "hi"]) {
            XCTAssertNil(shaped, name)
        }
    }

    /// A measurer's widths are Pango's, found once per font and language.
    func testWidthsAreKnownOncePerFontAndLanguage() throws {
        let fonts = try FontLibrary()
        TextThread.run {
            let widths = ApproximateCharWidths()
            let description = pango_font_description_from_string("Inter 13")!
            defer { pango_font_description_free(description) }
            let font = pango_font_map_load_font(fonts.fontMap, fonts.context, description)!
            defer { g_object_unref(UnsafeMutableRawPointer(font)) }
            for name in ["en", "ja"] {
                let language = pango_language_from_string(name)
                let width = widths.width(of: font, language: language)
                XCTAssertEqual(width, ApproximateCharWidths.pangoWidth(font, language), name)
                XCTAssertEqual(widths.width(of: font, language: language), width, name)
            }
        }
    }
}
