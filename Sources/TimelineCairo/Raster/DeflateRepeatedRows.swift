/// A deflate block of PNG rows each the same as the row above: filter Up, then zeros. Most rows
/// of a card are, and a general compressor reads each of their bytes; this block writes a row
/// as a few codes, whatever its width. The block is not last and ends on a byte boundary, so
/// other parts can follow it (`ZlibParts`).
enum DeflateRepeatedRows {
    /// The block for `rows` rows of `rowBytes` filtered bytes each (the filter byte included).
    static func block(rowBytes: Int, rows: Int) -> [UInt8] {
        // After the filter byte (2) and one zero, the zeros are copies of the byte before
        // (distance 1): lengths of 258, then what remains.
        let zeros = rowBytes - 2
        let remainder = zeros % 258
        let rest = remainder >= 3 ? LengthCode(remainder) : nil
        // Codes: 258 (symbol 285) in one bit; literals 0 and 2, the end of the block and the
        // remainder's length in three (literal 1 stands in for a remainder of none, or of 1 or 2
        // zeros written as literals, keeping the code complete). Distances 1 and 2 in one bit each.
        var literalLengths = [Int](repeating: 0, count: 286)
        literalLengths[285] = 1
        for symbol in [0, 2, 256, rest?.symbol ?? 1] { literalLengths[symbol] = 3 }
        let literals = canonicalCodes(literalLengths)
        var writer = BitWriter()
        writer.put(0, 1) // not the last block
        writer.put(2, 2) // dynamic codes
        writer.putCodeLengths(literalLengths + [1, 1])
        for _ in 0..<rows {
            writer.putCode(literals[2], length: 3)
            writer.putCode(literals[0], length: 3)
            for _ in 0..<zeros / 258 {
                writer.putCode(literals[285], length: 1)
                writer.put(0, 1) // distance 1
            }
            if let rest {
                writer.putCode(literals[rest.symbol], length: 3)
                writer.put(rest.extra, rest.extraBits)
                writer.put(0, 1)
            } else {
                for _ in 0..<remainder { writer.putCode(literals[0], length: 3) }
            }
        }
        writer.putCode(literals[256], length: 3)
        // An empty stored block, not last: three zero bits, then its length and complement on
        // the byte boundary.
        writer.put(0, 3)
        var bytes = writer.bytes()
        bytes += [0, 0, 0xFF, 0xFF]
        return bytes
    }

    /// A copy's length as its symbol (257…284) and extra bits.
    private struct LengthCode {
        let symbol: Int
        let extra: Int
        let extraBits: Int

        /// For lengths 3…257.
        init(_ length: Int) {
            if length < 11 {
                (symbol, extra, extraBits) = (254 + length, 0, 0)
                return
            }
            // Lengths from 11 come in groups of four codes, each code of 2^bits lengths.
            var bits = 1
            var base = 11
            var symbol = 265
            while length >= base + 4 << bits {
                base += 4 << bits
                bits += 1
                symbol += 4
            }
            let offset = length - base
            (self.symbol, extra, extraBits) = (symbol + offset >> bits, offset & (1 << bits - 1), bits)
        }
    }

    /// The canonical code of each symbol, from the lengths of all.
    static func canonicalCodes(_ lengths: [Int]) -> [Int] {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { counts[length] += 1 }
        var next = [Int](repeating: 0, count: 16)
        for length in 1..<16 { next[length] = (next[length - 1] + counts[length - 1]) << 1 }
        var codes = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            codes[symbol] = next[length]
            next[length] += 1
        }
        return codes
    }
}

/// Bits into bytes, first bit lowest, as deflate packs them.
private struct BitWriter {
    private var output: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    /// The order code length code lengths come in.
    private static let lengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The low `width` bits of `value` (at most 32).
    mutating func put(_ value: Int, _ width: Int) {
        buffer |= UInt64(value & (1 << width - 1)) << UInt64(count)
        count += width
        while count >= 8 {
            output.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// A Huffman code, whose first bit is its highest.
    mutating func putCode(_ code: Int, length: Int) {
        var reversed = 0
        for bit in 0..<length where code >> bit & 1 == 1 { reversed |= 1 << (length - 1 - bit) }
        put(reversed, length)
    }

    /// A dynamic block's header after its type: the counts, then `lengths` (286 literal and
    /// length codes' lengths, then the distance codes') in the code length code, zeros in runs.
    /// Lengths are 0, 1 or 3.
    mutating func putCodeLengths(_ lengths: [Int]) {
        // The code length code: 3 and runs of zeros (17: 3…10, 18: 11…138) in two bits, 0 and 1 in three.
        var lengthLengths = [Int](repeating: 0, count: 19)
        (lengthLengths[3], lengthLengths[17], lengthLengths[18], lengthLengths[0], lengthLengths[1]) = (2, 2, 2, 3, 3)
        let lengthCodes = DeflateRepeatedRows.canonicalCodes(lengthLengths)
        put(lengths.count - 2 - 257, 5)
        put(1, 5) // two distance codes
        let sent = (Self.lengthOrder.lastIndex { lengthLengths[$0] != 0 } ?? 3) + 1
        put(sent - 4, 4)
        for symbol in Self.lengthOrder.prefix(sent) { put(lengthLengths[symbol], 3) }
        var index = 0
        while index < lengths.count {
            var run = 0
            while lengths[index] == 0, index + run < lengths.count, lengths[index + run] == 0, run < 138 { run += 1 }
            if run >= 11 {
                putCode(lengthCodes[18], length: 2)
                put(run - 11, 7)
            } else if run >= 3 {
                putCode(lengthCodes[17], length: 2)
                put(run - 3, 3)
            } else {
                run = 1
                putCode(lengthCodes[lengths[index]], length: lengthLengths[lengths[index]])
            }
            index += run
        }
    }

    /// What was written, the last byte filled with zeros.
    func bytes() -> [UInt8] {
        count > 0 ? output + [UInt8(truncatingIfNeeded: buffer)] : output
    }
}
