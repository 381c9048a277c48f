/// One zlib stream from raw deflate parts compressed apart, on several threads, joined as pigz
/// joins its parts: every part but the last continues into the next — a whole stream's last
/// block no longer marked last, then an empty stored block up to a byte boundary — and the
/// parts' Adler-32 checksums are combined into the stream's.
enum ZlibParts {
    /// A compressed part and what the stream's checksum needs of its bytes.
    struct Part {
        var deflate: [UInt8]
        var adler: UInt32
        var count: Int
    }

    /// Makes a whole raw deflate stream continue into the next part; false when its blocks cannot be read.
    static func continuing(_ deflate: inout [UInt8]) -> Bool {
        guard let blocks = deflate.withUnsafeBytes({ DeflateBlocks(walking: $0) }) else { return false }
        deflate[blocks.lastHeaderBit >> 3] &= ~(1 << UInt8(blocks.lastHeaderBit & 7))
        // The stored block's three header bits (not last, stored) are zeros, as are the bits
        // after them up to the byte boundary, where its length (0) and the length's complement go.
        let endByte = blocks.endBit >> 3
        let endBits = endByte < deflate.count ? deflate[endByte] & UInt8((1 << (blocks.endBit & 7)) - 1) : 0
        deflate.removeSubrange(min(endByte, deflate.count)...)
        deflate.append(endBits)
        while deflate.count < (blocks.endBit + 3 + 7) >> 3 { deflate.append(0) }
        deflate += [0, 0, 0xFF, 0xFF]
        return true
    }

    /// A last block with nothing in it (fixed codes: the end-of-block code alone), for a stream
    /// whose parts all continue.
    static let emptyLastBlock: [UInt8] = [0x03, 0x00]

    /// The zlib stream of `parts` in order, the last ending with the stream's last block.
    static func stream(_ parts: [Part], level: Int32) -> [UInt8] {
        var stream = header(level: level)
        stream.reserveCapacity(parts.reduce(6) { $0 + $1.deflate.count })
        var adler: UInt32 = 1
        for part in parts {
            stream += part.deflate
            adler = combine(adler, part.adler, secondCount: part.count)
        }
        for shift in [24, 16, 8, 0] as [UInt32] { stream.append(UInt8(truncatingIfNeeded: adler >> shift)) }
        return stream
    }

    /// zlib's two header bytes for a 32 KiB window, with `level`'s hint as libdeflate writes it.
    static func header(level: Int32) -> [UInt8] {
        let hint: UInt16 = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3
        var header: UInt16 = 0x7800 | hint << 6
        header += 31 - header % 31
        return [UInt8(header >> 8), UInt8(truncatingIfNeeded: header)]
    }

    /// The Adler-32 of two byte strings one after the other, from theirs: the second's sums
    /// started from the first's instead of from 1.
    static func combine(_ first: UInt32, _ second: UInt32, secondCount: Int) -> UInt32 {
        let base: UInt64 = 65521
        let (firstA, firstB) = (UInt64(first & 0xFFFF), UInt64(first >> 16))
        let (secondA, secondB) = (UInt64(second & 0xFFFF), UInt64(second >> 16))
        let a = (firstA + secondA + base - 1) % base
        let b = (firstB + secondB + UInt64(secondCount) % base * ((firstA + base - 1) % base)) % base
        return UInt32(b << 16 | a)
    }
}
