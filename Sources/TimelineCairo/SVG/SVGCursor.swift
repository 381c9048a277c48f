import TimelineScene

/// Where `SVGBytes.write` puts the next byte: writes go straight to memory its caller made room
/// for, so each piece of an element costs a store, not an array append.
struct SVGCursor {
    private let start: UnsafeMutablePointer<UInt8>
    private var next: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>) {
        self.start = start
        next = start
    }

    var written: Int { next - start }

    /// The longest number `put(number:)` writes: a sign, 13 digits, a point and 3 decimals.
    static let maxNumberLength = 18
    /// The longest color `put(color:)` writes: `rgb(` and `)`, three percentages, two commas.
    static let maxColorLength = 6 + 3 * 11

    @inline(__always)
    mutating func put(byte: UInt8) {
        next.pointee = byte
        next += 1
    }

    @inline(__always)
    mutating func put(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        next.update(from: text.utf8Start, count: count)
        next += count
    }

    @inline(__always)
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        next.update(from: base, count: bytes.count)
        next += bytes.count
    }

    /// A non-negative integer in decimal (a negative one as 0). Digits are found with divisions by
    /// the constants 10 and 100, which compile to multiplications.
    @inline(__always)
    mutating func put(integer value: Int) {
        put(unsigned: UInt64(max(0, value)))
    }

    /// Every two-digit number's digits, "00" to "99": a number is written two digits a division.
    private static var digitPairs: StaticString {
        """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """
    }

    @inline(__always)
    private mutating func put(unsigned value: UInt64) {
        if value < 10 {
            put(byte: 48 + UInt8(value))
            return
        }
        var digits = value < 100 ? 2 : value < 1000 ? 3 : 4
        var rest = value / 10_000
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        rest = value
        var index = digits
        let pairs = Self.digitPairs.utf8Start
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            index -= 2
            next[index] = pairs[pair]
            next[index + 1] = pairs[pair + 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            next[0] = pairs[pair]
            next[1] = pairs[pair + 1]
        } else {
            next[0] = 48 + UInt8(truncatingIfNeeded: rest)
        }
        next += digits
    }

    /// `value` rounded to 3 decimals, trailing zeros trimmed, never an exponent, never "-0"
    /// (a non-finite value is written as 0; beyond `SVGBytes.largestNumber` it is clamped).
    mutating func put(number value: Double) {
        guard value.isFinite else {
            put(byte: UInt8(ascii: "0"))
            return
        }
        let scaled = min(max(value, -SVGBytes.largestNumber), SVGBytes.largestNumber) * 1000
        // Rounded half away from zero, as `rounded()` does, without its call into libm: below
        // 2^53 the conversion truncates exactly and the fraction left is exact too.
        let magnitude = scaled.magnitude
        let truncated = Int64(magnitude)
        var thousandths = UInt64(truncated)
        if magnitude - Double(truncated) >= 0.5 { thousandths += 1 }
        if thousandths == 0 {
            put(byte: UInt8(ascii: "0"))
            return
        }
        if scaled < 0 { put(byte: UInt8(ascii: "-")) }
        put(unsigned: thousandths / 1000)
        let fraction = UInt32(truncatingIfNeeded: thousandths % 1000)
        guard fraction != 0 else { return }
        let d1 = fraction / 100
        let d2 = fraction / 10 % 10
        let d3 = fraction % 10
        next[0] = UInt8(ascii: ".")
        next[1] = 48 + UInt8(truncatingIfNeeded: d1)
        next[2] = 48 + UInt8(truncatingIfNeeded: d2)
        next[3] = 48 + UInt8(truncatingIfNeeded: d3)
        // The trailing zeros are written, then left out.
        next += d3 != 0 ? 4 : d2 != 0 ? 3 : 2
    }

    /// Two numbers as `x y` (path data).
    @inline(__always)
    mutating func put(point x: Double, _ y: Double) {
        put(number: x)
        put(byte: UInt8(ascii: " "))
        put(number: y)
    }

    /// `rgb(r%,g%,b%)` (`SVGBytes.channelPercents`).
    mutating func put(color: RGBA) {
        put("rgb(")
        putChannel(color.r)
        put(byte: UInt8(ascii: ","))
        putChannel(color.g)
        put(byte: UInt8(ascii: ","))
        putChannel(color.b)
        put(byte: UInt8(ascii: ")"))
    }

    @inline(__always)
    private mutating func putChannel(_ value: UInt8) {
        SVGBytes.channelPercents[Int(value)].withUnsafeBufferPointer { put($0) }
    }

    /// User text for XML content and attribute values, at most 6 bytes for each of `text`'s.
    /// Works on UTF-8 bytes: the characters to escape or drop are ASCII, apart from U+FFFE and
    /// U+FFFF (EF BF BE, EF BF BF). Runs of bytes kept as they are are copied at once.
    mutating func put(escaping text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress else { return }
        var index = 0
        var kept = 0
        while index < text.count {
            let byte = text[index]
            if byte >= 0x40 ? byte != 0xEF : Self.looked & 1 << UInt64(byte) == 0 {
                index += 1
                continue
            }
            put(UnsafeBufferPointer(start: base + kept, count: index - kept))
            index += 1
            switch byte {
            case UInt8(ascii: "&"): put("&amp;")
            case UInt8(ascii: "<"): put("&lt;")
            case UInt8(ascii: ">"): put("&gt;")
            case UInt8(ascii: "\""): put("&quot;")
            case UInt8(ascii: "'"): put("&apos;")
            case UInt8(ascii: "\n"), UInt8(ascii: "\t"): put(byte: byte)
            case 0..<0x20: break // XML 1.0 forbids most control characters even when escaped.
            case 0xEF
            where index + 1 < text.count && text[index] == 0xBF
                && (text[index + 1] == 0xBE || text[index + 1] == 0xBF):
                index += 2
            default: put(byte: byte)
            }
            kept = index
        }
        put(UnsafeBufferPointer(start: base + kept, count: index - kept))
    }

    /// The bytes below 0x40 that `put(escaping:)` looks at one by one, as bits: the control
    /// characters and `"`, `&`, `'`, `<`, `>`.
    private static var looked: UInt64 {
        0xFFFF_FFFF | 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E
    }
}
