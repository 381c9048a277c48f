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

    /// How many bytes the image takes.
    public var count: Int {
        switch self {
        case .bytes(let data): return data.count
        case .svg(let document): return document.count
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

/// An SVG document in the pieces it was written in.
public struct SVGDocument: Sendable {
    let pieces: [SVGBytes]

    /// The document's size.
    public var count: Int { pieces.reduce(0) { $0 + $1.count } }

    /// The document joined in memory.
    public var data: Data {
        var data = Data(capacity: count)
        for piece in pieces { piece.withUnsafeBytes { data.append($0) } }
        return data
    }

    /// Hands the document's pieces to `write` as they are; stops at the first it refuses.
    public func withChunks(_ write: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        pieces.allSatisfy { piece in piece.withUnsafeBytes { write(UnsafeRawBufferPointer($0)) } }
    }
}
