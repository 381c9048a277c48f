import CPangoCairo
import TimelineScene

/// Measures and wraps text with Pango, once per block, with the library's fonts.
public final class PangoTextMeasurer: TextMeasuring {
    let fonts: FontLibrary
    private let layout: OpaquePointer
    private let singleLine: OpaquePointer
    private static let scale = Double(PANGO_SCALE)

    public init(fonts: FontLibrary) {
        self.fonts = fonts
        layout = pango_layout_new(fonts.context)
        singleLine = pango_layout_new(fonts.context)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(singleLine))
    }

    public func measure(_ text: String, font: String, maxWidth: Double, maxLines: Int?) -> MeasuredText {
        let description = fonts.description(font)
        pango_layout_set_font_description(layout, description)
        pango_layout_set_width(layout, Int32(min(maxWidth * Self.scale, Double(Int32.max))))
        let bytes = Array(text.utf8)
        pango_layout_set_text(layout, text, Int32(bytes.count))

        var lines: [MeasuredLine] = []
        var lineHeight: Double = 0
        var starts: [Int] = []
        let iterator = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            let start = Int(line.pointee.start_index), length = Int(line.pointee.length)
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            if lines.isEmpty { lineHeight = Double(logical.height) / Self.scale }
            let raw = String(decoding: bytes[start..<min(bytes.count, start + length)], as: UTF8.self)
            let trimmed = String(raw.reversed().drop { $0.isWhitespace }.reversed())
            var width = Double(logical.width) / Self.scale
            if trimmed.utf8.count != raw.utf8.count { width = singleLineWidth(trimmed, description) }
            let rtl = (line.pointee.resolved_dir & 1) == 1 // PANGO_DIRECTION_RTL is 1
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) / Self.scale
            lines.append(MeasuredLine(text: trimmed, width: width, baseline: baseline, isRightToLeft: rtl))
            starts.append(start)
        } while pango_layout_iter_next_line(iterator) != 0
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        var height = Double(logical.height) / Self.scale

        var truncated = false
        if let maxLines, maxLines > 0, lines.count > maxLines {
            truncated = true
            let rest = String(decoding: bytes[starts[maxLines - 1]...], as: UTF8.self)
                .split(whereSeparator: \.isNewline).joined(separator: " ")
            var last = lines[maxLines - 1]
            (last.text, last.width) = ellipsized(rest, description, maxWidth: maxWidth)
            let ascent = lines[0].baseline
            lines = Array(lines.prefix(maxLines - 1)) + [last]
            height = last.baseline - ascent + lineHeight
        }
        return MeasuredText(lines: lines, height: height, lineHeight: lineHeight, isTruncated: truncated)
    }

    private func singleLineWidth(_ text: String, _ description: OpaquePointer) -> Double {
        pango_layout_set_font_description(singleLine, description)
        pango_layout_set_text(singleLine, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(singleLine, nil, &logical)
        return Double(logical.width) / Self.scale
    }

    /// The longest prefix of `text` that fits with a trailing ellipsis.
    private func ellipsized(_ text: String, _ description: OpaquePointer, maxWidth: Double) -> (String, Double) {
        let characters = Array(text)
        var low = 0, high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            let candidate = String(characters[..<middle]).trimmingTrailingSpaces + "…"
            if singleLineWidth(candidate, description) <= maxWidth { low = middle } else { high = middle - 1 }
        }
        let result = String(characters[..<low]).trimmingTrailingSpaces + "…"
        return (result, singleLineWidth(result, description))
    }
}

extension String {
    var trimmingTrailingSpaces: String { String(reversed().drop { $0.isWhitespace }.reversed()) }
}
