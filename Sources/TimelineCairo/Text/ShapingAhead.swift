import CPangoCairo
import TimelineBreaks
import TimelineScene
import TimelineThreads

/// A batch's new texts shaped on several threads before this one measures them: HarfBuzz's calls
/// are most of measuring a new text, and they need no Pango, whose fonts one thread uses at a
/// time. Each text's item, HarfBuzz font and features are found on this thread; the texts are then
/// shaped (by word pieces where they may be, else whole) in chunks on `shapingThreads` lanes
/// (`Lanes`: this thread and threads started for the call), each with word pieces of its own, and this thread
/// measures (wraps, keeps) them in order, starting from each text's item and glyphs
/// (`ShapingMemory.take`). A text wider than its width has its line-break opportunities found on
/// the lanes too (`LineBreaks`, pure and thread-safe), which wrapping it would otherwise find on
/// this thread alone. Measuring, which calls Pango, stays on this thread. What a text's
/// glyphs are does not depend on the thread or on what its pieces remember (`WordPieceShapes`
/// puts together exactly the glyphs HarfBuzz gives the whole text), so neither does the image.
/// HarfBuzz shapes with one font on several threads at once by design.
extension PangoTextMeasurer {
    /// Fewer new texts than this are shaped as they are measured: starting lanes would cost more.
    static let shapedAheadMinimum = 64

    /// For each of `requests`, what measuring it starts from (`ShapedTexts.take`): its item and,
    /// where HarfBuzz shapes it, its glyphs; nil for all when there are too few new texts, or
    /// one thread. On the text thread, as `ShapedTexts.finish`.
    func shapeAhead(_ requests: [TextRequest]) -> ShapedTexts? {
        guard shapingThreads > 1, requests.count >= Self.shapedAheadMinimum else { return nil }
        let shaped = ShapedTexts(requests: requests.count, lanes: memory.piecesPerThread(shapingThreads))
        for (index, request) in requests.enumerated() {
            guard let attributes = fonts.itemizeAttributes(request.font) else { continue }
            var text = request.text
            text.withUTF8 { bytes in
                guard
                    let item = ShapedLine.lineItem(
                        bytes, text: request.text, context: fonts.context, attributes: attributes, memory: memory)
                else { return }
                let font = memory.piecesFont(item, length: Int32(bytes.count))
                let width = Self.pangoWidth(request.maxWidth)
                shaped.add(
                    ShapingMemory.ShapedAhead(text: request.text, item: item), request: index,
                    text: font.map {
                        ShapedTexts.Text(
                            bytes: Array(bytes), string: request.text, width: width, analysis: item.pointee.analysis,
                            font: $0)
                    })
            }
        }
        shaped.endOfTexts()
        return shaped
    }

    /// A batch's texts for HarfBuzz to shape: found one by one on the measuring thread, then
    /// shaped all at once on `Lanes` (this thread and threads started for the call), each lane
    /// taking the next chunk of 16 texts and shaping it with word pieces of its own.
    final class ShapedTexts: @unchecked Sendable {
        /// A text HarfBuzz shapes: its bytes, its item's analysis, and HarfBuzz's font and features.
        struct Text {
            var bytes: [UInt8]
            /// `bytes` as the request's string.
            var string: String
            /// The width it is measured at (Pango units): wider, its break opportunities are found.
            var width: Int32
            var analysis: PangoAnalysis
            var font: HarfBuzzShaping.ItemFont
        }

        static let chunkSize = 16

        /// By request: what was found ahead, until taken; the index of its text, or -1.
        private var prepared: [ShapingMemory.ShapedAhead?]
        private var textOfRequest: [Int]
        private var texts: [Text] = []
        /// Each text's glyphs once `endOfTexts` returns.
        private var glyphs: [[ShapedGlyph]?] = []
        /// Each text's line-break opportunities once `endOfTexts` returns; nil for a text that fits.
        private var opportunities: [[Int]?] = []
        /// The measuring thread's pieces first (lane 0), then one per other lane.
        private let lanes: [WordPieceShapes]

        init(requests: Int, lanes: [WordPieceShapes]) {
            prepared = [ShapingMemory.ShapedAhead?](repeating: nil, count: requests)
            textOfRequest = [Int](repeating: -1, count: requests)
            self.lanes = lanes
        }

        /// What was found for the request at `index`, and its text to shape by pieces, if any.
        func add(_ ahead: ShapingMemory.ShapedAhead, request index: Int, text: Text?) {
            prepared[index] = ahead
            guard let text else { return }
            textOfRequest[index] = texts.count
            texts.append(text)
        }

        /// Every text is found: shapes them all, returning once every one is shaped.
        func endOfTexts() {
            let texts = self.texts
            let lanes = self.lanes
            let chunks = (texts.count + Self.chunkSize - 1) / Self.chunkSize
            var glyphs = [[ShapedGlyph]?](repeating: nil, count: texts.count)
            var opportunities = [[Int]?](repeating: nil, count: texts.count)
            glyphs.withUnsafeMutableBufferPointer { glyphBuffer in
                opportunities.withUnsafeMutableBufferPointer { opportunityBuffer in
                    // Each text's slots are written by the one lane that took its chunk; a lane
                    // shapes with its own word pieces.
                    let slots = Slots(glyphs: glyphBuffer, opportunities: opportunityBuffer)
                    Lanes.perform(iterations: chunks, threads: lanes.count) { chunk, lane in
                        let start = chunk * Self.chunkSize
                        for index in start..<min(texts.count, start + Self.chunkSize) {
                            let text = texts[index]
                            let shaped = text.bytes.withUnsafeBufferPointer { bytes in
                                lanes[lane].wholeOrPieces(bytes, analysis: text.analysis, font: text.font)
                            }
                            slots.glyphs[index] = shaped
                            if Self.width(of: shaped) > Int(text.width) {
                                slots.opportunities[index] = LineBreaks.opportunities(in: text.string)
                            }
                        }
                    }
                }
            }
            self.glyphs = glyphs
            self.opportunities = opportunities
        }

        /// What the request at `index` was given ahead, its glyphs shaped; now the caller's.
        func take(_ index: Int) -> ShapingMemory.ShapedAhead? {
            guard var ahead = prepared[index] else { return nil }
            prepared[index] = nil
            let text = textOfRequest[index]
            if text >= 0, text < glyphs.count {
                ahead.glyphs = glyphs[text]
                ahead.opportunities = opportunities[text]
            }
            return ahead
        }

        /// Frees what no request took, on the text thread.
        func finish() {
            for ahead in prepared { if let item = ahead?.item { pango_item_free(item) } }
            prepared = []
        }

        /// A text's width as measuring finds it: its glyphs' advances (`ShapedLine.logicalExtents`).
        static func width(of glyphs: [ShapedGlyph]) -> Int {
            glyphs.reduce(0) { $0 + Int($1.advance) }
        }

        /// The glyphs' and opportunities' slots, lent to the lanes for the call.
        private struct Slots: @unchecked Sendable {
            let glyphs: UnsafeMutableBufferPointer<[ShapedGlyph]?>
            let opportunities: UnsafeMutableBufferPointer<[Int]?>
        }
    }
}
