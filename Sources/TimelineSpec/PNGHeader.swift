/// The fixed start of a PNG file: signature and IHDR chunk, read without decoding the image, since
/// decoding allocates what the header says (4 GB for a 32767 × 32767 image).
package enum PNGHeader {
    /// Why bytes are not a PNG file's start, in words.
    package struct Invalid: Error, Equatable {
        package let reason: String
    }

    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Bytes of the signature and the whole IHDR chunk.
    package static let byteCount = 33

    package static func read(_ bytes: [UInt8]) -> Result<(width: Int, height: Int), Invalid> {
        guard bytes.count >= byteCount, Array(bytes[0..<8]) == signature else {
            return .failure(Invalid(reason: "no PNG signature"))
        }
        guard Array(bytes[8..<16]) == [0, 0, 0, 13] + Array("IHDR".utf8) else {
            return .failure(Invalid(reason: "no IHDR chunk first"))
        }
        func integer(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = integer(16)
        let height = integer(20)
        let depth = bytes[24]
        let colorType = bytes[25]
        let depths: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard width > 0, height > 0 else { return .failure(Invalid(reason: "a side of 0 pixels")) }
        guard depths[colorType]?.contains(depth) == true else {
            return .failure(Invalid(reason: "bit depth \(depth) with color type \(colorType)"))
        }
        return .success((width, height))
    }
}
