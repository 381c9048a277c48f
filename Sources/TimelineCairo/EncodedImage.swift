#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An image's encoded bytes: in one piece, or an SVG document in the parts it was written in,
/// put together as it is written to a file. A big card's SVG is megabytes: joined in memory
/// first, it takes memory never used before, which the kernel clears page by page before the
/// join can copy into it (half the join's time for 1,000 items), then is copied again by `write`.
public enum EncodedImage: Sendable {
    case bytes(Data)
    case svg(SVGDocument)

    /// The whole image in memory (an SVG's parts joined, each time it is asked for).
    public var data: Data {
        switch self {
        case .bytes(let data): return data
        case .svg(let document): return document.data
        }
    }

    /// How many bytes the image takes (a streamed SVG is written to count them).
    public var count: Int {
        switch self {
        case .bytes(let data): return data.count
        case .svg(let document): return document.count
        }
    }

    /// Whether part of the image is written only as it is written out (`SVGDocument.isStreamed`).
    public var isStreamed: Bool {
        if case .svg(let document) = self { return document.isStreamed }
        return false
    }

    /// How many bytes the image takes, or about it for a streamed SVG, without writing it.
    public var expectedCount: Int {
        switch self {
        case .bytes(let data): return data.count
        case .svg(let document): return document.expectedCount
        }
    }

    /// Hands the image's bytes to `write` in order, in chunks; stops at the first it refuses
    /// and returns false.
    public func withChunks(_ write: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        switch self {
        case .bytes(let data): return data.withUnsafeBytes { write($0) }
        case .svg(let document): return document.withChunks(write)
        }
    }
}

/// An SVG document in the pieces it was written in, and the texts left to write as it is
/// written out (`SVGWriter.write(_:scale:idPrefix:streamingText:)`).
public struct SVGDocument: Sendable {
    let pieces: [SVGBytes]
    /// Texts to write at their offsets in `pieces[textsPiece]`, with the document's glyph ids.
    var texts: [(offset: Int, text: KeptText)] = []
    var textsPiece = 0
    var ids = GlyphIDs()

    /// Bytes handed on at a time while texts are written.
    static let chunkSize = 64 << 10

    /// Whether part of the document is written only as it is written out, so that its size is
    /// known only then.
    public var isStreamed: Bool { !texts.isEmpty }

    /// The document's size (a streamed one is written to count it).
    public var count: Int {
        guard isStreamed else { return piecesCount }
        var count = 0
        _ = withChunks { chunk in
            count += chunk.count
            return true
        }
        return count
    }

    /// The document's size, or about it for a streamed one, without writing it: room to set aside.
    public var expectedCount: Int {
        let prefix = pieces.indices.contains(textsPiece) ? pieces[textsPiece].idPrefix.count : 0
        return texts.reduce(piecesCount) { sum, entry in
            entry.text.node.lines.reduce(sum) { $0 + SVGWriter.lineCapacity($1, idPrefix: prefix) }
        }
    }

    private var piecesCount: Int { pieces.reduce(0) { $0 + $1.count } }

    /// The document joined in memory.
    public var data: Data {
        var data = Data(capacity: expectedCount)
        _ = withChunks { chunk in
            data.append(contentsOf: chunk)
            return true
        }
        return data
    }

    /// Hands the document to `write` in order, in pieces; stops at the first it refuses.
    public func withChunks(_ write: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        pieces.indices.allSatisfy { index in
            if isStreamed, index == textsPiece { return writeWithTexts(pieces[index], write) }
            return pieces[index].withUnsafeBytes { write(UnsafeRawBufferPointer($0)) }
        }
    }

    /// `body` with the texts written in, through a buffer handed on whenever it fills.
    private func writeWithTexts(_ body: SVGBytes, _ write: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        var buffer = SVGBytes(capacity: Self.chunkSize + (Self.chunkSize >> 2))
        buffer.idPrefix = body.idPrefix
        func flush() -> Bool {
            defer { buffer.truncate(to: 0) }
            return buffer.isEmpty || buffer.withUnsafeBytes { write(UnsafeRawBufferPointer($0)) }
        }
        return body.withUnsafeBytes { bytes in
            var done = 0
            for index in 0...texts.count {
                let offset = index < texts.count ? texts[index].offset : bytes.count
                let between = UnsafeBufferPointer(rebasing: bytes[done..<offset])
                if between.count >= Self.chunkSize {
                    guard flush(), write(UnsafeRawBufferPointer(between)) else { return false }
                } else {
                    buffer.append(between)
                }
                done = offset
                if index < texts.count { SVGWriter.write(texts[index].text, ids: ids, into: &buffer) }
                if buffer.count >= Self.chunkSize, !flush() { return false }
            }
            return flush()
        }
    }
}
