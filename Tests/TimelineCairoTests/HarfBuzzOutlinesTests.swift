import CCairo
import CPangoCairo
import XCTest

@testable import TimelineCairo

/// The SVG writer's outlines, drawn by HarfBuzz (#48), are cairo's: the same segments, each point
/// within FreeType's rounding (cairo reads outlines through FreeType in 26.6 fixed point: 1/64
/// pixel, twice that for control points made from rounded ones), for a CFF font (Inter), a
/// TrueType one, whose quadratic curves become cubic ones as cairo makes them (DejaVu Sans), and a
/// font fontconfig emboldens, whose outlines are read unemboldened and emboldened by
/// `SyntheticBold`.
final class HarfBuzzOutlinesTests: XCTestCase {
    private static let text = "Milestone 12 — Ag&8@ßé%"

    func testOutlinesAreCairosWithinItsRounding() throws {
        let library = try FontLibrary()
        for name in ["Inter Semi-Bold 18.7", "Inter 16", "DejaVu Sans 13", "DejaVu Serif Bold 21"] {
            let font = try XCTUnwrap(pango_context_load_font(library.context, library.description(name)))
            defer { g_object_unref(font) }
            let outlines = try XCTUnwrap(HarfBuzzOutlines.Font(UnsafeMutableRawPointer(font)), name)
            XCTAssertNil(outlines.strength, name)
            let scaled = try XCTUnwrap(pango_cairo_font_get_scaled_font(OpaquePointer(font)))
            var drawn = 0
            for glyph in Self.glyphs(font) {
                let ours = outlines.segments(glyph)
                let cairos = Self.cairoSegments(scaled, glyph)
                XCTAssertEqual(Self.kinds(ours), Self.kinds(cairos), "\(name) glyph \(glyph)")
                // Cairo's cubic control points are made from points already rounded: twice the bound.
                XCTAssertLessThanOrEqual(Self.distance(ours, cairos), 1.0 / 32, "\(name) glyph \(glyph)")
                if !ours.isEmpty { drawn += 1 }
            }
            XCTAssertGreaterThan(drawn, 15, name)
        }
    }

    /// The font matrix made from a font's pattern is cairo's scaled font's, bit for bit (the
    /// sign of a zero too), for every bundled family, in its own faces and in those fontconfig
    /// makes (an oblique slant, an emboldened weight), at sizes texts use.
    func testTheFontMatrixIsCairosForEveryBundledFace() throws {
        let library = try FontLibrary()
        let families = ["Inter", "DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Droid Sans Fallback", "Symbola"]
        let styles = ["", " Bold", " Semi-Bold", " Italic", " Bold Italic", " Oblique"]
        var slanted = 0
        for family in families {
            for style in styles {
                for size in [7.5, 12, 13.5, 15, 18.7, 31] {
                    let name = "\(family)\(style) \(size)"
                    let font = try XCTUnwrap(pango_context_load_font(library.context, library.description(name)), name)
                    defer { g_object_unref(font) }
                    let own = try XCTUnwrap(HarfBuzzOutlines.fontMatrix(UnsafeMutableRawPointer(font), ownMatrix: true))
                    var cairos = cairo_matrix_t()
                    cairo_scaled_font_get_font_matrix(pango_cairo_font_get_scaled_font(OpaquePointer(font)), &cairos)
                    let pairs = [
                        (own.xx, cairos.xx), (own.yx, cairos.yx), (own.xy, cairos.xy), (own.yy, cairos.yy),
                        (own.x0, cairos.x0), (own.y0, cairos.y0),
                    ]
                    for (index, (ours, theirs)) in pairs.enumerated() {
                        XCTAssertEqual(
                            ours.bitPattern, theirs.bitPattern, "\(name) element \(index): \(ours), \(theirs)")
                    }
                    if own.xy != 0 { slanted += 1 }
                }
            }
        }
        XCTAssertGreaterThan(slanted, 0, "some face slanted by fontconfig")
    }

    /// Fonts measuring names are measured; a font only a name loads is not, and has its font
    /// matrix from cairo.
    func testOnlyFontsMeasuringNamedAreMeasured() throws {
        let library = try FontLibrary()
        let measurer = PangoTextMeasurer(fonts: library)
        let measured = measurer.measure("Milestone", font: "Inter 13", maxWidth: 500, maxLines: nil)
        let face = try XCTUnwrap(measured.lines.first?.glyphs?.runs.first?.face)
        TextThread.run {
            guard let font = library.font(named: face) else { return XCTFail("no font named \(face)") }
            XCTAssertTrue(library.isMeasured(font))
            // A name no measuring gave: loaded by the name alone.
            guard let other = library.font(named: "DejaVuSerif.ttf#0|DejaVu Serif 17px") else {
                return XCTFail("no font loaded by name")
            }
            XCTAssertFalse(library.isMeasured(other))
        }
    }

    /// A bold weight of a face that has none (the CJK fallback): its outlines are the face's, and
    /// it is emboldened by 1/24 of its size.
    func testAnEmboldenedFontIsReadPlainWithItsStrength() throws {
        let library = try FontLibrary()
        let font = try XCTUnwrap(
            pango_context_load_font(library.context, library.description("Droid Sans Fallback Bold 24")))
        defer { g_object_unref(font) }
        let outlines = try XCTUnwrap(HarfBuzzOutlines.Font(UnsafeMutableRawPointer(font)))
        let strength = try XCTUnwrap(outlines.strength)
        XCTAssertEqual(strength, outlines.matrix.yy / 24, accuracy: 1e-9)
        let hbFont = try XCTUnwrap(pango_font_get_hb_font(font))
        var glyph: hb_codepoint_t = 0
        XCTAssertNotEqual(hb_font_get_nominal_glyph(hbFont, 0x91CC, &glyph), 0)
        let plain = outlines.segments(glyph)
        XCTAssertGreaterThan(plain.count, 4)
        // The face's own outline at the same size: what the regular weight draws.
        let regular = try XCTUnwrap(
            pango_context_load_font(library.context, library.description("Droid Sans Fallback 24")))
        defer { g_object_unref(regular) }
        let regularOutlines = try XCTUnwrap(HarfBuzzOutlines.Font(UnsafeMutableRawPointer(regular)))
        XCTAssertNil(regularOutlines.strength)
        XCTAssertEqual(Self.kinds(plain), Self.kinds(regularOutlines.segments(glyph)))
        XCTAssertEqual(Self.distance(plain, regularOutlines.segments(glyph)), 0)
        let bold = SyntheticBold.embolden(plain, strength: strength)
        let boldRight = bold.compactMap(Self.end).map(\.x).max() ?? 0
        let plainRight = plain.compactMap(Self.end).map(\.x).max() ?? 0
        XCTAssertEqual(boldRight - plainRight, strength, accuracy: strength / 4)
    }

    /// The glyphs of `text` in `font`, each once.
    private static func glyphs(_ font: UnsafeMutablePointer<PangoFont>) -> [UInt32] {
        let hbFont = pango_font_get_hb_font(font)
        var seen: [UInt32] = []
        for scalar in text.unicodeScalars {
            var glyph: hb_codepoint_t = 0
            if hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0, !seen.contains(glyph) {
                seen.append(glyph)
            }
        }
        return seen
    }

    private static func end(_ segment: SVGGlyphs.Segment) -> SyntheticBold.Point? {
        switch segment {
        case .move(let point), .line(let point), .curve(_, _, let point): return point
        case .close: return nil
        }
    }

    private static func kinds(_ segments: [SVGGlyphs.Segment]) -> String {
        String(
            segments.map { segment -> Character in
                switch segment {
                case .move: return "M"
                case .line: return "L"
                case .curve: return "C"
                case .close: return "Z"
                }
            })
    }

    /// The largest distance of a coordinate of `first` from the same one of `second`.
    private static func distance(_ first: [SVGGlyphs.Segment], _ second: [SVGGlyphs.Segment]) -> Double {
        func points(_ segment: SVGGlyphs.Segment) -> [SyntheticBold.Point] {
            switch segment {
            case .move(let point), .line(let point): return [point]
            case .curve(let a, let b, let c): return [a, b, c]
            case .close: return []
            }
        }
        let pairs = zip(first.flatMap(points), second.flatMap(points))
        return pairs.map { max(abs($0.x - $1.x), abs($0.y - $1.y)) }.max() ?? 0
    }

    /// The glyph's outline as cairo's path gives it (what the SVG writer read before), a last
    /// move back to a closed contour's start left out.
    private static func cairoSegments(_ scaled: OpaquePointer, _ glyph: UInt32) -> [SVGGlyphs.Segment] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        let context = cairo_create(surface)
        defer {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
        }
        cairo_set_scaled_font(context, scaled)
        var item = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        cairo_glyph_path(context, &item, 1)
        guard let path = cairo_copy_path(context), let data = path.pointee.data else { return [] }
        defer { cairo_path_destroy(path) }
        var segments: [SVGGlyphs.Segment] = []
        var index = 0
        let count = Int(path.pointee.num_data)
        func point(_ offset: Int) -> SyntheticBold.Point {
            SyntheticBold.Point(x: data[index + offset].point.x, y: data[index + offset].point.y)
        }
        while index < count, data[index].header.length > 0 {
            let header = data[index].header
            if header.type == CAIRO_PATH_MOVE_TO, index + Int(header.length) >= count { break }
            switch header.type {
            case CAIRO_PATH_MOVE_TO: segments.append(.move(point(1)))
            case CAIRO_PATH_LINE_TO: segments.append(.line(point(1)))
            case CAIRO_PATH_CURVE_TO: segments.append(.curve(point(1), point(2), point(3)))
            default: segments.append(.close)
            }
            index += Int(header.length)
        }
        return segments
    }
}
