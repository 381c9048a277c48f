import CPangoCairo
import TimelineScene

extension PangoTextMeasurer {
    /// A text of one item wider than `width` (Pango units), broken as a layout breaks it, its
    /// lines measured as `ShapedLine`s, whose glyphs the lines carry; nil where `LineBreaker` is unsure.
    func wrapped(
        _ whole: ShapedLine, _ bytes: UnsafeBufferPointer<UInt8>, text: String, font: String, attributes: OpaquePointer,
        description: OpaquePointer, width: Int32, maxWidth: Double, maxLines: Int?
    ) -> MeasuredText? {
        guard let chars = bytes.baseAddress.map({ UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }) else {
            return nil
        }
        let breaker = LineBreaker(
            whole, chars: chars, length: Int32(bytes.count), wrap: Self.wrapMode, text: text,
            opportunities: memory.opportunities(of: text))
        guard let breaks = breaker.breakLines(maxWidth: width, charWidths: memory.charWidths) else { return nil }
        // Every line is one run in the whole text's font: each has its extents.
        let lineHeight = Int(whole.logical.height)
        let ascent = Int(whole.baseline)
        var lines: [MeasuredLine] = []
        var starts: [Int] = []
        lines.reserveCapacity(breaks.count)
        for (index, piece) in breaks.enumerated() {
            let lineBytes = UnsafeBufferPointer(rebasing: bytes[piece.start..<piece.end])
            let (trimmed, wasTrimmed) = Self.trimmedLine(lineBytes)
            var shaped: ShapedLine?
            if !wasTrimmed {
                // The layout's own run, drawn and measured as it is.
                guard let run = piece.run,
                    let line = breaker.standaloneLine(
                        run, length: lineBytes.count, characters: piece.endCharacter - piece.startCharacter)
                else { return nil }
                shaped = line
            } else if !trimmed.isEmpty {
                shaped = trimmedShape(trimmed, of: piece, lineBytes, breaker: breaker, attributes: attributes)
            }
            let width = shaped.map { Double($0.logical.width) / Self.scale } ?? singleLineWidth(trimmed, description)
            let baseline = Double(index * lineHeight + ascent) / Self.scale
            lines.append(
                MeasuredLine(
                    text: trimmed, width: width, baseline: baseline, isRightToLeft: false,
                    glyphs: shaped.map(fonts.lineGlyphs)))
            starts.append(piece.start)
        }
        wrappedWithoutLayout += 1
        return finished(
            lines, starts: starts, lineHeight: Double(lineHeight) / Self.scale,
            height: Double(breaks.count * lineHeight) / Self.scale,
            bytes: bytes, font: font, description: description, maxWidth: maxWidth, maxLines: maxLines)
    }

    /// The shaping of a wrapped line `piece` (its `lineBytes`) without its trailing white space,
    /// `trimmed`: a glyph before it may be kerned against it (Inter's comma and space), and the
    /// measured line ends at the glyph. A slice of the text's glyphs where HarfBuzz says the text
    /// may be cut there, else shaped again.
    private func trimmedShape(
        _ trimmed: String, of piece: LineBreaker.Line, _ lineBytes: UnsafeBufferPointer<UInt8>,
        breaker: LineBreaker, attributes: OpaquePointer
    ) -> ShapedLine? {
        let length = trimmed.utf8.count
        // Its end is found from the line's end: only the white space cut lies between.
        if let end = breaker.byteOffsets[piece.startCharacter...piece.endCharacter].lastIndex(of: piece.start + length),
            breaker.itemizesAlike(UnsafeBufferPointer(rebasing: lineBytes[..<length])),
            let slice = breaker.standaloneSlice(
                piece.startCharacter, end, length: length, characters: end - piece.startCharacter)
        {
            return slice
        }
        var utf8 = trimmed
        return utf8.withUTF8 {
            ShapedLine.shape($0, text: trimmed, context: fonts.context, attributes: attributes, memory: memory)
        }
    }
}
