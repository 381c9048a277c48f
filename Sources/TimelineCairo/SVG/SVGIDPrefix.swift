import CZlib

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every id of an SVG starts with a prefix of its own, so that two images inlined in one HTML
/// page do not draw each other's glyphs: the image's name (its card id) and a hash of what it is
/// drawn from (what the card shows and the options, `inputHash`, and the scale). Known before the document
/// is written, it is written with each id. The same input still gives the same bytes, and two
/// different cards get different prefixes.
enum SVGIDPrefix {
    /// `name` reduced to characters an XML id may hold (others become `_`, at most 40 of them),
    /// then `-`, the CRC-32 of `inputHash` and `scale` in hex, and `-`.
    static func prefix(name: String, inputHash: UInt32, scale: Double) -> [UInt8] {
        var prefix: [UInt8] = []
        for byte in name.utf8.prefix(40) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                prefix.append(byte)
            default:
                prefix.append(UInt8(ascii: "_"))
            }
        }
        // An id starts with a letter or an underscore.
        if let first = prefix.first, !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20),
            first != UInt8(ascii: "_")
        {
            prefix.insert(UInt8(ascii: "_"), at: 0)
        }
        if prefix.isEmpty { prefix = Array("svg".utf8) }
        let hashed =
            (0..<4).map { UInt8(truncatingIfNeeded: inputHash >> ($0 * 8)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: scale.bitPattern >> ($0 * 8)) }
        let crc = UInt32(crc32(0, hashed, UInt32(hashed.count)))
        prefix.append(UInt8(ascii: "-"))
        let digits = Array("0123456789abcdef".utf8)
        for shift in stride(from: 28, through: 0, by: -4) { prefix.append(digits[Int((crc >> UInt32(shift)) & 0xF)]) }
        prefix.append(UInt8(ascii: "-"))
        return prefix
    }
}

extension SceneRenderer {
    /// The CRC-32 of an input (what a card shows: `lines`, joined by newlines) and then of the
    /// options it is rendered with, which its SVGs' ids are prefixed with a hash of
    /// (`SVGIDPrefix`). Line by line, never joined: a thousand rows' description is 80 KB that a
    /// render would copy twice on its text thread's path for nothing.
    public static func inputHash(lines: [String], options: String) -> UInt32 {
        var crc: uLong = 0
        for index in lines.indices {
            if index > 0 { crc = CZlib.crc32(crc, [UInt8(ascii: "\n")], 1) }
            crc = continued(crc, over: lines[index])
        }
        return UInt32(continued(crc, over: options))
    }

    /// `crc` continued over `text`'s UTF-8. An empty text adds nothing (zlib reads a null buffer
    /// as a request for the initial value).
    private static func continued(_ crc: uLong, over text: String) -> uLong {
        var text = text
        return text.withUTF8 { $0.isEmpty ? crc : CZlib.crc32(crc, $0.baseAddress, UInt32($0.count)) }
    }
}

extension SVGBytes {
    /// An id of this document: its prefix, then `name` and `number` (`g12`).
    @inline(__always)
    mutating func id(_ name: StaticString, _ number: Int? = nil) {
        let prefix = idPrefix
        write(maxCount: prefix.count + name.utf8CodeUnitCount + 21) { out in out.putID(prefix, name, number) }
    }

    /// ` href="#id" xlink:href="#id"`: SVG 2's reference, and SVG 1.1's that Inkscape 1.2 and
    /// older librsvg read only.
    @inline(__always)
    mutating func references(_ name: StaticString, _ number: Int) {
        append(" href=\"#")
        id(name, number)
        append("\" xlink:href=\"#")
        id(name, number)
        append("\"")
    }
}

extension SVGCursor {
    /// An id: `prefix`, then at most `name`'s length + 21 bytes.
    @inline(__always)
    mutating func putID(_ prefix: [UInt8], _ name: StaticString, _ number: Int?) {
        prefix.withUnsafeBufferPointer { put($0) }
        put(name)
        if let number { put(integer: number) }
    }
}
