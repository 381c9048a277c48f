import TimelineTestSupport
import XCTest

@testable import TimelineCairo

/// The SVG writer's number formatting and escaping (#48: rounding without libm's `round`, digits
/// two at a time, runs of plain text copied at once) write what the simpler code before them
/// wrote: seeded values of every kind, each compared with a reference kept here.
final class SVGFormattingPropertyTests: XCTestCase {
    private func formatted(_ value: Double) -> String {
        var out = SVGBytes()
        out.append(number: value)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The formatter as it was: `rounded()` of the clamped value in thousandths, then the
    /// integer part, a point and the fraction's digits without trailing zeros; never "-0".
    private func referenceNumber(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let clamped = min(max(value, -SVGBytes.largestNumber), SVGBytes.largestNumber)
        let signed = Int64((clamped * 1000).rounded())
        if signed == 0 { return "0" }
        let magnitude = signed.magnitude
        var text = (signed < 0 ? "-" : "") + String(magnitude / 1000)
        var fraction = String(magnitude % 1000)
        guard fraction != "0" else { return text }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        text += "." + fraction
        return text
    }

    /// Values near the halves of thousandths, powers of ten, the clamp, tiny and huge values,
    /// random bit patterns (NaN, infinities, subnormals) and ordinary coordinates, both signs.
    private func seededValues(count: Int) -> [Double] {
        var generator = SeededGenerator(seed: 48)
        var values: [Double] = [
            0, -0.0, 0.0005, -0.0005, 0.0004999, 0.00049999999999999995, 1e-300, .leastNonzeroMagnitude,
            .leastNormalMagnitude,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan, 1e12, -1e12,
            1e12 - 0.0005, 999_999_999_999.9995, 9_007_199_254.740_992, 0.1 + 0.2, 2.675, 1.0005, 1.0015,
        ]
        var power = 1.0
        for _ in 0..<16 {
            values += [power, -power, power - 0.0005, power + 0.0005, power.nextUp, power.nextDown]
            power *= 10
        }
        for _ in 0..<count {
            let half = (Double(Int.random(in: -10_000_000...10_000_000, using: &generator)) + 0.5) / 1000
            values += [half, half.nextUp, half.nextDown]
            values.append(Double(bitPattern: generator.next()))
            values.append(Double.random(in: -5_000...60_000, using: &generator))
            values.append(Double(Int.random(in: -2_000_000...2_000_000, using: &generator)) / 1024)
            let exponent = Double.random(in: -12...16, using: &generator)
            values.append(
                (Bool.random(using: &generator) ? 1 : -1) * Double.random(in: 1..<10, using: &generator)
                    * pow10(exponent))
        }
        return values
    }

    private func pow10(_ exponent: Double) -> Double {
        var result = 1.0
        var rest = Int(exponent.rounded(.down))
        let step: Double = rest < 0 ? 0.1 : 10
        rest = abs(rest)
        for _ in 0..<rest { result *= step }
        return result
    }

    func testNumbersMatchTheFormerFormatterOnSeededValues() {
        var mismatches: [String] = []
        for value in seededValues(count: 20_000) where formatted(value) != referenceNumber(value) {
            mismatches.append("\(value.bitPattern): \(formatted(value)) != \(referenceNumber(value))")
        }
        XCTAssertEqual(mismatches.prefix(10), [], "\(mismatches.count) mismatches")
    }

    func testNumbersAtTheEdges() {
        XCTAssertEqual(formatted(-0.0), "0")
        XCTAssertEqual(formatted(-0.0005), "-0.001", "a half rounds away from zero")
        XCTAssertEqual(formatted(0.0005), "0.001")
        XCTAssertEqual(formatted(-0.00049), "0", "never -0")
        XCTAssertEqual(formatted(1.0005), "1.001")
        XCTAssertEqual(formatted(2.675), "2.675")
        XCTAssertEqual(formatted(99_999.9995), "100000")
        XCTAssertEqual(formatted(-1e15), "-1000000000000")
        XCTAssertEqual(formatted(123_456_789.012), "123456789.012")
        XCTAssertEqual(formatted(.leastNonzeroMagnitude), "0")
        XCTAssertEqual(formatted(-.nan), "0")
    }

    /// The escaping as it was: byte by byte through one switch.
    private func referenceEscaped(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < text.count {
            let byte = text[index]
            index += 1
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case UInt8(ascii: "\""): out += Array("&quot;".utf8)
            case UInt8(ascii: "'"): out += Array("&apos;".utf8)
            case UInt8(ascii: "\n"), UInt8(ascii: "\t"): out.append(byte)
            case 0..<0x20: continue
            case 0xEF
            where index + 1 < text.count && text[index] == 0xBF
                && (text[index + 1] == 0xBE || text[index + 1] == 0xBF):
                index += 2
            default: out.append(byte)
            }
        }
        return out
    }

    func testEscapingMatchesTheFormerByteByByteEscaping() {
        let pieces = [
            "a", "Milestone 12", " ", "&", "<", ">", "\"", "'", "\n", "\t", "\r", "\u{1}", "\u{1F}", "\u{7F}", "?",
            "@", "—", "é", "里程碑", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{FEFF}", "\u{EFBF}", "\u{F000}", "\u{FFBF}",
            "🎉", ";",
        ]
        var generator = SeededGenerator(seed: 4_812)
        for round in 0..<5_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let text = (0..<length).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            var out = SVGBytes()
            out.append(escaped: text)
            XCTAssertEqual(out.bytes, referenceEscaped(Array(text.utf8)), "round \(round): \(text.debugDescription)")
        }
    }

    /// Any bytes, not only UTF-8: a text cut after EF or EF BF, bytes of every value.
    func testEscapingRawBytesMatchesTheFormerEscaping() {
        let interesting: [UInt8] =
            [0x00, 0x09, 0x0A, 0x1F, 0x20, 0x22, 0x26, 0x27, 0x3C, 0x3E, 0x3F, 0x40, 0x7F]
            + [0x80, 0xBE, 0xBF, 0xEF, 0xEF, 0xFF, UInt8(ascii: "a")]
        var generator = SeededGenerator(seed: 4_813)
        for round in 0..<5_000 {
            let length = Int.random(in: 0...20, using: &generator)
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator)
                    ? interesting.randomElement(using: &generator) ?? 0 : UInt8.random(in: 0...255, using: &generator)
            }
            var out = SVGBytes()
            bytes.withUnsafeBufferPointer { source in out.write(maxCount: source.count * 6) { $0.put(escaping: source) }
            }
            XCTAssertEqual(out.bytes, referenceEscaped(bytes), "round \(round): \(bytes)")
        }
    }
}
