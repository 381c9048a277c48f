import TimelineCairo

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An encoded image in memory, before it is written anywhere.
public struct RenderedImage: Sendable {
    /// The card id, or the input's name for a feed (with `-N` for split parts).
    public var name: String
    /// SVG, PNG, PDF or the scene as JSON.
    public var format: ImageFormat
    /// The encoded file's bytes, an SVG's in the parts they were written in until written out.
    public var encoded: EncodedImage

    /// The encoded file's bytes (an SVG's parts joined, each time they are asked for).
    public var data: Data { encoded.data }
}
