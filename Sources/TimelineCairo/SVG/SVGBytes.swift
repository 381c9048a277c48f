import TimelineScene

/// An SVG document being written as UTF-8 bytes, with the number and color formatting SVG output
/// needs. Numbers are formatted here because a `printf`-style formatter would cost more than the
/// rest of writing an SVG.
///
/// Bytes are written through a pointer into storage kept larger than what it holds: an element
/// checks the room once and writes its pieces without an array append each.
struct SVGBytes {
    /// The written bytes, then spare room (never read).
    private var storage: [UInt8]
    /// How many bytes of `storage` are written.
    private(set) var count = 0
    /// What every id written starts with (`SVGIDPrefix`).
    var idPrefix: [UInt8] = []

    init(capacity: Int = 0) { storage = Self.room(max(capacity, 64)) }

    /// `count` bytes not filled in: only what is written is ever read, and filling a document's
    /// megabytes with zeros first costs a pass over them.
    private static func room(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// Fixed text, with no id in it.
    init(_ bytes: [UInt8]) {
        storage = bytes
        count = bytes.count
    }

    /// A copy of the written bytes.
    var bytes: [UInt8] { Array(storage[..<count]) }

    var isEmpty: Bool { count == 0 }

    /// The written bytes, without copying them.
    func withUnsafeBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// Drops what was written from `position` on (a group left empty).
    mutating func truncate(to position: Int) {
        precondition(position >= 0 && position <= count)
        count = position
    }

    /// Writes at most `maxCount` bytes with `body`, which returns how many it wrote.
    @inline(__always)
    mutating func write(maxCount: Int, _ body: (inout SVGCursor) -> Void) {
        if count + maxCount > storage.count { grow(to: count + maxCount) }
        let start = count
        count = storage.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return start }
            var cursor = SVGCursor(base + start)
            body(&cursor)
            return start + cursor.written
        }
    }

    /// Makes room for `extra` more bytes.
    mutating func reserve(_ extra: Int) {
        if count + extra > storage.count { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        var larger = Self.room(max(needed, storage.count * 2))
        larger.withUnsafeMutableBufferPointer { target in
            storage.withUnsafeBufferPointer { source in
                guard let from = source.baseAddress, count > 0 else { return }
                target.baseAddress?.update(from: from, count: count)
            }
        }
        storage = larger
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        write(maxCount: text.utf8CodeUnitCount) { $0.put(text) }
    }

    @inline(__always)
    mutating func append(byte: UInt8) {
        write(maxCount: 1) { $0.put(byte: byte) }
    }

    /// The bytes of `other` in `range` (of its written bytes).
    mutating func append(_ other: SVGBytes, range: Range<Int>) {
        other.withUnsafeBytes { written in
            write(maxCount: range.count) { $0.put(UnsafeBufferPointer(rebasing: written[range])) }
        }
    }

    mutating func append(_ other: [UInt8]) {
        other.withUnsafeBufferPointer { source in
            write(maxCount: source.count) { $0.put(source) }
        }
    }

    /// User text, escaped for XML content and attribute values.
    mutating func append(escaped text: String) {
        var text = text
        text.withUTF8 { source in
            // `&quot;` is the longest replacement: 6 bytes for 1.
            write(maxCount: source.count * 6) { $0.put(escaping: source) }
        }
    }

    /// A non-negative integer in decimal.
    mutating func append(integer value: Int) {
        write(maxCount: 20) { $0.put(integer: value) }
    }

    /// Numbers beyond this are clamped: far outside any drawing, and still exact in fixed point.
    static let largestNumber = 1e12

    /// `value` rounded to 3 decimals, trailing zeros trimmed, never an exponent, never "-0"
    /// (a non-finite value is written as 0).
    mutating func append(number value: Double) {
        write(maxCount: SVGCursor.maxNumberLength) { $0.put(number: value) }
    }

    /// ` name="value"`.
    @inline(__always)
    mutating func attribute(_ name: StaticString, _ value: Double) {
        write(maxCount: name.utf8CodeUnitCount + 4 + SVGCursor.maxNumberLength) { out in
            out.put(byte: UInt8(ascii: " "))
            out.put(name)
            out.put("=\"")
            out.put(number: value)
            out.put(byte: UInt8(ascii: "\""))
        }
    }

    /// Each channel value as a percentage with six decimals at most (`rgb(100%,17.647059%,0%)`),
    /// the form cairo's SVG surface writes, which tools reading SVGs of cairo understand.
    static let channelPercents: [[UInt8]] = (0...255).map(channelPercent)

    /// `value × 100 / 255` rounded to millionths in integers, with no formatter. The exact
    /// quotient `value × 20 / 51` never falls on a half millionth, so this rounds as printf's
    /// `%f` does. Digit by digit, not through `String`: the table is made in the first SVG's
    /// drawing, where strings cost 0.7 M instructions for its 256 entries.
    static func channelPercent(_ value: Int) -> [UInt8] {
        let millionths = (value * 40_000_000 + 51) / 102
        let whole = millionths / 1_000_000
        var bytes: [UInt8] = []
        bytes.reserveCapacity(11)
        if whole >= 100 { bytes.append(digit(whole / 100)) }
        if whole >= 10 { bytes.append(digit(whole / 10 % 10)) }
        bytes.append(digit(whole % 10))
        var fraction = millionths % 1_000_000
        if fraction > 0 { bytes.append(UInt8(ascii: ".")) }
        // Trailing zeros left out: the digits stop where the rest of the fraction is zero.
        var place = 100_000
        while fraction > 0 {
            bytes.append(digit(fraction / place))
            fraction %= place
            place /= 10
        }
        bytes.append(UInt8(ascii: "%"))
        return bytes
    }

    private static func digit(_ value: Int) -> UInt8 { UInt8(ascii: "0") + UInt8(value) }

    /// `rgb(r%,g%,b%)`; the alpha channel is written separately as an opacity.
    mutating func append(color: RGBA) {
        write(maxCount: SVGCursor.maxColorLength) { $0.put(color: color) }
    }

    /// ` fill="rgb(r%,g%,b%)"`, with ` fill-opacity` when the color is translucent.
    mutating func fill(_ color: RGBA) {
        write(maxCount: SVGCursor.maxColorLength + 8) { out in
            out.put(" fill=\"")
            out.put(color: color)
            out.put(byte: UInt8(ascii: "\""))
        }
        if color.a < 255 { attribute("fill-opacity", Double(color.a) / 255) }
    }

    /// The stroke's color, width and dashes (caps and joins are left to the caller).
    mutating func stroke(_ stroke: Stroke, color: RGBA? = nil) {
        let color = color ?? stroke.color
        write(maxCount: SVGCursor.maxColorLength + 10) { out in
            out.put(" stroke=\"")
            out.put(color: color)
            out.put(byte: UInt8(ascii: "\""))
        }
        if color.a < 255 { attribute("stroke-opacity", Double(color.a) / 255) }
        attribute("stroke-width", stroke.width)
        dashes(stroke.dash)
    }

    mutating func dashes(_ dash: [Double]) {
        guard !dash.isEmpty else { return }
        append(" stroke-dasharray=\"")
        for (index, length) in dash.enumerated() {
            if index > 0 { append(byte: UInt8(ascii: ",")) }
            append(number: length)
        }
        append(byte: UInt8(ascii: "\""))
    }

    /// Two numbers as `x y` (path data).
    @inline(__always)
    mutating func point(_ x: Double, _ y: Double) {
        write(maxCount: 2 * SVGCursor.maxNumberLength + 1) { $0.put(point: x, y) }
    }
}
