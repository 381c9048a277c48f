import CCairo
import CPangoCairo
import TimelineScene
import XCTest

@testable import TimelineCairo

final class ShapedInPlaceTests: XCTestCase {
    /// Lines in every script the bundled fonts cover and some they do not, ligatures, marks,
    /// emoji sequences, spaces of several kinds, and lines a layout alone can draw (right to
    /// left, mixed fonts, a tab, trailing spaces).
    private static let lines = [
        "office affluent fjord ffl — “quotes” …", "AVATAR Wave To: Yo, P.A. ¼ ½ ℃ № ™",
        "e\u{301} a\u{308} n\u{303} o\u{328} combining", "👩‍👩‍👧‍👦 family 👍🏽 ❤️ ☺︎", "混合 Latin and 中文",
        "发布会 — 新产品在北京发布", "नमस्ते दुनिया", "  leading and trailing  ", "nbsp\u{a0}here thin\u{2009}space",
        "zero\u{200b}width soft\u{ad}hyphen", "Ελληνικά Кириллица", "שלום עולם and English", "مرحبا 123 بالعالم",
        "Tab\there", "1234567890 +−×÷= ≤≥ ±∞", "Ｆｕｌｌｗｉｄｔｈ",
    ]

    private static let scene: Scene = {
        var nodes: [Primitive] = []
        for (index, text) in lines.enumerated() {
            let top = 8 + 26 * Double(index)
            let font = ["Inter Semi-Bold 14", "Inter 12", "Inter Italic 11", "Inter Bold 10.5"][index % 4]
            let line = PlacedLine(
                text: text, x: 6 + Double(index) * 0.37, baseline: top + 16, width: 260, top: top, height: 20)
            nodes.append(.text(TextNode(font: font, color: RGBA(r: 20, g: 30, b: 90), lines: [line])))
        }
        return Scene(
            width: 320, height: 8 + 26 * Double(lines.count), background: RGBA(r: 255, g: 255, b: 255), nodes: nodes,
            title: "t", description: [])
    }()

    private func painted(scale: Double, inPlace: Bool, fonts: FontLibrary, layout: OpaquePointer) -> [UInt8] {
        let canvas = Self.scene.canvasSize(scale: scale)
        let (width, height) = (Int32(canvas.width), Int32(canvas.height))
        let surface = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height))
        let context = CairoContext(surface: surface)
        cairo_scale(context.pointer, scale, scale)
        var painter = ScenePainter(
            cr: context.pointer, fonts: fonts, layout: layout, marksPDFStructure: false,
            background: Self.scene.backgroundRect(scale: scale))
        painter.textAsOutlines = true
        painter.shapesInPlace = inPlace
        painter.paint(Self.scene)
        cairo_surface_flush(surface.pointer)
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        return Array(
            UnsafeBufferPointer(start: cairo_image_surface_get_data(surface.pointer), count: stride * Int(height)))
    }

    /// A PNG's lines shaped without a layout fill the pixels their layout fills, at scales new to
    /// the fonts and at the measuring scale.
    func testLinesShapedInPlacePaintAsTheirLayouts() throws {
        let fonts = try FontLibrary()
        let layout = pango_layout_new(fonts.context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        for scale in [2.0, 1, 1.5, 3, 0.75] {
            let laidOut = painted(scale: scale, inPlace: false, fonts: fonts, layout: layout)
            XCTAssertTrue(laidOut.contains { $0 != 255 }, "scale \(scale)")
            let inPlace = painted(scale: scale, inPlace: true, fonts: fonts, layout: layout)
            let differing = zip(inPlace, laidOut).filter { $0 != $1 }.count
            XCTAssertTrue(inPlace.count == laidOut.count && differing == 0, "scale \(scale): \(differing) bytes differ")
        }
    }
}
