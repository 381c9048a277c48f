import CCairo
import CPangoCairo

/// Where a PDF reader puts the glyphs cairo 1.16 writes, and the correction that puts them where
/// the scene does.
///
/// cairo writes a font's `/Widths` truncated to thousandths of an em, but works out each glyph's
/// `TJ` adjustment from the font's exact advance: a reader, which moves on by the written widths,
/// draws every glyph of a line a little further left than cairo meant, more with every glyph
/// (about 0.3 pt by the end of a 40-glyph line at 14 pt). This follows cairo's PDF operators
/// through a text object and hands cairo each glyph moved right by what the reader will lose.
///
/// cairo starts from an exact position (`Tm` or `Td`) for a new text object (after any other
/// drawing or a change of color), a new font size, a new baseline and a jump of over 10 em;
/// the shortfall starts again from zero there.
///
/// A font fontconfig emboldens (a bold weight of a font that has none, such as the CJK fallback)
/// is embedded as outlines cairo makes itself, and those lie 1/24 em (FreeType's emboldening
/// strength) below where cairo draws the same glyphs on a surface: its glyphs go up by as much.
/// cairo 1.18 writes exact widths but still lowers emboldened outlines, so that correction holds
/// for every cairo (a Debian 13 PDF's bold Chinese title sat 2 pixels low at 144 dpi without it).
final class PDFGlyphDrift {
    /// Whether the written widths are corrected for (`PDFWidthsProbe`): cairo 1.16's, not 1.18's.
    private let correctsWidths: Bool

    init(correctsWidths: Bool) { self.correctsWidths = correctsWidths }

    /// The reader's position minus cairo's, in user space.
    private var drift = 0.0
    private var baseline: Double?
    private var size = 0.0
    /// Where cairo places the next glyph at its advance, in user space.
    private var cairoNext = 0.0
    private var color: (Double, Double, Double, Double)?
    /// Each face's advances in font units, by number (`faceNumbers`).
    private var faces: [FaceAdvances] = []
    private var faceNumbers: [OpaquePointer: Int] = [:]

    deinit {
        let faces = faces
        TextThread.release { for face in faces { face.destroy() } }
    }

    /// The next glyphs start a new text object: after drawing that is not text, or text cairo
    /// placed on its own.
    func restart() { baseline = nil }

    /// The source color of the next glyphs; cairo ends its text object when it changes.
    func setColor(_ rgba: (Double, Double, Double, Double)) {
        if let color, color == rgba { return }
        color = rgba
        restart()
    }

    /// Moves `glyphs`, in the order cairo will write them, so that a reader draws them where they are.
    func correct(_ glyphs: inout [cairo_glyph_t], font: UnsafeMutablePointer<PangoFont>, scaledFont: OpaquePointer) {
        var matrix = cairo_matrix_t()
        cairo_scaled_font_get_font_matrix(scaledFont, &matrix)
        let fontSize = matrix.xx
        guard fontSize > 0, matrix.xy == 0, matrix.yx == 0, let face = faceNumber(font) else {
            restart()
            return
        }
        let upem = faces[face].upem
        let raise = isEmboldened(font) ? fontSize / 24 : 0
        for index in glyphs.indices { glyphs[index].y -= raise }
        guard correctsWidths else { return }
        for index in glyphs.indices {
            let glyph = glyphs[index]
            if baseline.map({ abs($0 - glyph.y) > 0.001 * fontSize }) ?? true || size != fontSize
                || abs(glyph.x - drift - cairoNext) > 10 * fontSize
            {
                drift = 0
                baseline = glyph.y
                size = fontSize
            }
            glyphs[index].x = glyph.x - drift
            let exact = Double(faces[face].advance(glyph.index)) / upem
            let written = (exact * 1000).rounded(.towardZero) / 1000
            cairoNext = glyphs[index].x + exact * fontSize
            drift += (written - exact) * fontSize
        }
    }

    private var emboldened: [UnsafeMutablePointer<PangoFont>: Bool] = [:]

    private func isEmboldened(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
        if let known = emboldened[font] { return known }
        var value: FcBool = 0
        let fcFont = UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)
        let pattern = pango_fc_font_get_pattern(fcFont)
        let found = pattern.map { FcPatternGetBool($0, FC_EMBOLDEN, 0, &value) == FcResultMatch }
        let answer = found == true && value != 0
        emboldened[font] = answer
        return answer
    }

    /// The number of the font's face in `faces`, or nil when its advances cannot be read.
    private func faceNumber(_ font: UnsafeMutablePointer<PangoFont>) -> Int? {
        guard let scaled = pango_font_get_hb_font(font), let face = hb_font_get_face(scaled) else { return nil }
        if let known = faceNumbers[face] { return known }
        let upem = Double(hb_face_get_upem(face))
        guard upem > 0, let font = hb_font_create(face) else { return nil }
        faces.append(FaceAdvances(font: font, upem: upem))
        faceNumbers[face] = faces.count - 1
        return faces.count - 1
    }
}

/// A face's units per em and an HarfBuzz font at that scale, whose advances in font units are
/// read once per glyph: a text repeats the same few glyphs.
struct FaceAdvances {
    let font: OpaquePointer
    let upem: Double
    /// Advances by glyph; `unread` for glyphs not asked for yet.
    private var advances: [Int32] = []
    private static let unread = Int32.min
    /// Glyphs past this are read each time.
    private static let tableWidth = 1 << 16

    init(font: OpaquePointer, upem: Double) {
        self.font = font
        self.upem = upem
    }

    /// Frees the HarfBuzz font; the value is not used after.
    func destroy() { hb_font_destroy(font) }

    mutating func advance(_ glyph: UInt) -> Int32 {
        guard glyph < Self.tableWidth else { return hb_font_get_glyph_h_advance(font, hb_codepoint_t(glyph)) }
        let index = Int(glyph)
        if index >= advances.count {
            let width = min(Self.tableWidth, max(index + 1, 2 * advances.count, 256))
            advances += repeatElement(Self.unread, count: width - advances.count)
        }
        if advances[index] == Self.unread { advances[index] = hb_font_get_glyph_h_advance(font, hb_codepoint_t(glyph)) }
        return advances[index]
    }
}
