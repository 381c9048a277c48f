#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A PNG's size from its IHDR chunk, read without decoding: decoding allocates what the header
/// says (4 GB for a 32767 × 32767 image), so an image from outside is measured first.
enum PNGHeader {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Nil when the bytes do not start with a PNG signature and an IHDR chunk.
    static func size(of data: Data) -> GoldenComparison.PixelSize? {
        let bytes = data.prefix(24)
        guard bytes.count == 24, bytes.prefix(8).elementsEqual(signature),
            bytes.dropFirst(12).prefix(4).elementsEqual(Array("IHDR".utf8))
        else { return nil }
        func number(at offset: Int) -> Int {
            bytes.dropFirst(offset).prefix(4).reduce(0) { $0 << 8 | Int($1) }
        }
        return GoldenComparison.PixelSize(width: number(at: 16), height: number(at: 20))
    }
}
