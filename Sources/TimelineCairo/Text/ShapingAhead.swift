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
        /// By request: what was found ahead, until taken; the index of its text, or -1.
        private var prepared: [ShapingMemory.ShapedAhead?]
        private var textOfRequest: [Int]
        /// The measuring thread's pieces first, then one per pool thread.
        private let lanes: [WordPieceShapes]
        /// The texts, each written by the measuring thread before its chunk is found, read after.
        private let texts: UnsafeMutableBufferPointer<Text>
        /// Each text's glyphs, written by the thread that shaped its chunk before the chunk is
        /// marked done, read by the measuring thread after.
        private let glyphs: UnsafeMutableBufferPointer<[ShapedGlyph]?>
        private var textCount = 0
        private let lock = Lock()
        /// Guarded by `lock`: texts found, chunks handed out (all below are taken), which are
        /// shaped, and whether every text is found.
        private var found = 0
        private var taken = 0
        private var done: [Bool]
        private var isComplete = false
        /// Signalled once its chunk is shaped, for the measuring thread to wait on.
        private let shaped: [DispatchSemaphore]
        /// Signalled as chunks are found, for pool threads waiting for one.
        private let moreFound = DispatchSemaphore(value: 0)
        private var helpers: [PoolJob] = []

        init(requests: Int, lanes: [WordPieceShapes]) {
            prepared = [ShapingMemory.ShapedAhead?](repeating: nil, count: requests)
            textOfRequest = [Int](repeating: -1, count: requests)
            self.lanes = lanes
            texts = .allocate(capacity: requests)
            glyphs = .allocate(capacity: requests)
            glyphs.initialize(repeating: nil)
            let chunks = (requests + Self.chunkSize - 1) / Self.chunkSize
            done = [Bool](repeating: false, count: chunks)
            shaped = (0..<chunks).map { _ in DispatchSemaphore(value: 0) }
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
            if textCount % Self.chunkSize == 0 { publish() }
        }

        /// Every text is found: the last chunk may be shaped, and pool threads stop once all are taken.
        func endOfTexts() {
            publish(complete: true)
        }

        /// Makes the texts found so far (whole chunks until complete) shapeable, starting the pool's
        /// threads with the first.
        private func publish(complete: Bool = false) {
            lock.withLock {
                found = textCount
                isComplete = complete
            }
            if helpers.isEmpty, textCount > 0 {
                for lane in lanes.indices.dropFirst() {
                    helpers.append(PoolJob { [self] in shapeChunks(lane: lane) })
                }
            }
            // Wakes a waiting pool thread per new chunk, and all of them once complete.
            for _ in 0..<(complete ? lanes.count : 1) { moreFound.signal() }
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

        /// A pool thread's work: chunks as they are found, until every text is found and taken.
        private func shapeChunks(lane: Int) {
            while true {
                switch nextChunk() {
                case .chunk(let chunk, let texts): shape(chunk, texts, lane: lane)
                case .later: moreFound.wait()
                case .none: return
                }
            }
        }

        /// Returns once `chunk` is shaped: shaped here if nobody took it; while another thread
        /// shapes it, this one shapes the next chunks nobody took, then waits. After `endOfTexts`.
        private func waitForChunk(_ chunk: Int) {
            while true {
                let (isDone, isTaken) = lock.withLock { (done[chunk], chunk < taken) }
                if isDone { return }
                if case .chunk(let next, let texts) = nextChunk() {
                    shape(next, texts, lane: 0)
                } else if isTaken {
                    shaped[chunk].wait()
                    return
                }
            }
        }

        private enum NextChunk {
            case chunk(Int, texts: Range<Int>)
            /// None found yet that nobody took.
            case later
            /// Every chunk is found and taken.
            case none
        }

        /// The first found chunk nobody took, now the caller's.
        private func nextChunk() -> NextChunk {
            lock.withLock {
                // A chunk is ready once whole, the last once every text is found.
                let ready = isComplete ? (found + Self.chunkSize - 1) / Self.chunkSize : found / Self.chunkSize
                guard taken < ready else { return isComplete ? .none : .later }
                taken += 1
                let start = (taken - 1) * Self.chunkSize
                return .chunk(taken - 1, texts: start..<min(found, start + Self.chunkSize))
            }
        }

        /// Shapes `chunk`, of `indices`, on `lane`'s pieces and marks it done.
        private func shape(_ chunk: Int, _ indices: Range<Int>, lane: Int) {
            for index in indices {
                let text = texts[index]
                glyphs[index] = text.bytes.withUnsafeBufferPointer { bytes in
                    lanes[lane].glyphs(
                        bytes, analysis: text.analysis, hbFont: text.font.hbFont, features: text.font.features)
                }
            }
            lock.withLock { done[chunk] = true }
            shaped[chunk].signal()
        }
    }
}
