import CPangoCairo
import TimelineScene

extension PangoTextMeasurer {
    /// Runs wrapped as one Pango paragraph: each run's font is a font attribute over its bytes,
    /// so Pango breaks lines across runs as it would in plain text, and every run shaped on a line
    /// comes back with its offset from the line's start.
    public func measure(runs: [TextRun], maxWidth: Double) -> MeasuredRichText {
        guard TextThread.isCurrent else { return TextThread.run { measure(runs: runs, maxWidth: maxWidth) } }
        guard let first = runs.first, let layout = pango_layout_new(fonts.context) else {
            return MeasuredRichText(lines: [], height: 0, lineHeight: 0)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let scale = Double(PANGO_SCALE)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_width(layout, Int32(min(maxWidth * scale, Double(Int32.max))))
        pango_layout_set_font_description(layout, fonts.description(first.font))
        var bytes: [UInt8] = []
        var starts: [Int] = []
        let attributes = pango_attr_list_new()
        for run in runs {
            starts.append(bytes.count)
            bytes += Self.withBreaksInLongWords(run.text)
            if let attribute = pango_attr_font_desc_new(fonts.description(run.font)) {
                attribute.pointee.start_index = UInt32(starts[starts.count - 1])
                attribute.pointee.end_index = UInt32(bytes.count)
                pango_attr_list_insert(attributes, attribute)
            }
        }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { pango_layout_set_text(layout, $0.baseAddress, Int32($0.count)) }
        }
        var measured = lines(of: layout, bytes: bytes, starts: starts, runs: runs, scale: scale)
        // Each piece is drawn as a line of its own: shaped as one.
        for line in measured.lines.indices {
            for index in measured.lines[line].runs.indices {
                let run = measured.lines[line].runs[index]
                guard !run.text.allSatisfy(\.isWhitespace) else { continue }
                measured.lines[line].runs[index].glyphs = fonts.laidOutGlyphs(
                    run.text, font: run.font, layout: singleLine)
            }
        }
        return measured
    }

    /// The layout's lines, run by run: the iterator yields no run at the end of each line.
    private func lines(of layout: OpaquePointer, bytes: [UInt8], starts: [Int], runs: [TextRun], scale: Double)
        -> MeasuredRichText
    {
        guard let iterator = pango_layout_get_iter(layout) else {
            return MeasuredRichText(lines: [], height: 0, lineHeight: 0)
        }
        defer { pango_layout_iter_free(iterator) }
        var lines: [MeasuredRichLine] = []
        var current: [MeasuredRun] = []
        var lineHeight: Double = 0
        repeat {
            var line = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &line)
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item else {
                if lines.isEmpty { lineHeight = Double(line.height) / scale }
                let width = current.last.map { $0.x + $0.width } ?? 0
                lines.append(
                    MeasuredRichLine(
                        runs: current, width: width,
                        baseline: Double(pango_layout_iter_get_baseline(iterator)) / scale))
                current = []
                continue
            }
            let offset = Int(item.pointee.offset)
            let length = Int(item.pointee.length)
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &logical)
            let source = max(0, (starts.lastIndex { $0 <= offset }) ?? 0)
            let text = String(decoding: bytes[offset..<min(bytes.count, offset + length)], as: UTF8.self)
                .replacingZeroWidthSpaces()
            guard !text.allSatisfy({ $0 == "\n" }) else { continue }
            current.append(
                MeasuredRun(
                    text: text, font: runs[source].font, source: source,
                    x: Double(logical.x - line.x) / scale, width: Double(logical.width) / scale))
        } while pango_layout_iter_next_run(iterator) != 0
        if !current.isEmpty {
            let width = current.last.map { $0.x + $0.width } ?? 0
            lines.append(
                MeasuredRichLine(runs: current, width: width, baseline: (lines.last?.baseline ?? 0) + lineHeight))
        }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return MeasuredRichText(lines: lines, height: Double(logical.height) / scale, lineHeight: lineHeight)
    }

    /// Scalars in a word past which Pango is offered a break (a zero-width space) every
    /// `longWordStep` scalars: it wraps a word longer than the line by trying each character,
    /// re-measuring the rest of the word each time, so 10,000 unbroken characters once took
    /// seconds a paragraph.
    static let longWord = 64
    static let longWordStep = 4

    /// Whether `text` has a word of more than `longWord` scalars; nearly every text has none, and
    /// is then passed on as it is.
    private static func hasLongWord(_ text: String) -> Bool {
        var length = 0
        for scalar in text.unicodeScalars {
            length = scalar.properties.isWhitespace ? 0 : length + 1
            if length > longWord { return true }
        }
        return false
    }

    /// `text`'s UTF-8 with a zero-width space every `longWordStep` scalars inside words of more
    /// than `longWord` scalars; other text unchanged.
    static func withBreaksInLongWords(_ text: String) -> [UInt8] {
        guard text.utf8.count > longWord, hasLongWord(text) else { return Array(text.utf8) }
        var out = String.UnicodeScalarView()
        var pending: [Unicode.Scalar] = []
        func flush(_ word: [Unicode.Scalar]) {
            guard word.count > longWord else { return out.append(contentsOf: word) }
            for (index, scalar) in word.enumerated() {
                if index > 0, index % longWordStep == 0 { out.append("\u{200B}") }
                out.append(scalar)
            }
        }
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                flush(pending)
                pending = []
                out.append(scalar)
            } else {
                pending.append(scalar)
            }
        }
        flush(pending)
        return Array(String(out).utf8)
    }
}

extension String {
    /// The text without the zero-width spaces `withBreaksInLongWords` put in.
    fileprivate func replacingZeroWidthSpaces() -> String {
        guard unicodeScalars.contains("\u{200B}") else { return self }
        return String(unicodeScalars.filter { $0 != "\u{200B}" })
    }
}
