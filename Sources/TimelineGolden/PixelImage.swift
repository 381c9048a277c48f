import TimelineCairo
import TimelineSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A decoded raster image: RGBA, 8 bits a channel, row by row from the top.
///
/// Colour channels are premultiplied by alpha, as cairo holds them. Comparisons therefore
/// weigh a difference in a nearly transparent pixel as little as it shows, and decoding then
/// encoding never rounds a colour twice.
public struct PixelImage: Sendable, Equatable {
    /// Pixels in a row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue (premultiplied), alpha.
    public var rgba: [UInt8]

    /// An image of the given bytes, which must be `width * height * 4`.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width >= 0 && height >= 0 && rgba.count == width * height * 4, "RGBA bytes do not match the size")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// An image filled with one straight (not premultiplied) colour.
    public init(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        let pixel = [
            Self.premultiply(red, alpha), Self.premultiply(green, alpha), Self.premultiply(blue, alpha), alpha,
        ]
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for offset in stride(from: 0, to: rgba.count, by: 4) { rgba.replaceSubrange(offset..<offset + 4, with: pixel) }
        self.init(width: width, height: height, rgba: rgba)
    }

    /// Why bytes could not be decoded or an image not encoded.
    public enum CodingError: Error, CustomStringConvertible, Equatable {
        /// The bytes do not start with PNG's signature.
        case notPNG
        /// cairo refused the file or the pixels, with its reason.
        case cairo(String)

        /// What went wrong, in words.
        public var description: String {
            switch self {
            case .notPNG: return "not a PNG file"
            case .cairo(let message): return "cannot decode the PNG: \(message)"
            }
        }

        init(_ failure: PNGCoding.Failure) {
            switch failure {
            case .notPNG: self = .notPNG
            case .cairo(let message): self = .cairo(message)
            }
        }
    }

    static let pngSignature = PNGHeader.signature

    /// Decodes PNG bytes with cairo, whatever their colour type or bit depth.
    public init(png data: Data) throws(CodingError) {
        do {
            let decoded = try PNGCoding.decode(data)
            self.init(width: decoded.width, height: decoded.height, rgba: decoded.rgba)
        } catch {
            throw CodingError(error)
        }
    }

    /// Encodes the image as PNG as rendered images are (no time stamps).
    public func pngData() throws(CodingError) -> Data {
        do {
            return try PNGCoding.encode(width: width, height: height, rgba: rgba)
        } catch {
            throw CodingError(error)
        }
    }

    /// The premultiplied channels of the pixel at (x, y).
    @inline(__always)
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let offset = (y * width + x) * 4
        return (rgba[offset], rgba[offset + 1], rgba[offset + 2], rgba[offset + 3])
    }

    static func premultiply(_ channel: UInt8, _ alpha: UInt8) -> UInt8 {
        UInt8((Int(channel) * Int(alpha) + 127) / 255)
    }
}
