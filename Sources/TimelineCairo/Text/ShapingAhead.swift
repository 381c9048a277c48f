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

    /// For `requests`, what measuring each starts from, found, shaped and given to measuring in
    /// order (`ShapedTexts.measureInOrder`); nil when there are too few new texts, or one thread.
    func shapeAhead(_ requests: [TextRequest]) -> ShapedTexts? {
        guard shapingThreads > 1, requests.count >= Self.shapedAheadMinimum else { return nil }
        return ShapedTexts(requests, measurer: self, lanes: memory.piecesPerThread(shapingThreads))
    }

    /// What measuring `request` starts from: its item and, where HarfBuzz shapes it by word
    /// pieces, its text to shape; nil for a text `ShapedLine` does not shape as one item. On the
    /// text thread: itemizing is Pango's.
    func aheadOfMeasuring(_ request: TextRequest) -> (ShapingMemory.ShapedAhead, ShapedTexts.Text?)? {
        guard let attributes = fonts.itemizeAttributes(request.font) else { return nil }
        var text = request.text
        return text.withUTF8 { bytes in
            guard
                let item = ShapedLine.lineItem(
                    bytes, text: request.text, context: fonts.context, attributes: attributes, memory: memory)
            else { return nil }
            let font = memory.piecesFont(item, length: Int32(bytes.count))
            let width = Self.pangoWidth(request.maxWidth)
            return (
                ShapingMemory.ShapedAhead(text: request.text, item: item),
                font.map {
                    ShapedTexts.Text(
                        bytes: Array(bytes), string: request.text, width: width, analysis: item.pointee.analysis,
                        font: $0)
                }
            )
        }
    }

    /// A batch's texts for HarfBuzz to shape, in chunks of 16 requests: each chunk's found on
    /// the measuring thread, then shaped on one of the `Lanes` (this thread and threads started
    /// for the call) with word pieces of its own, then measured on the measuring thread in order
    /// (`measureInOrder`). Finding the next chunks and measuring the last ones overlap the other
    /// lanes' shaping.
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

        private let requests: [TextRequest]
        private unowned let measurer: PangoTextMeasurer
        /// By request: what was found ahead, until taken (the measuring thread's).
        private var prepared: [ShapingMemory.ShapedAhead?]
        /// The measuring thread's pieces first (lane 0), then one per other lane.
        private let lanes: [WordPieceShapes]

        init(_ requests: [TextRequest], measurer: PangoTextMeasurer, lanes: [WordPieceShapes]) {
            self.requests = requests
            self.measurer = measurer
            prepared = [ShapingMemory.ShapedAhead?](repeating: nil, count: requests.count)
            self.lanes = lanes
        }

        /// Finds, shapes and gives `measure` every request in order with what was found for it
        /// (its item and glyphs, now the caller's): a chunk is found here, shaped on a lane once
        /// found, and measured here once it and the chunks before it are shaped. Measuring, which
        /// calls Pango and so stays on this thread, overlaps the other lanes' shaping instead of
        /// following it; this thread shapes too while the next chunk is not shaped yet.
        func measureInOrder(_ measure: (_ request: Int, _ ahead: ShapingMemory.ShapedAhead?) -> Void) {
            let count = requests.count
            let lanes = self.lanes
            let chunks = (count + Self.chunkSize - 1) / Self.chunkSize
            // By request, written by one lane at a time, in turn: the text to shape (here, as its
            // chunk is found), then its glyphs and opportunities (by the lane that shapes the
            // chunk), read here once `Lanes` says the chunk is done.
            let slots = Slots(count: count)
            defer { slots.deallocate() }
            func requestsOf(_ chunk: Int) -> Range<Int> {
                chunk * Self.chunkSize..<min(count, (chunk + 1) * Self.chunkSize)
            }
            Lanes.perform(
                iterations: chunks, threads: lanes.count,
                preparingInOrder: { chunk in
                    for index in requestsOf(chunk) {
                        guard let (ahead, text) = measurer.aheadOfMeasuring(requests[index]) else { continue }
                        prepared[index] = ahead
                        slots.texts[index] = text
                    }
                },
                { chunk, lane in
                    for index in requestsOf(chunk) {
                        guard let text = slots.texts[index] else { continue }
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
                    for index in requestsOf(chunk) { measure(index, take(index, slots: slots)) }
                })
        }

        /// What the request at `index` was given ahead, its glyphs shaped; now the caller's.
        private func take(_ index: Int, slots: Slots) -> ShapingMemory.ShapedAhead? {
            guard var ahead = prepared[index] else { return nil }
            prepared[index] = nil
            if slots.texts[index] != nil {
                ahead.glyphs = slots.glyphs[index]
                ahead.opportunities = slots.opportunities[index]
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

        /// Each request's text, glyphs and opportunities for the call: memory of their own, which a
        /// lane writes while this thread writes other requests' (never a Swift array, which one
        /// thread's writing would make the others' reading a race).
        private struct Slots: @unchecked Sendable {
            let texts: UnsafeMutableBufferPointer<Text?>
            let glyphs: UnsafeMutableBufferPointer<[ShapedGlyph]?>
            let opportunities: UnsafeMutableBufferPointer<[Int]?>

            init(count: Int) {
                texts = .allocate(capacity: count)
                texts.initialize(repeating: nil)
                glyphs = .allocate(capacity: count)
                glyphs.initialize(repeating: nil)
                opportunities = .allocate(capacity: count)
                opportunities.initialize(repeating: nil)
            }

            func deallocate() {
                texts.deinitialize().deallocate()
                glyphs.deinitialize().deallocate()
                opportunities.deinitialize().deallocate()
            }
        }
    }
}
