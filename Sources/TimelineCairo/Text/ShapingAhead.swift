import CPangoCairo
import Dispatch
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
    /// one thread. Under the Pango turn; `ShapedTexts.finish` before the turn is let go.
    func shapeAhead(_ requests: [TextRequest]) -> ShapedTexts? {
        guard shapingThreads > 1, requests.count >= Self.shapedAheadMinimum else { return nil }
        var prepared = [ShapingMemory.ShapedAhead?](repeating: nil, count: requests.count)
        var texts: [ShapedTexts.Text] = []
        var textOfRequest = [Int](repeating: -1, count: requests.count)
        for (index, request) in requests.enumerated() {
            guard let attributes = fonts.itemizeAttributes(request.font) else { continue }
            var text = request.text
            text.withUTF8 { bytes in
                guard
                    let item = ShapedLine.lineItem(
                        bytes, text: request.text, context: fonts.context, attributes: attributes, memory: memory)
                else { return }
                prepared[index] = ShapingMemory.ShapedAhead(text: request.text, item: item)
                guard let font = memory.piecesFont(item, length: Int32(bytes.count)) else { return }
                textOfRequest[index] = texts.count
                texts.append(ShapedTexts.Text(bytes: Array(bytes), analysis: item.pointee.analysis, font: font))
            }
        }
        // Too few texts by pieces (another script) to start pool threads for: shaped here.
        let lanes = memory.piecesPerThread(texts.count >= Self.shapedAheadMinimum ? shapingThreads : 1)
        return ShapedTexts(prepared: prepared, texts: texts, textOfRequest: textOfRequest, lanes: lanes)
    }

    /// A batch's texts being shaped: chunks handed out in order, to the pool's threads as they
    /// ask, and to the measuring thread when the text it needs next is in a chunk nobody took.
    final class ShapedTexts: @unchecked Sendable {
        /// A text to shape by pieces: its bytes, its item's analysis, and HarfBuzz's font and features.
        struct Text {
            var bytes: [UInt8]
            var analysis: PangoAnalysis
            var font: HarfBuzzShaping.ItemFont
        }

        static let chunkSize = 16
        private var prepared: [ShapingMemory.ShapedAhead?]
        private let texts: [Text]
        private let textOfRequest: [Int]
        /// The measuring thread's pieces first, then one per pool thread.
        private let lanes: [WordPieceShapes]
        /// Each text's glyphs, written by the thread that shaped its chunk before the chunk is
        /// marked done, read by the measuring thread after.
        private let glyphs: UnsafeMutableBufferPointer<[ShapedGlyph]?>
        private let lock = Lock()
        /// Guarded by `lock`: chunks handed out (all below are taken), and which are shaped.
        private var taken = 0
        private var done: [Bool]
        /// Signalled once its chunk is shaped, for the measuring thread to wait on.
        private let shaped: [DispatchSemaphore]
        private var helpers: [PoolJob] = []

        init(prepared: [ShapingMemory.ShapedAhead?], texts: [Text], textOfRequest: [Int], lanes: [WordPieceShapes]) {
            self.prepared = prepared
            self.texts = texts
            self.textOfRequest = textOfRequest
            self.lanes = lanes
            glyphs = .allocate(capacity: texts.count)
            glyphs.initialize(repeating: nil)
            let chunks = (texts.count + Self.chunkSize - 1) / Self.chunkSize
            done = [Bool](repeating: false, count: chunks)
            shaped = (0..<chunks).map { _ in DispatchSemaphore(value: 0) }
            for lane in lanes.indices.dropFirst() {
                helpers.append(PoolJob { [self] in while shapeNextChunk(lane: lane) != nil {} })
            }
        }

        deinit {
            glyphs.deinitialize()
            glyphs.deallocate()
        }

        /// What the request at `index` was given ahead, its glyphs shaped; now the caller's.
        func take(_ index: Int) -> ShapingMemory.ShapedAhead? {
            guard var ahead = prepared[index] else { return nil }
            prepared[index] = nil
            let text = textOfRequest[index]
            if text >= 0 {
                waitForChunk(text / Self.chunkSize)
                ahead.glyphs = glyphs[text]
            }
            return ahead
        }

        /// Waits for the pool's threads, frees what no request took. Before the Pango turn is let go.
        func finish() {
            // The pool's threads find no chunk left, or their job never started and runs here.
            for helper in helpers { helper.finish() }
            for ahead in prepared { if let item = ahead?.item { pango_item_free(item) } }
            prepared = []
        }

        /// Returns once `chunk` is shaped: shaped here if nobody took it; while another thread
        /// shapes it, this one shapes the next chunks nobody took, then waits.
        private func waitForChunk(_ chunk: Int) {
            while true {
                let (isDone, isTaken) = lock.withLock { (done[chunk], chunk < taken) }
                if isDone { return }
                if isTaken {
                    if shapeNextChunk(lane: 0) == nil {
                        shaped[chunk].wait()
                        return
                    }
                } else {
                    _ = shapeNextChunk(lane: 0)
                }
            }
        }

        /// Shapes the first chunk nobody took, on `lane`'s pieces; nil when every chunk is taken.
        private func shapeNextChunk(lane: Int) -> Int? {
            let chunk: Int? = lock.withLock {
                guard taken < done.count else { return nil }
                taken += 1
                return taken - 1
            }
            guard let chunk else { return nil }
            let start = chunk * Self.chunkSize
            for index in start..<min(texts.count, start + Self.chunkSize) {
                let text = texts[index]
                glyphs[index] = text.bytes.withUnsafeBufferPointer { bytes in
                    lanes[lane].glyphs(
                        bytes, analysis: text.analysis, hbFont: text.font.hbFont, features: text.font.features)
                }
            }
            lock.withLock { done[chunk] = true }
            shaped[chunk].signal()
            return chunk
        }
    }
}
