import CPangoCairo
import TimelineScene

extension PangoTextMeasurer {
    /// A text of one item wider than `width` (Pango units), broken as a layout breaks it, its
    /// lines measured and kept as `ShapedLine`s for painting; nil where `LineBreaker` is unsure.
    func wrapped(
        _ whole: ShapedLine, _ bytes: UnsafeBufferPointer<UInt8>, font: String, attributes: OpaquePointer,
        description: OpaquePointer, width: Int32, maxWidth: Double, maxLines: Int?
    ) -> MeasuredText? {
        guard let chars = bytes.baseAddress.map({ UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }) else {
            return nil
        }
        let breaker = LineBreaker(whole, chars: chars, length: Int32(bytes.count), wrap: Self.wrapMode)
        guard let breaks = breaker.breakLines(maxWidth: width) else { return nil }
        // Every line is one run in the whole text's font: each has its extents.
        let lineHeight = Int(whole.logical.height)
        let ascent = Int(whole.baseline)
        var lines: [MeasuredLine] = []
        var starts: [Int] = []
        var kept: [(line: ShapedLine, text: String)] = []
        lines.reserveCapacity(breaks.count)
        for (index, piece) in breaks.enumerated() {
            let lineBytes = UnsafeBufferPointer(rebasing: bytes[piece.start..<piece.end])
            let (trimmed, wasTrimmed) = Self.trimmedLine(lineBytes)
            var shaped: ShapedLine?
            if !wasTrimmed {
                // The layout's own run, drawn and measured as it is.
                guard let run = piece.run.flatMap({ breaker.shapedLine($0) }) else { return nil }
                shaped = run.standalone(length: lineBytes.count, characters: piece.endCharacter - piece.startCharacter)
            } else if !trimmed.isEmpty {
                // Without the white space: a glyph before it may be kerned against it (Inter's comma
                // and space), and the measured line ends at the glyph. A slice of the text's glyphs
                // where HarfBuzz says the text may be cut there, else shaped again.
                let length = trimmed.utf8.count
                // Its end is found from the line's end: only the white space cut lies between.
                if let end = breaker.byteOffsets[piece.startCharacter...piece.endCharacter].lastIndex(
                    of: piece.start + length),
                    let slice = breaker.slice(piece.startCharacter, end),
                    breaker.itemizesAlike(UnsafeBufferPointer(rebasing: lineBytes[..<length]))
                {
                    shaped = slice.standalone(length: length, characters: end - piece.startCharacter)
                } else {
                    var utf8 = trimmed
                    shaped = utf8.withUTF8 {
                        ShapedLine.shape(
                            $0, text: trimmed, context: fonts.context, attributes: attributes, memory: memory)
                    }
                }
            }
            let width = shaped.map { Double($0.logical.width) / Self.scale } ?? singleLineWidth(trimmed, description)
            if let shaped { kept.append((shaped, trimmed)) }
            let baseline = Double(index * lineHeight + ascent) / Self.scale
            lines.append(MeasuredLine(text: trimmed, width: width, baseline: baseline, isRightToLeft: false))
            starts.append(piece.start)
        }
        for (line, text) in kept where keepsLinesForDrawing {
            fonts.handoff.keep(line, text: text, font: font)
        }
        wrappedWithoutLayout += 1
        return finished(
            lines, starts: starts, lineHeight: Double(lineHeight) / Self.scale,
            height: Double(breaks.count * lineHeight) / Self.scale,
            bytes: bytes, font: font, description: description, maxWidth: maxWidth, maxLines: maxLines)
    }
}
