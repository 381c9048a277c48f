import CCairo

/// Whether the cairo in use writes a font's `/Widths` truncated to whole thousandths of an em, so
/// that readers drift (`PDFGlyphDrift`): cairo 1.16 does, 1.18 writes them exactly. Found once by
/// writing a PDF of a few glyphs and reading its widths, not from cairo's version: the behaviour
/// is what the correction depends on.
enum PDFWidthsProbe {
    static let widthsAreTruncated = widthsAreWhole(in: probe())

    /// A PDF of a few glyphs of the default sans-serif font, whose widths are not whole thousandths.
    static func probe() -> [UInt8] {
        let sink = Collected()
        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Collected>.fromOpaque(closure).takeUnretainedValue().bytes
                .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        guard let surface = cairo_pdf_surface_create_for_stream(write, unmanaged.toOpaque(), 100, 100) else {
            return []
        }
        // PDF 1.4 has no object streams: the font's dictionary is written as plain text.
        cairo_pdf_surface_restrict_to_version(surface, CAIRO_PDF_VERSION_1_4)
        let cr = cairo_create(surface)
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 13)
        cairo_move_to(cr, 10, 50)
        cairo_show_text(cr, "abcdefghijkmnopqrstuvwxyz")
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return sink.bytes
    }

    /// Whether every number of the first `/Widths` or `/W` array in `pdf` is whole; false when
    /// there is none.
    static func widthsAreWhole(in pdf: [UInt8]) -> Bool {
        guard let start = end(of: Array("/Widths [".utf8), in: pdf) ?? end(of: Array("/W [0 [".utf8), in: pdf),
            let close = pdf[start...].firstIndex(of: UInt8(ascii: "]"))
        else { return false }
        let numbers = pdf[start..<close].split(whereSeparator: { $0 == 0x20 || (0x09...0x0D).contains($0) })
        return !numbers.isEmpty && !numbers.contains { $0.contains(UInt8(ascii: ".")) }
    }

    /// The index just past the first occurrence of `pattern` in `bytes`.
    private static func end(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
            if bytes[start..<start + pattern.count].elementsEqual(pattern) { return start + pattern.count }
        }
        return nil
    }

    private final class Collected {
        var bytes: [UInt8] = []
    }
}
