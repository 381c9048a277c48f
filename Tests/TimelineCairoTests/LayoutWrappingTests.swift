import CPangoCairo
import XCTest

@testable import TimelineCairo

/// A layout wrapped to a width lays out a text that fits that width unwrapped as the same single
/// line: same bytes, direction, width, height and baseline, and the same paragraph height.
final class LayoutWrappingTests: XCTestCase {
    private static let fonts = ["Inter Semi-Bold 14", "Inter 12", "DejaVu Sans 12", "sans-serif 13"]
    private static let widths: [Double] = [30, 61.5, 90, 157.25, 248, 333.3, 600]

    static let texts =
        WrappedMeasuringTests.texts + KnownItemAnalysesTests.mixedTexts(count: 120) + [
            "الفريق 12", "负责团队 12", "المرحلة 12 — مراجعة التصميم", "עברית ו-English 12", "a\nb", "里程碑 12：新版本",
            "مرحبا 🚀 بالعالم", "  مسافات  ", "٠١٢ ٣٤٥", "x", "Launch 🚀",
        ]

    private struct Line: Equatable {
        var start: Int32
        var length: Int32
        var direction: UInt32
        var width: Int32
        var height: Int32
        var baseline: Int32
    }

    private static func lines(_ layout: OpaquePointer) -> (lines: [Line], height: Int32) {
        var lines: [Line] = []
        let iterator = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            lines.append(
                Line(
                    start: line.pointee.start_index, length: line.pointee.length,
                    direction: line.pointee.resolved_dir, width: logical.width, height: logical.height,
                    baseline: pango_layout_iter_get_baseline(iterator)))
        } while pango_layout_iter_next_line(iterator) != 0
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return (lines, logical.height)
    }

    func testATextThatFitsIsTheUnwrappedLine() throws {
        let library = try FontLibrary()
        let layout = pango_layout_new(library.context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_wrap(layout, PangoTextMeasurer.wrapMode)
        var compared = 0
        for font in Self.fonts {
            pango_layout_set_font_description(layout, library.description(font))
            for text in Self.texts {
                pango_layout_set_text(layout, text, -1)
                pango_layout_set_width(layout, -1)
                let unwrapped = Self.lines(layout)
                for width in Self.widths {
                    let units = Int32(width * PangoTextMeasurer.scale)
                    guard unwrapped.lines.count == 1, unwrapped.lines[0].width <= units else { continue }
                    pango_layout_set_width(layout, units)
                    let wrapped = Self.lines(layout)
                    pango_layout_set_width(layout, -1)
                    XCTAssertEqual(wrapped.lines, unwrapped.lines, "\(font) @\(width): \(text)")
                    XCTAssertEqual(wrapped.height, unwrapped.height, "\(font) @\(width): \(text)")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 1_000)
    }
}
