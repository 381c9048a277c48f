import CCairo
import CPangoCairo

/// Glyph outlines drawn by HarfBuzz from the font's own tables (#48), for the SVG writer: cairo
/// loaded each CFF glyph through FreeType about 2.3 times for one path (its extents, then the
/// outline), a tenth of an 8-item card's instructions. The outline is the face's, in its units,
/// unhinted and unemboldened, mapped by cairo's font matrix (the size and any slant fontconfig
/// asks for), so it is what cairo drew at the same size, without FreeType's rounding to 1/64
/// pixel: the same digits with HarfBuzz 6 and 10. Emboldening stays ours (`SyntheticBold`).
enum HarfBuzzOutlines {
    /// What a font's outlines are read with: a HarfBuzz font of its face at its own units (none of
    /// Pango's synthetic bold or slant), its variation coordinates, and cairo's font matrix; for a
    /// font fontconfig emboldens, the strength to embolden its outlines by (`SyntheticBold`).
    final class Font {
        let hbFont: OpaquePointer
        let matrix: cairo_matrix_t
        let unitsPerEm: Double
        let strength: Double?

        /// The outline font of `font` (a `PangoFont`) at the size of its cairo scaled font;
        /// `ownMatrix`: the font matrix made from its pattern (`fontMatrix`).
        init?(_ font: UnsafeMutableRawPointer, ownMatrix: Bool = false) {
            guard let matrix = HarfBuzzOutlines.fontMatrix(font, ownMatrix: ownMatrix),
                let parent = pango_font_get_hb_font(font.assumingMemoryBound(to: PangoFont.self)),
                let face = hb_font_get_face(parent), let created = hb_font_create(face)
            else { return nil }
            var count: UInt32 = 0
            if let coordinates = hb_font_get_var_coords_normalized(parent, &count), count > 0 {
                hb_font_set_var_coords_normalized(created, coordinates, count)
            }
            hbFont = created
            self.matrix = matrix
            unitsPerEm = Double(max(1, hb_face_get_upem(face)))
            var emboldened: FcBool = 0
            if let pattern = pango_fc_font_get_pattern(font.assumingMemoryBound(to: PangoFcFont.self)),
                FcPatternGetBool(pattern, FC_EMBOLDEN, 0, &emboldened) == FcResultMatch, emboldened != 0
            {
                strength = SyntheticBold.strength(fontSize: matrix.yy)
            } else {
                strength = nil
            }
        }

        deinit { hb_font_destroy(hbFont) }

        /// The glyph's outline at font size, its origin at 0,0 and y downwards, as cairo's path
        /// gives it: quadratic curves as cubic ones, each contour closed.
        func segments(_ glyph: UInt32) -> [SVGGlyphs.Segment] {
            let drawing = Drawing(font: self)
            withExtendedLifetime(drawing) {
                timeline_hb_draw_glyph(
                    hbFont, glyph, HarfBuzzOutlines.funcs, Unmanaged.passUnretained(drawing).toOpaque())
            }
            return drawing.segments
        }

        /// A point in the face's units (y upwards) at font size, y downwards.
        func point(_ x: Float, _ y: Float) -> SyntheticBold.Point {
            let u = Double(x) / unitsPerEm
            let v = -Double(y) / unitsPerEm
            return SyntheticBold.Point(
                x: matrix.xx * u + matrix.xy * v + matrix.x0, y: matrix.yx * u + matrix.yy * v + matrix.y0)
        }
    }

    /// The font matrix of `font`'s cairo scaled font (a Pango cairo fontconfig font), as Pango
    /// 1.50 makes it for the scaled font (`_pango_cairo_fc_font_new`): the pattern's pixel size,
    /// times its `FC_MATRIX` (fontconfig's slant of a synthetic oblique) in cairo's orientation,
    /// times the rotation of the font's gravity. Made here, not asked of the scaled font, which
    /// loads the font file into FreeType a second time (0.4 million instructions a font, on the
    /// path of every SVG: #48). Only for a font loaded without a transformation of the context
    /// (`ownMatrix`: measuring named it), whose pixel size the matrix takes whole: a font loaded
    /// at a scale has its pixel size scaled, which cairo's matrix divides by its key's scale, not
    /// kept in the font. A font whose pattern has no pixel size or names a gravity, and every
    /// other font, ask cairo. `HarfBuzzOutlinesTests` compares the two for every bundled face.
    static func fontMatrix(_ font: UnsafeMutableRawPointer, ownMatrix: Bool) -> cairo_matrix_t? {
        if ownMatrix, let pattern = pango_fc_font_get_pattern(font.assumingMemoryBound(to: PangoFcFont.self)) {
            var size = 0.0
            var gravity: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetDouble(pattern, FC_PIXEL_SIZE, 0, &size) == FcResultMatch,
                FcPatternGetString(pattern, PANGO_FC_GRAVITY, 0, &gravity) != FcResultMatch
            {
                var slant = FcMatrix(xx: 1, xy: 0, yx: 0, yy: 1)
                var index: Int32 = 0
                var each: UnsafeMutablePointer<FcMatrix>?
                while FcPatternGetMatrix(pattern, FC_MATRIX, index, &each) == FcResultMatch, let each {
                    var before = slant
                    FcMatrixMultiply(&slant, &before, each)
                    index += 1
                }
                var sized = cairo_matrix_t()
                cairo_matrix_init(&sized, slant.xx, -slant.yx, -slant.xy, slant.yy, 0, 0)
                cairo_matrix_scale(&sized, size, size)
                // The rotation of the south gravity, multiplied in as Pango does (it turns -0 to 0).
                var rotation = cairo_matrix_t()
                cairo_matrix_init_rotate(&rotation, 0)
                var matrix = cairo_matrix_t()
                cairo_matrix_multiply(&matrix, &sized, &rotation)
                return matrix
            }
        }
        guard let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else { return nil }
        var matrix = cairo_matrix_t()
        cairo_scaled_font_get_font_matrix(scaled, &matrix)
        return matrix
    }

    /// The segments of one glyph being drawn.
    private final class Drawing {
        let font: Font
        var segments: [SVGGlyphs.Segment] = []
        /// Where the contour being drawn starts.
        var start = SyntheticBold.Point(x: 0, y: 0)

        init(font: Font) { self.font = font }

        /// Closes the contour; a last line back to its start left out, as cairo leaves it out.
        func close() {
            if case .line(let end) = segments.last, end == start { segments.removeLast() }
            segments.append(.close)
        }
    }

    private static func drawing(_ data: UnsafeMutableRawPointer?) -> Drawing {
        Unmanaged<Drawing>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The callbacks, made once and immutable: they keep no state of their own, so any thread may
    /// draw with them.
    nonisolated(unsafe) private static let funcs: OpaquePointer = {
        let funcs = hb_draw_funcs_create()!
        hb_draw_funcs_set_move_to_func(
            funcs,
            { _, data, _, x, y, _ in
                let drawing = HarfBuzzOutlines.drawing(data)
                drawing.start = drawing.font.point(x, y)
                drawing.segments.append(.move(drawing.start))
            }, nil, nil)
        hb_draw_funcs_set_line_to_func(
            funcs,
            { _, data, _, x, y, _ in
                let drawing = HarfBuzzOutlines.drawing(data)
                drawing.segments.append(.line(drawing.font.point(x, y)))
            }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(
            funcs,
            { _, data, state, controlX, controlY, x, y, _ in
                // The cubic curve of a quadratic one, as cairo makes it from FreeType's: each
                // control point two thirds of the way from an end to the quadratic's.
                let drawing = HarfBuzzOutlines.drawing(data)
                let startX = state!.pointee.current_x
                let startY = state!.pointee.current_y
                let font = drawing.font
                drawing.segments.append(
                    .curve(
                        font.point(startX + 2 / 3 * (controlX - startX), startY + 2 / 3 * (controlY - startY)),
                        font.point(x + 2 / 3 * (controlX - x), y + 2 / 3 * (controlY - y)), font.point(x, y)))
            }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(
            funcs,
            { _, data, _, firstX, firstY, secondX, secondY, x, y, _ in
                let drawing = HarfBuzzOutlines.drawing(data)
                let font = drawing.font
                drawing.segments.append(
                    .curve(font.point(firstX, firstY), font.point(secondX, secondY), font.point(x, y)))
            }, nil, nil)
        hb_draw_funcs_set_close_path_func(
            funcs, { _, data, _, _ in HarfBuzzOutlines.drawing(data).close() }, nil, nil)
        hb_draw_funcs_make_immutable(funcs)
        return funcs
    }()
}
