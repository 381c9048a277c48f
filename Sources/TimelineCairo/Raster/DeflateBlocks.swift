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

/// A canonical Huffman code: a table of its codes of up to `tableBits` bits (fewer for a code
/// whose codes are all shorter), indexed by the stream's next bits, and for longer codes, how
/// many codes each length has and the symbols in code order (puff's decoding, bit by bit).
private struct Huffman {
    static let tableBits = 10
    /// Symbol << 4 | length, or 0 where the code is longer than `tableBits` (or unused).
    var table: [UInt32] = []
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int] = []

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
        var symbols = [Int](repeating: 0, count: lengths.count)
        var table: [UInt32] = []
        lengths.withUnsafeBufferPointer { lengths in
            var longest = 1
            for length in lengths {
                counts[length] += 1
                longest = max(longest, length)
            }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            var codes = [UInt32](repeating: 0, count: 16)
            for length in 1..<15 {
                offsets[length + 1] = offsets[length] + counts[length]
                codes[length + 1] = (codes[length] + UInt32(counts[length])) << 1
            }
            let bits = min(longest, Self.tableBits)
            table = [UInt32](repeating: 0, count: 1 << bits)
            table.withUnsafeMutableBufferPointer { table in
                for symbol in 0..<lengths.count where lengths[symbol] != 0 {
                    let length = lengths[symbol]
                    symbols[offsets[length]] = symbol
                    offsets[length] += 1
                    let code = codes[length]
                    codes[length] += 1
                    guard length <= bits else { continue }
                    // The stream holds a code's first bit lowest: the table is indexed by the code reversed.
                    var reversed = (code & 0x5555) << 1 | (code >> 1) & 0x5555
                    reversed = (reversed & 0x3333) << 2 | (reversed >> 2) & 0x3333
                    reversed = (reversed & 0x0F0F) << 4 | (reversed >> 4) & 0x0F0F
                    reversed = ((reversed & 0x00FF) << 8 | (reversed >> 8) & 0x00FF) >> UInt32(16 - length)
                    let entry = UInt32(symbol << 4 | length)
                    var index = Int(reversed)
                    while index < table.count {
                        table[index] = entry
                        index += 1 << length
                    }
                }
            }
        }
        self.table = table
        self.symbols = symbols
    }

    static let fixedLiterals = Huffman(
        lengths: ArraySlice(
            [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24)
                + [Int](repeating: 8, count: 8)))
    static let fixedDistances = Huffman(lengths: ArraySlice([Int](repeating: 5, count: 30)))
}

/// The stream's bits, first bit lowest, through a 64-bit buffer.
private struct BitReader {
    let bytes: UnsafeRawBufferPointer
    /// The next byte to load into `buffer`.
    private var next = 0
    private var buffer: UInt64 = 0
    private var count = 0

    /// The order code length code lengths come in.
    private static let lengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The bit read next.
    var position: Int { next * 8 - count }

    /// Fills `buffer` to at least 56 bits, or with what is left. Eight bytes are loaded at once
    /// where there are eight: bits above `count` are the stream's next bits or zeros either way.
    private mutating func refill() {
        if count <= 56, next + 8 <= bytes.count {
            buffer |= UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: next, as: UInt64.self)) << UInt64(count)
            let loaded = (63 - count) >> 3
            next += loaded
            count += 8 * loaded
            return
        }
        while count <= 56, next < bytes.count {
            buffer |= UInt64(bytes[next]) << UInt64(count)
            next += 1
            count += 8
        }
    }

    /// `width` bits (at most 32), first bit lowest, or nil past the end.
    mutating func bits(_ width: Int) -> Int? {
        if count < width {
            refill()
            guard count >= width else { return nil }
        }
        let value = Int(truncatingIfNeeded: buffer & (1 << UInt64(width) - 1))
        buffer >>= UInt64(width)
        count -= width
        return value
    }

    mutating func decode(_ code: Huffman) -> Int? {
        if count < Huffman.tableBits { refill() }
        return code.table.withUnsafeBufferPointer { decode(code, table: $0) }
    }

    /// A symbol through its code's table, or bit by bit (puff) where the table does not have it.
    @inline(__always)
    private mutating func decode(_ code: Huffman, table: UnsafeBufferPointer<UInt32>) -> Int? {
        let entry = Int(table[Int(truncatingIfNeeded: buffer) & (table.count - 1)])
        let length = entry & 15
        if length != 0, length <= count {
            buffer >>= UInt64(length)
            count -= length
            return entry >> 4
        }
        var value = 0
        var first = 0
        var index = 0
        for length in 1..<16 {
            guard let bit = bits(1) else { return nil }
            value |= bit
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
        _ = bits(count & 7)
        guard let length = bits(16), let complement = bits(16), length ^ complement == 0xFFFF,
            position + 8 * length <= bytes.count * 8
        else { return false }
        if 8 * length <= count {
            buffer >>= UInt64(8 * length)
            count -= 8 * length
        } else {
            next += length - count / 8
            buffer = 0
            count = 0
        }
        return true
    }

    /// Past a compressed block's codes, up to and including its end-of-block code.
    mutating func skipCodes(literals: Huffman, distances: Huffman) -> Bool {
        literals.table.withUnsafeBufferPointer { literalTable in
            distances.table.withUnsafeBufferPointer { distanceTable in
                while true {
                    // Enough for a length's code and extra bits and a distance's: 15 + 5 + 15 + 13.
                    if count < 48 { refill() }
                    guard let symbol = decode(literals, table: literalTable) else { return false }
                    if symbol < 256 { continue }
                    if symbol == 256 { return true }
                    // Length codes 265…284 and distance codes from 4 on have extra bits, one more
                    // every four codes (every two for distances).
                    guard symbol <= 285, skip(symbol < 265 || symbol == 285 ? 0 : (symbol - 261) >> 2),
                        let distance = decode(distances, table: distanceTable), distance < 30,
                        skip(distance < 4 ? 0 : (distance - 2) >> 1)
                    else { return false }
                }
            }
        }
    }

    /// Past `width` bits in the buffer; false when the stream ends first.
    @inline(__always)
    private mutating func skip(_ width: Int) -> Bool {
        guard width <= count else { return bits(width) != nil }
        buffer >>= UInt64(width)
        count -= width
        return true
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
