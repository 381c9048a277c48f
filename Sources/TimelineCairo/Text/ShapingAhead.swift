import CPangoCairo
import TimelineScene
import TimelineThreads

/// A batch's new texts shaped on several threads before they are measured: HarfBuzz's calls are
/// most of measuring a new text, and they need no Pango, whose fonts one thread uses at a time.
/// On `shapingThreads` lanes, chunk by chunk, each text's item, HarfBuzz font and features are
/// found (with Pango, by one lane at a time), and the texts shaped by word pieces, each lane with
/// word pieces of its own; measuring a text then starts from its item and glyphs
/// (`ShapingMemory.take`). What a text's glyphs are does not depend on the lane or on what its
/// pieces remember (`WordPieceShapes` puts together exactly the glyphs HarfBuzz gives the whole
/// text), so neither does the image. HarfBuzz shapes with one font on several threads at once by
/// design; Pango is called by one thread at a time, as everywhere (`FontLibrary.pangoTurn`).
extension PangoTextMeasurer {
    /// Fewer new texts than this are shaped as they are measured: starting lanes would cost more.
    static let shapedAheadMinimum = 64

    /// A text shaped on a lane: its bytes, its item's analysis, and HarfBuzz's font and features.
    private struct TextAhead {
        var request: Int
        var bytes: [UInt8]
        var analysis: PangoAnalysis
        var font: HarfBuzzShaping.ItemFont
    }

    /// For each of `requests`, what measuring it starts from: its item and, where word pieces
    /// give them, its glyphs, shaped on `shapingThreads` lanes; nil for a text `ShapedLine`
    /// refuses, and for all when there are too few new texts. Under the Pango turn: a lane finds
    /// a chunk's items with Pango while no other lane does (`pango`), then shapes the chunk while
    /// the next lane finds the next one's.
    func shapeAhead(_ requests: [TextRequest]) -> [ShapingMemory.ShapedAhead?] {
        guard shapingThreads > 1, requests.count >= Self.shapedAheadMinimum else { return [] }
        var prepared = [ShapingMemory.ShapedAhead?](repeating: nil, count: requests.count)
        var shaped = [[ShapedGlyph]?](repeating: nil, count: requests.count)
        let lanes = memory.piecesPerThread(shapingThreads)
        let cursor = ChunkCursor(count: requests.count)
        let pango = Lock()
        prepared.withUnsafeMutableBufferPointer { prepared in
            shaped.withUnsafeMutableBufferPointer { shaped in
                Lanes.perform(iterations: lanes.count) { lane in
                    // Chunks taken in turn: texts differ in length (titles, subtitles), lanes in speed.
                    while let chunk = cursor.next() {
                        let texts = pango.withLock {
                            chunk.compactMap {
                                self.textAhead(requests[$0], at: $0, into: prepared)
                            }
                        }
                        for text in texts {
                            shaped[text.request] = text.bytes.withUnsafeBufferPointer { bytes in
                                lanes[lane].glyphs(
                                    bytes, analysis: text.analysis, hbFont: text.font.hbFont,
                                    features: text.font.features)
                            }
                        }
                    }
                }
            }
        }
        for index in prepared.indices where prepared[index] != nil { prepared[index]?.glyphs = shaped[index] }
        return prepared
    }

    /// `request`'s item, put in `prepared[index]`, and what shaping it by word pieces takes; nil
    /// for a text `ShapedLine` refuses or word pieces cannot shape. Calls Pango.
    private func textAhead(
        _ request: TextRequest, at index: Int, into prepared: UnsafeMutableBufferPointer<ShapingMemory.ShapedAhead?>
    ) -> TextAhead? {
        guard let attributes = fonts.itemizeAttributes(request.font) else { return nil }
        var text = request.text
        return text.withUTF8 { bytes in
            guard
                let item = ShapedLine.lineItem(
                    bytes, text: request.text, context: fonts.context, attributes: attributes, memory: memory)
            else { return nil }
            prepared[index] = ShapingMemory.ShapedAhead(text: request.text, item: item)
            guard let font = memory.piecesFont(item, length: Int32(bytes.count)) else { return nil }
            return TextAhead(request: index, bytes: Array(bytes), analysis: item.pointee.analysis, font: font)
        }
    }

    /// Hands out the indices of `count` texts in chunks, to whichever lane asks first.
    private final class ChunkCursor: @unchecked Sendable {
        static let size = 32
        private let lock = Lock()
        private let count: Int
        private var taken = 0

        init(count: Int) { self.count = count }

        func next() -> Range<Int>? {
            lock.withLock {
                guard taken < count else { return nil }
                let chunk = taken..<min(count, taken + Self.size)
                taken = chunk.upperBound
                return chunk
            }
        }
    }
}
