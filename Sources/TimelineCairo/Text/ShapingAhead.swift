import CPangoCairo
import TimelineScene
import TimelineThreads

/// A batch's new texts shaped on pool threads while this thread measures them: HarfBuzz's calls
/// are most of measuring a new text, and they need no Pango, whose fonts one thread uses at a
/// time. Each text's item, HarfBuzz font and features are found on this thread; the texts are then
/// shaped by word pieces in chunks, in order, by `shapingThreads - 1` pool threads and by this
/// one, each with word pieces of its own, while this thread measures (wraps, keeps) them in the
/// same order, starting from each text's item and glyphs (`ShapingMemory.take`). Measuring, which
/// calls Pango, stays on this thread; the pool shapes the texts after it, so the two overlap. What
/// a text's glyphs are does not depend on the thread or on what its pieces remember
/// (`WordPieceShapes` puts together exactly the glyphs HarfBuzz gives the whole text), so neither
/// does the image. HarfBuzz shapes with one font on several threads at once by design.
extension PangoTextMeasurer {
    /// Fewer new texts than this are shaped as they are measured: starting lanes would cost more.
    static let shapedAheadMinimum = 64

    /// For each of `requests`, what measuring it starts from (`ShapedTexts.take`): its item and,
    /// where word pieces give them, its glyphs; nil for all when there are too few new texts, or
    /// one thread. Pool threads start shaping as soon as the first chunk of texts is found. Under
    /// the Pango turn; `ShapedTexts.finish` before the turn is let go.
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
                shaped.add(
                    ShapingMemory.ShapedAhead(text: request.text, item: item), request: index,
                    text: font.map { ShapedTexts.Text(bytes: Array(bytes), analysis: item.pointee.analysis, font: $0) })
            }
        }
        shaped.endOfTexts()
        return shaped
    }

    /// A batch's texts being shaped (`ChunksInOrder`): by the pool's threads as their items are
    /// found, and by the measuring thread when the text it needs next is in a chunk nobody took.
    final class ShapedTexts: @unchecked Sendable {
        /// A text to shape by pieces: its bytes, its item's analysis, and HarfBuzz's font and features.
        struct Text {
            var bytes: [UInt8]
            var analysis: PangoAnalysis
            var font: HarfBuzzShaping.ItemFont
        }

        /// By request: what was found ahead, until taken; the index of its text, or -1.
        private var prepared: [ShapingMemory.ShapedAhead?]
        private var textOfRequest: [Int]
        /// The texts, each written by the measuring thread before it is found, read after.
        private let texts: UnsafeMutableBufferPointer<Text>
        /// Each text's glyphs, written by the thread that shaped its chunk before the chunk is
        /// done, read by the measuring thread after.
        private let glyphs: UnsafeMutableBufferPointer<[ShapedGlyph]?>
        private var textCount = 0
        private let chunks: ChunksInOrder

        /// `lanes`: the measuring thread's pieces first, then one per pool thread.
        init(requests: Int, lanes: [WordPieceShapes]) {
            prepared = [ShapingMemory.ShapedAhead?](repeating: nil, count: requests)
            textOfRequest = [Int](repeating: -1, count: requests)
            let texts = UnsafeMutableBufferPointer<Text>.allocate(capacity: requests)
            let glyphs = UnsafeMutableBufferPointer<[ShapedGlyph]?>.allocate(capacity: requests)
            glyphs.initialize(repeating: nil)
            (self.texts, self.glyphs) = (texts, glyphs)
            chunks = ChunksInOrder(capacity: requests, chunkSize: 16, lanes: lanes.count) { indices, lane in
                for index in indices {
                    let text = texts[index]
                    glyphs[index] = text.bytes.withUnsafeBufferPointer { bytes in
                        lanes[lane].glyphs(
                            bytes, analysis: text.analysis, hbFont: text.font.hbFont, features: text.font.features)
                    }
                }
            }
        }

        deinit {
            texts.baseAddress?.deinitialize(count: textCount)
            texts.deallocate()
            glyphs.deinitialize()
            glyphs.deallocate()
        }

        /// What was found for the request at `index`, and its text to shape by pieces, if any.
        func add(_ ahead: ShapingMemory.ShapedAhead, request index: Int, text: Text?) {
            prepared[index] = ahead
            guard let text else { return }
            textOfRequest[index] = textCount
            (texts.baseAddress! + textCount).initialize(to: text)
            textCount += 1
            if textCount % chunks.chunkSize == 0 { chunks.found(textCount) }
        }

        /// Every text is found: the last chunk may be shaped.
        func endOfTexts() {
            chunks.found(textCount, complete: true)
        }

        /// What the request at `index` was given ahead, its glyphs shaped; now the caller's.
        func take(_ index: Int) -> ShapingMemory.ShapedAhead? {
            guard var ahead = prepared[index] else { return nil }
            prepared[index] = nil
            let text = textOfRequest[index]
            if text >= 0 {
                chunks.wait(for: text)
                ahead.glyphs = glyphs[text]
            }
            return ahead
        }

        /// Waits for the pool's threads, frees what no request took. Before the Pango turn is let go.
        func finish() {
            chunks.finish()
            for ahead in prepared { if let item = ahead?.item { pango_item_free(item) } }
            prepared = []
        }
    }
}
