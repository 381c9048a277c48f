import CPangoCairo
import XCTest

@testable import TimelineCairo

/// `LineBreaker` picks a layout's lines in both wrap modes it follows: words only (what the
/// measurer uses) and words then characters.
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
                            return breaker.breakLines(maxWidth: Int32(width * 1024))?.map { $0.start..<$0.end }
                        }
                        guard let lines else { continue }
                        pango_layout_set_width(layout, Int32(width * 1024))
                        pango_layout_set_text(layout, text, -1)
                        var expected: [Range<Int>] = []
                        var node = pango_layout_get_lines_readonly(layout)
                        while let current = node {
                            let line = current.pointee.data.assumingMemoryBound(to: PangoLayoutLine.self).pointee
                            expected.append(Int(line.start_index)..<Int(line.start_index + line.length))
                            node = current.pointee.next
                        }
                        XCTAssertEqual(lines, expected, "\(wrap) \(font) @\(width): \(text)")
                        compared += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 300)
    }
}
