import CPangoCairo
import XCTest

@testable import TimelineCairo

/// `LineBreaker` picks the lines a layout would, given the same opportunities (ours, from
/// `LineBreaks`, as attributes), in both wrap modes it follows: words only (what the measurer
/// uses) and words then characters. Where lines may break is ours, not Pango's: what this
/// compares is how the lines are filled and measured.
final class LineBreakerTests: XCTestCase {
    func testLinesAreALayoutsInBothWrapModes() throws {
        let library = try FontLibrary()
        var compared = 0
        for wrap in [PANGO_WRAP_WORD, PANGO_WRAP_WORD_CHAR] {
            for font in ["Inter Semi-Bold 14", "DejaVu Sans 12", "Inter 12"] {
                let attributes = try XCTUnwrap(library.itemizeAttributes(font))
                let layout = pango_layout_new(library.context)!
                defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
                pango_layout_set_font_description(layout, library.description(font))
                pango_layout_set_wrap(layout, wrap)
                for width in [30.0, 61.5, 120, 200] {
                    for text in WrappedMeasuringTests.texts {
                        var utf8 = text
                        let lines: [Range<Int>]? = utf8.withUTF8 { bytes in
                            guard
                                let whole = ShapedLine.shape(
                                    bytes, text: text, context: library.context, attributes: attributes),
                                whole.logical.width > Int32(width * 1024)
                            else { return nil }
                            let chars = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
                            let breaker = LineBreaker(whole, chars: chars, length: Int32(bytes.count), wrap: wrap)
                            return breaker.breakLines(
                                maxWidth: Int32(width * 1024), charWidths: ApproximateCharWidths())?.map {
                                    $0.start..<$0.end
                                }
                        }
                        guard let lines else { continue }
                        pango_layout_set_width(layout, Int32(width * 1024))
                        pango_layout_set_text(layout, text, -1)
                        var bytes = text
                        let breaks = bytes.withUTF8 { OwnLineBreaks.layoutAttributes($0) }
                        pango_layout_set_attributes(layout, breaks)
                        pango_attr_list_unref(breaks)
                        var expected: [Range<Int>] = []
                        var node = pango_layout_get_lines_readonly(layout)
                        while let current = node {
                            let line = current.pointee.data.assumingMemoryBound(to: PangoLayoutLine.self).pointee
                            expected.append(Int(line.start_index)..<Int(line.start_index + line.length))
                            node = current.pointee.next
                        }
                        // Pango 1.50 puts a space alone on a line where a piece with it ("09:30 – ")
                        // fits nowhere; we keep the space with its piece, as every other break does.
                        let utf8Text = Array(text.utf8)
                        let merged = expected.reduce(into: [Range<Int>]()) { result, line in
                            if let last = result.last, utf8Text[line].allSatisfy({ $0 == 0x20 }) {
                                result[result.count - 1] = last.lowerBound..<line.upperBound
                            } else {
                                result.append(line)
                            }
                        }
                        XCTAssertEqual(lines, merged, "\(wrap) \(font) @\(width): \(text)")
                        compared += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 300)
    }

    /// Calls `body` with `text` shaped whole in `attributes`, its bytes and their C string; not
    /// where it does not shape as one item.
    private static func withShaped(
        _ text: String, _ attributes: OpaquePointer, _ library: FontLibrary,
        _ body: (ShapedLine, UnsafeBufferPointer<UInt8>, UnsafePointer<CChar>) -> Void
    ) {
        var utf8 = text
        utf8.withUTF8 { bytes in
            guard let whole = ShapedLine.shape(bytes, text: text, context: library.context, attributes: attributes)
            else { return }
            body(whole, bytes, UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self))
        }
    }

    /// Characters' logical widths read from the glyphs are Pango's, for texts of a glyph per
    /// character and for those that are not (ligatures, marks, clusters of several characters,
    /// right to left), which take Pango's own function.
    func testLogicalWidthsArePangos() throws {
        let library = try FontLibrary()
        let texts =
            WrappedMeasuringTests.texts + WordPieceShapesTests.adversarial
            + WordPieceShapesTests.randomTexts(count: 150)
            + ["office fluff ffi", "e\u{301}te\u{301}", "里程碑 12 新版本", "שלום עולם", "مرحبا بالعالم", "👩‍💻 ok"]
        var direct = 0
        var compared = 0
        for font in ["Inter 12", "Inter Semi-Bold 15", "DejaVu Sans 12", "sans-serif 13"] {
            let attributes = try XCTUnwrap(library.itemizeAttributes(font))
            for text in texts {
                Self.withShaped(text, attributes, library) { whole, bytes, chars in
                    let count = Int(whole.item.pointee.num_chars)
                    var offsets = (0..<bytes.count).filter { bytes[$0] & 0xC0 != 0x80 }
                    offsets.append(bytes.count)
                    var expected = [Int32](repeating: 0, count: count)
                    var glyphItem = PangoGlyphItem(
                        item: whole.item, glyphs: whole.glyphs, y_offset: 0, start_x_offset: 0, end_x_offset: 0)
                    expected.withUnsafeMutableBufferPointer {
                        pango_glyph_item_get_logical_widths(&glyphItem, chars, $0.baseAddress)
                    }
                    let widths = LineBreaker.logicalWidths(
                        whole.item, whole.glyphs, chars: chars, count: count, byteOffsets: offsets)
                    XCTAssertEqual(widths, expected.map { Int($0) }, "\(font): \(text)")
                    compared += 1
                    if Int(whole.glyphs.pointee.num_glyphs) == count, whole.item.pointee.analysis.level % 2 == 0 {
                        direct += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 500)
        XCTAssertGreaterThan(direct, 200, "most texts read directly")
        XCTAssertLessThan(direct, compared, "some take Pango's function")
    }

    /// `itemizesAlike` says a line itemizes as its text only where Pango's itemizing of the
    /// line alone gives one item with the text's font, script, language and level.
    func testItemizesAlikeAgreesWithPango() throws {
        let library = try FontLibrary()
        let texts =
            WrappedMeasuringTests.texts + WordPieceShapesTests.adversarial
            + WordPieceShapesTests.randomTexts(count: 150) + ["里程碑 12 新版本", "12 — 34", "« 12 » ok", "… a"]
        var alike = 0
        var agreed = 0
        for font in ["Inter 12", "DejaVu Sans 12", "sans-serif 13"] {
            let attributes = try XCTUnwrap(library.itemizeAttributes(font))
            for text in texts {
                Self.withShaped(text, attributes, library) { whole, bytes, chars in
                    let breaker = LineBreaker(whole, chars: chars, length: Int32(bytes.count), wrap: PANGO_WRAP_WORD)
                    let starts = (0..<bytes.count).filter { bytes[$0] & 0xC0 != 0x80 }
                    for start in starts {
                        // A line starts at a base character, never at a mark or a joiner.
                        guard let scalar = String(decoding: bytes[start...], as: UTF8.self).unicodeScalars.first,
                            !Self.attaches(scalar)
                        else { continue }
                        for end in starts + [bytes.count] where end > start {
                            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                            let expected = Self.pangoItemizesAlike(
                                line, as: whole, library: library, attributes: attributes)
                            let answer = breaker.itemizesAlike(line)
                            if answer {
                                XCTAssertTrue(expected, "\(font): \(String(decoding: line, as: UTF8.self)) in \(text)")
                                alike += 1
                            }
                            if answer == expected { agreed += 1 }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(alike, 10_000)
        XCTAssertGreaterThan(agreed, 20_000)
    }

    private static func attaches(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return scalar.properties.isVariationSelector
        }
    }

    /// Pango's answer: `line` itemized alone is one item analysed as `whole`'s.
    private static func pangoItemizesAlike(
        _ line: UnsafeBufferPointer<UInt8>, as whole: ShapedLine, library: FontLibrary, attributes: OpaquePointer
    ) -> Bool {
        guard
            let list = pango_itemize_with_base_dir(
                library.context, PANGO_DIRECTION_LTR,
                UnsafeRawPointer(line.baseAddress!).assumingMemoryBound(to: CChar.self),
                0, Int32(line.count), attributes, nil)
        else { return false }
        defer { g_list_free_full(list) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) } }
        guard list.pointee.next == nil, let data = list.pointee.data else { return false }
        let alone = data.assumingMemoryBound(to: PangoItem.self).pointee.analysis
        let own = whole.item.pointee.analysis
        return alone.font == own.font && alone.script == own.script && alone.language == own.language
            && alone.level == own.level && alone.gravity == own.gravity && alone.flags & 0x7 == own.flags & 0x7
            && alone.extra_attrs == nil && own.extra_attrs == nil
    }
}
