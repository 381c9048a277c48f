/// Where the last block of a raw deflate stream starts and where the stream ends, to the bit:
/// what a stream needs to be continued by another (`ZlibParts`). libdeflate writes whole streams
/// only, so its codes are read back (as puff, zlib's reference decoder, reads them) without
/// producing the bytes they stand for.
struct DeflateBlocks {
    /// The bit of the last block's header that marks it last (BFINAL).
    let lastHeaderBit: Int
    /// The bit just after the last block's end-of-block code.
    let endBit: Int

    /// The stream's blocks, or nil when `bytes` is not a whole deflate stream.
    init?(walking bytes: UnsafeRawBufferPointer) {
        var reader = BitReader(bytes: bytes)
        while true {
            let header = reader.position
            guard let final = reader.bits(1), let type = reader.bits(2) else { return nil }
            switch type {
            case 0: guard reader.skipStored() else { return nil }
            case 1: guard reader.skipCodes(literals: .fixedLiterals, distances: .fixedDistances) else { return nil }
            case 2:
                guard let (literals, distances) = reader.dynamicCodes(),
                    reader.skipCodes(literals: literals, distances: distances)
                else { return nil }
            default: return nil
            }
            if final == 1 {
                lastHeaderBit = header
                endBit = reader.position
                return
            }
        }
    }
}

/// A canonical Huffman code as puff decodes it: how many codes each length has, and the symbols
/// in code order.
private struct Huffman {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int]

    /// Lengths that over-subscribe the code (no stream can use it) make no code.
    static func make(lengths: ArraySlice<Int>) -> Huffman? {
        let code = Huffman(lengths: lengths)
        var left = 1
        for length in 1..<16 {
            left = left * 2 - code.counts[length]
            if left < 0 { return nil }
        }
        return code
    }

    private init(lengths: ArraySlice<Int>) {
        for length in lengths { counts[length] += 1 }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in zip(0..., lengths) where length != 0 {
            symbols[offsets[length]] = symbol
            offsets[length] += 1
        }
    }

    static let fixedLiterals = Huffman(
        lengths: ArraySlice(
            [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24)
                + [Int](repeating: 8, count: 8)))
    static let fixedDistances = Huffman(lengths: ArraySlice([Int](repeating: 5, count: 30)))
}

private struct BitReader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    /// Extra bits of length codes 257…285 and of distance codes 0…29.
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// The order code length code lengths come in.
    private static let lengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// `count` bits, first bit lowest, or nil past the end.
    mutating func bits(_ count: Int) -> Int? {
        guard position + count <= bytes.count * 8 else { return nil }
        var value = 0
        for index in 0..<count {
            value |= Int(bytes[(position + index) >> 3] >> UInt8((position + index) & 7) & 1) << index
        }
        position += count
        return value
    }

    mutating func decode(_ code: Huffman) -> Int? {
        var value = 0
        var first = 0
        var index = 0
        for length in 1..<16 {
            guard position < bytes.count * 8 else { return nil }
            value |= Int(bytes[position >> 3] >> UInt8(position & 7) & 1)
            position += 1
            let count = code.counts[length]
            if value - count < first { return code.symbols[index + value - first] }
            index += count
            first = (first + count) << 1
            value <<= 1
        }
        return nil
    }

    /// Past a stored block: its length and its bytes, from the next byte boundary.
    mutating func skipStored() -> Bool {
        position = (position + 7) & ~7
        guard let length = bits(16), let complement = bits(16), length ^ complement == 0xFFFF,
            position + 8 * length <= bytes.count * 8
        else { return false }
        position += 8 * length
        return true
    }

    /// Past a compressed block's codes, up to and including its end-of-block code.
    mutating func skipCodes(literals: Huffman, distances: Huffman) -> Bool {
        while true {
            guard let symbol = decode(literals) else { return false }
            if symbol < 256 { continue }
            if symbol == 256 { return true }
            guard symbol <= 285, bits(Self.lengthExtra[symbol - 257]) != nil,
                let distance = decode(distances), distance < 30, bits(Self.distanceExtra[distance]) != nil
            else { return false }
        }
    }

    /// A dynamic block's literal/length and distance codes, read from its header.
    mutating func dynamicCodes() -> (Huffman, Huffman)? {
        guard let literalCount = bits(5).map({ $0 + 257 }), let distanceCount = bits(5).map({ $0 + 1 }),
            let lengthCount = bits(4).map({ $0 + 4 })
        else { return nil }
        var lengthLengths = [Int](repeating: 0, count: 19)
        for index in 0..<lengthCount {
            guard let length = bits(3) else { return nil }
            lengthLengths[Self.lengthOrder[index]] = length
        }
        guard let lengthCode = Huffman.make(lengths: lengthLengths[...]) else { return nil }
        var lengths: [Int] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            guard let symbol = decode(lengthCode) else { return nil }
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last, let repeats = bits(2) else { return nil }
                lengths += repeatElement(previous, count: 3 + repeats)
            case 17:
                guard let repeats = bits(3) else { return nil }
                lengths += repeatElement(0, count: 3 + repeats)
            default:
                guard let repeats = bits(7) else { return nil }
                lengths += repeatElement(0, count: 11 + repeats)
            }
        }
        guard lengths.count == literalCount + distanceCount, lengths[256] != 0,
            let literals = Huffman.make(lengths: lengths[..<literalCount]),
            let distances = Huffman.make(lengths: lengths[literalCount...])
        else { return nil }
        return (literals, distances)
    }
}
