import CPangoCairo
import TimelineScene
import TimelineThreads

/// A batch's new texts shaped on several threads before they are measured: HarfBuzz's calls are
/// most of measuring a new text, and they need no Pango, whose fonts one thread uses at a time.
/// Each text's item, HarfBuzz font and features are found on this thread; the texts are then
/// shaped by word pieces on `shapingThreads` lanes, each lane with word pieces of its own; and
/// measuring a text starts from its item and glyphs (`ShapingMemory.take`). What a text's glyphs
/// are does not depend on the lane or on what its pieces remember (`WordPieceShapes` puts
/// together exactly the glyphs HarfBuzz gives the whole text), so neither does the image.
/// HarfBuzz shapes with one font on several threads at once by design; Pango is called on this
/// thread only.
extension PangoTextMeasurer {
    /// Fewer new texts than this are shaped as they are measured: starting lanes would cost more.
    static let shapedAheadMinimum = 64

    /// A text shaped on a lane: its bytes, its item's analysis, and HarfBuzz's font and features.
    private struct TextAhead: @unchecked Sendable {
        var request: Int
        var bytes: [UInt8]
        var analysis: PangoAnalysis
        var font: HarfBuzzShaping.ItemFont
    }

    /// For each of `requests`, what measuring it starts from: its item and, where word pieces
    /// give them, its glyphs, shaped on `shapingThreads` lanes; nil for a text `ShapedLine`
    /// refuses, and for all when there are too few new texts. Under the Pango turn.
    func shapeAhead(_ requests: [TextRequest]) -> [ShapingMemory.ShapedAhead?] {
        guard shapingThreads > 1, requests.count >= Self.shapedAheadMinimum else { return [] }
        var prepared = [ShapingMemory.ShapedAhead?](repeating: nil, count: requests.count)
        var texts: [TextAhead] = []
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
                texts.append(
                    TextAhead(request: index, bytes: Array(bytes), analysis: item.pointee.analysis, font: font))
            }
        }
        // Too few texts by pieces (another script) to start lanes for: shaped here.
        let lanes = memory.piecesPerThread(texts.count >= Self.shapedAheadMinimum ? shapingThreads : 1)
        var shaped = [[ShapedGlyph]?](repeating: nil, count: texts.count)
        shaped.withUnsafeMutableBufferPointer { results in
            let cursor = ChunkCursor(count: texts.count)
            Lanes.perform(iterations: lanes.count) { lane in
                // Chunks taken in turn: texts differ in length (titles, subtitles), lanes in speed.
                while let chunk = cursor.next() {
                    for index in chunk {
                        let text = texts[index]
                        results[index] = text.bytes.withUnsafeBufferPointer { bytes in
                            lanes[lane].glyphs(
                                bytes, analysis: text.analysis, hbFont: text.font.hbFont,
                                features: text.font.features)
                        }
                    }
                }
            }
        }
        for (text, glyphs) in zip(texts, shaped) { prepared[text.request]?.glyphs = glyphs }
        return prepared
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
