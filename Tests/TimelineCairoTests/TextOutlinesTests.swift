import CCairo
import CPangoCairo
import TimelineScene
import XCTest

@testable import TimelineCairo

final class TextOutlinesTests: XCTestCase {
    private let scene = Scene(
        width: 300, height: 400, background: RGBA(r: 250, g: 248, b: 240), nodes: (0..<6).map(TextOutlinesTests.text),
        title: "t", description: [])

    private static func text(_ index: Int) -> Primitive {
        let top = 14 + 60 * Double(index)
        let line = PlacedLine(
            text: "Line \(index) — Ågj", x: 10 + Double(index), baseline: top + 16, width: 120, top: top, height: 20)
        let font = index % 2 == 0 ? "Inter Semi-Bold 14" : "Inter 12"
        return .text(TextNode(font: font, color: RGBA(r: 20, g: 30, b: 90), lines: [line]))
    }

    /// The scene painted at scale 2, its first `prepared` text nodes from outlines laid out
    /// before (all of them laid out as painted when nil).
    private func painted(preparedNodes prepared: Int?, fonts: FontLibrary, layout: OpaquePointer) -> [UInt8] {
        let surface = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 600, 800))
        var outlines: TextOutlines?
        if let prepared {
            let collected = TextOutlines(nodeCount: scene.nodes.count)
            let context = CairoContext(surface: surface)
            cairo_scale(context.pointer, 2, 2)
            var collector = ScenePainter(
                cr: context.pointer, fonts: fonts, layout: layout, marksPDFStructure: false,
                background: scene.backgroundRect(scale: 2))
            collector.textAsOutlines = true
            collector.collectedOutlines = collected
            var count = 0
            collector.collectText(
                scene,
                until: {
                    defer { count += 1 }
                    return count >= prepared
                })
            outlines = collected
        }
        let context = CairoContext(surface: surface)
        cairo_scale(context.pointer, 2, 2)
        var painter = ScenePainter(
            cr: context.pointer, fonts: fonts, layout: layout, marksPDFStructure: false,
            background: scene.backgroundRect(scale: 2))
        painter.textAsOutlines = true
        painter.preparedOutlines = outlines
        painter.paint(scene)
        cairo_surface_flush(surface.pointer)
        let bytes = cairo_image_surface_get_data(surface.pointer)!
        return Array(
            UnsafeBufferPointer(start: bytes, count: Int(cairo_image_surface_get_stride(surface.pointer)) * 800))
    }

    /// Text filled from outlines laid out before, for some nodes or all, paints the pixels the
    /// painter's own layout paints.
    func testOutlinesLaidOutBeforePaintAsTheTextDoes() throws {
        let fonts = try FontLibrary()
        let layout = pango_layout_new(fonts.context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let direct = painted(preparedNodes: nil, fonts: fonts, layout: layout)
        XCTAssertTrue(direct.contains { $0 != 0 && $0 != 250 && $0 != 248 && $0 != 240 && $0 != 255 })
        for prepared in [0, 2, 6] {
            XCTAssertEqual(painted(preparedNodes: prepared, fonts: fonts, layout: layout), direct, "\(prepared) nodes")
        }
    }
}
