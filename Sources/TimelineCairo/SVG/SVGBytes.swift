import TimelineScene

/// An SVG document being written as UTF-8 bytes, with the number and color formatting SVG output
/// needs. Numbers are formatted here because a `printf`-style formatter would cost more than the
/// rest of writing an SVG.
struct SVGBytes {
    var bytes: [UInt8] = []
    /// How many id prefix markers `bytes` holds (`SVGIDPrefix`).
    var markers = 0

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Fixed text, with no id in it.
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    mutating func append(byte: UInt8) { bytes.append(byte) }

    mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    /// User text, escaped for XML content and attribute values.
    mutating func append(escaped text: String) {
        bytes.append(contentsOf: SVGDocument.escape(text).utf8)
    }

    /// A non-negative integer in decimal.
    mutating func append(integer value: Int) {
        append(unsigned: UInt64(max(0, value)))
    }

    /// Digits are taken from the end with divisions by the constant 10, which compile to a
    /// multiplication, not to a 64-bit division per digit.
    private mutating func append(unsigned value: UInt64) {
        if value < 10 {
            bytes.append(48 + UInt8(value))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0) // room for UInt64.max's 20 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var index = buffer.count
            var rest = value
            repeat {
                index -= 1
                buffer[index] = 48 + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
        }
    }

    /// Numbers beyond this are clamped: far outside any drawing, and still exact in fixed point.
    static let largestNumber = 1e12

    /// `value` rounded to 3 decimals, trailing zeros trimmed, never an exponent, never "-0"
    /// (a non-finite value is written as 0).
    mutating func append(number value: Double) {
        guard value.isFinite else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let clamped = min(max(value, -Self.largestNumber), Self.largestNumber)
        var thousandths = Int64((clamped * 1000).rounded())
        if thousandths == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if thousandths < 0 {
            bytes.append(UInt8(ascii: "-"))
            thousandths = -thousandths
        }
        append(unsigned: UInt64(thousandths / 1000))
        let fraction = Int(thousandths % 1000)
        guard fraction != 0 else { return }
        let d1 = fraction / 100
        let d2 = fraction / 10 % 10
        let d3 = fraction % 10
        bytes.append(UInt8(ascii: "."))
        bytes.append(48 + UInt8(d1))
        if d2 != 0 || d3 != 0 { bytes.append(48 + UInt8(d2)) }
        if d3 != 0 { bytes.append(48 + UInt8(d3)) }
    }

    /// ` name="value"`.
    @inline(__always)
    mutating func attribute(_ name: StaticString, _ value: Double) {
        bytes.append(UInt8(ascii: " "))
        append(name)
        append("=\"")
        append(number: value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Each channel value as a percentage with six decimals at most (`rgb(100%,17.647059%,0%)`),
    /// the form cairo's SVG surface writes, which tools reading SVGs of cairo understand.
    static let channelPercents: [[UInt8]] = (0...255).map(channelPercent)

    /// `value × 100 / 255` rounded to millionths in integers, with no formatter. The exact
    /// quotient `value × 20 / 51` never falls on a half millionth, so this rounds as printf's
    /// `%f` does.
    static func channelPercent(_ value: Int) -> [UInt8] {
        let millionths = (value * 40_000_000 + 51) / 102
        var text = String(millionths / 1_000_000)
        var fraction = String(millionths % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if !fraction.isEmpty { text += "." + fraction }
        return Array((text + "%").utf8)
    }

    /// `rgb(r%,g%,b%)`; the alpha channel is written separately as an opacity.
    mutating func append(color: RGBA) {
        append("rgb(")
        bytes.append(contentsOf: Self.channelPercents[Int(color.r)])
        bytes.append(UInt8(ascii: ","))
        bytes.append(contentsOf: Self.channelPercents[Int(color.g)])
        bytes.append(UInt8(ascii: ","))
        bytes.append(contentsOf: Self.channelPercents[Int(color.b)])
        bytes.append(UInt8(ascii: ")"))
    }

    /// ` fill="rgb(r%,g%,b%)"`, with ` fill-opacity` when the color is translucent.
    mutating func fill(_ color: RGBA) {
        append(" fill=\"")
        append(color: color)
        bytes.append(UInt8(ascii: "\""))
        if color.a < 255 { attribute("fill-opacity", Double(color.a) / 255) }
    }

    /// The stroke's color, width and dashes (caps and joins are left to the caller).
    mutating func stroke(_ stroke: Stroke, color: RGBA? = nil) {
        append(" stroke=\"")
        append(color: color ?? stroke.color)
        bytes.append(UInt8(ascii: "\""))
        if (color ?? stroke.color).a < 255 { attribute("stroke-opacity", Double((color ?? stroke.color).a) / 255) }
        attribute("stroke-width", stroke.width)
        dashes(stroke.dash)
    }

    mutating func dashes(_ dash: [Double]) {
        guard !dash.isEmpty else { return }
        append(" stroke-dasharray=\"")
        for (index, length) in dash.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            append(number: length)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Two numbers as `x y` (path data).
    @inline(__always)
    mutating func point(_ x: Double, _ y: Double) {
        append(number: x)
        bytes.append(UInt8(ascii: " "))
        append(number: y)
    }
}
