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

/// An SVG document in the pieces it was written in, its ids' markers still to be replaced by
/// its prefix (`SVGIDPrefix`).
public struct SVGDocument: Sendable {
    let pieces: [SVGBytes]
    let prefix: [UInt8]
    /// Threads joining it in memory may use.
    let threads: Int

    /// The document's size once its markers are replaced.
    public var count: Int {
        pieces.reduce(0) { $0 + $1.count + $1.markers * max(0, prefix.count - 1) }
    }

    /// The document joined in memory.
    public var data: Data { SVGIDPrefix.join(pieces, replacingMarkersWith: prefix, threads: threads) }

    /// Hands the document's bytes to `write` through one small buffer (`SVGIDPrefix.stream`).
    public func withChunks(_ write: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        SVGIDPrefix.stream(pieces, replacingMarkersWith: prefix, to: write)
    }
}
