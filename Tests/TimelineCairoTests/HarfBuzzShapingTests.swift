import CPangoCairo
import XCTest

@testable import TimelineCairo

/// `HarfBuzzShaping` gives `pango_shape_item`'s glyphs, for whole texts and for pieces shaped
/// with the text around them as context, or refuses.
final class HarfBuzzShapingTests: XCTestCase {
    private static let fonts = [
        "Inter Semi-Bold 14", "Inter 12", "Inter Bold 11", "DejaVu Sans 12", "sans-serif 13", "Inter Medium 17px",
    ]

    func testGlyphsArePangos() throws {
        let library = try FontLibrary()
        var compared = 0
        for font in Self.fonts {
            let attributes = try XCTUnwrap(library.itemizeAttributes(font))
            for text in WrappedMeasuringTests.texts + [
                "AVA fi ffl", "Cafe\u{301} e\u{308}", "→ ✓ • …", "(in-progress)",
            ] {
                var utf8 = text
                utf8.withUTF8 { bytes in
                    let chars = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
                    let length = Int32(bytes.count)
                    guard
                        let list = pango_itemize_with_base_dir(
                            library.context, PANGO_DIRECTION_LTR, chars, 0, length, attributes, nil)
                    else { return }
                    defer { g_list_free_full(list) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) } }
                    var node: UnsafeMutablePointer<GList>? = list
                    while let current = node {
                        node = current.pointee.next
                        let item = current.pointee.data.assumingMemoryBound(to: PangoItem.self)
                        // The item, and its second half shaped with the rest as context.
                        var pieces = [item]
                        if item.pointee.num_chars > 3, let half = pango_item_copy(item) {
                            let skip = Int(item.pointee.num_chars / 2)
                            var byte = Int(item.pointee.offset)
                            for _ in 0..<skip { byte += Int(g_utf8_skip[Int(UInt8(bitPattern: chars[byte]))]) }
                            half.pointee.length -= Int32(byte) - half.pointee.offset
                            half.pointee.offset = Int32(byte)
                            half.pointee.num_chars -= Int32(skip)
                            pieces.append(half)
                        }
                        for piece in pieces {
                            let expected = pango_glyph_string_new()!
                            defer { pango_glyph_string_free(expected) }
                            pango_shape_item(piece, chars, length, nil, expected, PANGO_SHAPE_NONE)
                            if let (glyphs, unsafe) = HarfBuzzShaping.shape(piece, text: chars, length: length) {
                                XCTAssertEqual(Self.rows(glyphs), Self.rows(expected), "\(font): \(text)")
                                XCTAssertEqual(unsafe.count, Int(glyphs.pointee.num_glyphs))
                                pango_glyph_string_free(glyphs)
                                compared += 1
                            }
                            if piece != item { pango_item_free(piece) }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 200)
    }

    static func rows(_ string: UnsafeMutablePointer<PangoGlyphString>) -> [[Int32]] {
        (0..<Int(string.pointee.num_glyphs)).map { index in
            let info = string.pointee.glyphs[index]
            return [
                Int32(bitPattern: info.glyph), info.geometry.width, info.geometry.x_offset, info.geometry.y_offset,
                string.pointee.log_clusters[index], Int32(info.attr.is_cluster_start), Int32(info.attr.is_color),
            ]
        }
    }
}
