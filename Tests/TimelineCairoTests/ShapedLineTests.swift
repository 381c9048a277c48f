import CPangoCairo
import TimelineScene
import XCTest

@testable import TimelineCairo

/// `ShapedLine` stands in for a `PangoLayout` only where it gives exactly the layout's glyphs
/// and extents, and refuses every text a layout would treat differently.
final class ShapedLineTests: XCTestCase {
    private static let fonts = ["Inter 14", "Inter Semi-Bold 15px", "Inter Bold 11", "DejaVu Sans 12", "sans-serif 13"]

    /// Texts of one line: Latin with kerning pairs and ligature candidates, digits alone (the
    /// Common script), accents precomposed and combining, Han alone (another font, one item),
    /// symbols, a zero-width space; and texts of several items, which are refused: two
    /// scripts, Arabic-Indic digits before Latin, an emoji, a right-to-left word.
    private static let texts = [
        "Milestone 12", "Owner team 7", "AVA Type office fi ffl", "1234567890", "2026-11-21 09:30",
        "Café déjà vu", "Cafe\u{301} e\u{308}", "Ελληνικά", "Кириллица", "Ελληνικά Кириллица", "会議室", "会議室の予約",
        "→ ✓ • …",
        "(in-progress)", "\u{661}\u{662}\u{663} items", "Release — 🚀 ok", "abc שלום", "x",
        "W", "Tiny\u{200B}space", "Qu'est-ce que c'est ?",
    ]
    /// The texts above that are several items: two scripts, or characters from another font.
    private static let severalRuns: Set = [
        "Ελληνικά Кириллица", "会議室の予約", "\u{661}\u{662}\u{663} items", "Release — 🚀 ok", "abc שלום",
    ]

    func testAcceptedLinesMatchALayoutGlyphForGlyph() throws {
        let library = try FontLibrary()
        var accepted = 0
        for font in Self.fonts {
            let attributes = try XCTUnwrap(library.itemizeAttributes(font))
            for text in Self.texts {
                var utf8 = text
                let shaped = utf8.withUTF8 {
                    ShapedLine.shape($0, text: text, context: library.context, attributes: attributes, maxWidth: .max)
                }
                let layout = pango_layout_new(library.context)!
                defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
                pango_layout_set_font_description(layout, library.description(font))
                pango_layout_set_text(layout, text, -1)
                let line = try XCTUnwrap(pango_layout_get_line_readonly(layout, 0))
                let runCount = Int(g_slist_length(line.pointee.runs))
                guard let shaped else {
                    // Refused only where a layout has more than one run or reorders.
                    XCTAssertTrue(runCount > 1 || line.pointee.resolved_dir & 1 == 1, "\(font): \(text) refused")
                    XCTAssertTrue(Self.severalRuns.contains(text), "\(font): \(text) refused")
                    continue
                }
                accepted += 1
                XCTAssertEqual(pango_layout_get_line_count(layout), 1)
                XCTAssertEqual(runCount, 1, "\(font): \(text)")
                var logical = PangoRectangle()
                pango_layout_line_get_extents(line, nil, &logical)
                XCTAssertEqual(
                    [logical.x, logical.y, logical.width, logical.height],
                    [shaped.logical.x, shaped.logical.y, shaped.logical.width, shaped.logical.height],
                    "\(font): \(text)")
                XCTAssertEqual(pango_layout_get_baseline(layout), shaped.baseline, "\(font): \(text)")
                let run = try XCTUnwrap(line.pointee.runs.pointee.data).assumingMemoryBound(to: PangoGlyphItem.self)
                    .pointee
                XCTAssertEqual(run.item.pointee.analysis.font, shaped.item.pointee.analysis.font, "\(font): \(text)")
                XCTAssertEqual(glyphs(run.glyphs), glyphs(shaped.glyphs), "\(font): \(text)")
            }
        }
        XCTAssertEqual(accepted, Self.fonts.count * (Self.texts.count - Self.severalRuns.count))
    }

    private func glyphs(_ string: UnsafeMutablePointer<PangoGlyphString>) -> [[Int32]] {
        (0..<Int(string.pointee.num_glyphs)).map { index in
            let info = string.pointee.glyphs[index]
            let cluster = string.pointee.log_clusters[index]
            return [
                Int32(bitPattern: info.glyph), info.geometry.width, info.geometry.x_offset, info.geometry.y_offset,
                cluster,
            ]
        }
    }

    /// Texts a layout treats as more than one line, or breaks and hyphenates at the end.
    func testTextsALayoutTreatsDifferentlyAreRefused() throws {
        let library = try FontLibrary()
        let attributes = try XCTUnwrap(library.itemizeAttributes("Inter 14"))
        for text in [
            "", "a\tb", "a\nb", "a\rb", "a\u{85}b", "a\u{2028}b", "a\u{2029}b", "soft\u{AD}", "hy\u{2027}phen",
            "trailing ", "trailing\u{A0}", "trailing\u{3000}", "\u{7F}", "שלום", "مرحبا", "a\u{202E}bc",
            "\u{202D}שלום", "\u{200F}abc", "a\u{2066}b\u{2069}", "\u{61C}1",
        ] {
            var utf8 = text
            let shaped = utf8.withUTF8 {
                ShapedLine.shape($0, text: text, context: library.context, attributes: attributes, maxWidth: .max)
            }
            XCTAssertNil(shaped, text.debugDescription)
        }
        var utf8 = "A line too wide"
        let narrow = utf8.withUTF8 {
            ShapedLine.shape(
                $0, text: "A line too wide", context: library.context, attributes: attributes,
                maxWidth: 10 * PANGO_SCALE)
        }
        XCTAssertNil(narrow, "wider than the column: the layout wraps it")
        XCTAssertNil(library.itemizeAttributes("Inter Small-Caps 14"), "a layout splits small caps by word")
    }

    /// The measurer gives the same measurements with and without `ShapedLine`, and the SVG of
    /// kept glyphs is the SVG of a layout of the same line.
    func testMeasuringAndSVGAreTheSameWithoutKeptLines() throws {
        let kept = try FontLibrary()
        let fresh = try FontLibrary()
        let measurer = PangoTextMeasurer(fonts: kept)
        var lines: [PlacedLine] = []
        for (index, text) in Self.texts.enumerated() {
            let measured = measurer.measure(text, font: "Inter 14", maxWidth: 400, maxLines: nil)
            for line in measured.lines {
                lines.append(PlacedLine(text: line.text, x: 5, baseline: 20 + 20 * Double(index), width: line.width))
            }
        }
        func scene() -> Scene {
            Scene(
                width: 420, height: 400, background: nil,
                nodes: [.text(TextNode(font: "Inter 14", color: RGBA(r: 0, g: 0, b: 0), lines: lines))], title: "t",
                description: [])
        }
        let fromKept = try SceneRenderer(fonts: kept).render(scene(), format: .svg)
        let fromLayouts = try SceneRenderer(fonts: fresh).render(scene(), format: .svg)
        XCTAssertEqual(String(decoding: fromKept, as: UTF8.self), String(decoding: fromLayouts, as: UTF8.self))
    }
}
