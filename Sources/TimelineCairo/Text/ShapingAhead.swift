import CPangoCairo
import TimelineBreaks
import TimelineScene
import TimelineThreads

/// A batch's new texts shaped on several threads as this one measures them: HarfBuzz's calls
/// are most of measuring a new text, and they need no Pango, whose fonts one thread uses at a
/// time. Each text's item, HarfBuzz font and features are found on this thread; the texts are then
/// shaped (by word pieces where they may be, else whole) in chunks on `shapingThreads` lanes
/// (`Lanes`: this thread and threads started for the call), each with word pieces of its own, and
/// this thread measures (wraps, keeps) them in order as their chunks are done, starting from each
/// text's item and glyphs (`ShapingMemory.take`), and shapes a chunk itself whenever the next text
/// is not shaped yet. A text wider than its width has its line-break opportunities found on the
/// lanes too (`LineBreaks`, pure and thread-safe), which wrapping it would otherwise find on this
/// thread alone. Measuring, which calls Pango, stays on this thread; while it does, the other
/// lanes call HarfBuzz alone, with fonts whose HarfBuzz objects exist already (`itemFont`, found
/// here). What a text's glyphs are does not depend on the thread or on what its pieces remember
/// (`WordPieceShapes` puts together exactly the glyphs HarfBuzz gives the whole text), so neither
/// does the image. HarfBuzz shapes with one font on several threads at once by design.
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
        return shaped
    }

    /// A batch's texts for HarfBuzz to shape: found one by one on the measuring thread, then
    /// shaped on `Lanes` (this thread and threads started for the call), each lane taking the
    /// next chunk of 16 texts and shaping it with word pieces of its own, while this thread
    /// measures them in order as their chunks are done (`measureInOrder`).
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
        /// By text, the request it was found for.
        private var requestOfText: [Int] = []
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
            requestOfText.append(index)
            texts.append(text)
        }

        /// Every text is found: shapes them all on the lanes and meanwhile, on this thread, gives
        /// `measure` every request in order with what was found for it (its glyphs shaped, now
        /// the caller's), as soon as the chunks of its text and of the texts before it are
        /// shaped. Measuring, which calls Pango and so stays on this thread, overlaps the other
        /// lanes' shaping instead of following it; this thread shapes too while the next text is
        /// not shaped yet.
        func measureInOrder(_ measure: (_ request: Int, _ ahead: ShapingMemory.ShapedAhead?) -> Void) {
            let texts = self.texts
            let lanes = self.lanes
            let chunks = (texts.count + Self.chunkSize - 1) / Self.chunkSize
            var glyphs = [[ShapedGlyph]?](repeating: nil, count: texts.count)
            var opportunities = [[Int]?](repeating: nil, count: texts.count)
            var nextRequest = 0
            glyphs.withUnsafeMutableBufferPointer { glyphBuffer in
                opportunities.withUnsafeMutableBufferPointer { opportunityBuffer in
                    // Each text's slots are written by the one lane that took its chunk, and read
                    // here once `Lanes` says the chunk is done; a lane shapes with its own pieces.
                    let slots = Slots(glyphs: glyphBuffer, opportunities: opportunityBuffer)
                    Lanes.perform(
                        iterations: chunks, threads: lanes.count,
                        { chunk, lane in
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
                        },
                        takingInOrder: { chunk in
                            // Every request before the next chunk's first text: this chunk's and
                            // those without a text between.
                            let next = (chunk + 1) * Self.chunkSize
                            let end = next < texts.count ? requestOfText[next] : prepared.count
                            while nextRequest < end {
                                measure(nextRequest, take(nextRequest, slots: slots))
                                nextRequest += 1
                            }
                        })
                    // No text at all: every request, none shaped ahead.
                    while nextRequest < prepared.count {
                        measure(nextRequest, take(nextRequest, slots: slots))
                        nextRequest += 1
                    }
                }
            }
        }

        /// What the request at `index` was given ahead, its glyphs shaped; now the caller's.
        private func take(_ index: Int, slots: Slots) -> ShapingMemory.ShapedAhead? {
            guard var ahead = prepared[index] else { return nil }
            prepared[index] = nil
            let text = textOfRequest[index]
            if text >= 0 {
                ahead.glyphs = slots.glyphs[text]
                ahead.opportunities = slots.opportunities[text]
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
