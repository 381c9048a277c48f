import CDeflate

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every id of an SVG starts with a prefix of its own, so that two images inlined in one HTML
/// page do not draw each other's glyphs: the image's name (its card id) and a hash of its bytes.
/// The same input still gives the same bytes, and two different cards get different prefixes.
///
/// While a document is written, `marker` stands where the prefix goes; joining the document
/// puts the prefix in its place. The marker is a control character, which no text of the
/// document holds: `SVGCursor.put(escaping:)` drops them from user text.
enum SVGIDPrefix {
    fileprivate static let marker: UInt8 = 0x01

    /// `name` reduced to characters an XML id may hold (others become `_`, at most 40 of them),
    /// then `-`, the CRC-32 of `parts` in hex, and `-`.
    static func prefix(name: String, hashing parts: [SVGBytes]) -> [UInt8] {
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
        var crc: UInt32 = 0
        for part in parts {
            crc = part.withUnsafeBytes { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
        }
        prefix.append(UInt8(ascii: "-"))
        let digits = Array("0123456789abcdef".utf8)
        for shift in stride(from: 28, through: 0, by: -4) { prefix.append(digits[Int((crc >> UInt32(shift)) & 0xF)]) }
        prefix.append(UInt8(ascii: "-"))
        return prefix
    }

    /// `pieces` joined, each marker replaced by `prefix`, written straight into `Data` of the
    /// final size, since a large card's SVG is tens of megabytes. The stretches between markers
    /// are found with memchr and copied whole, as there are dozens of markers per item. `pieces` count their markers;
    /// the copy stops at the buffer's end whatever they say.
    static func join(_ pieces: [SVGBytes], replacingMarkersWith prefix: [UInt8]) -> Data {
        let size = pieces.reduce(0) { $0 + $1.count + $1.markers * max(0, prefix.count - 1) }
        var data = Data(count: size)
        var count = 0
        data.withUnsafeMutableBytes { buffer in
            guard let out = buffer.bindMemory(to: UInt8.self).baseAddress else { return }
            func copy(_ from: UnsafePointer<UInt8>, _ length: Int) {
                let length = min(length, size - count)
                guard length > 0 else { return }
                (out + count).update(from: from, count: length)
                count += length
            }
            for piece in pieces {
                piece.withUnsafeBytes { source in
                    guard let base = source.baseAddress else { return }
                    var start = 0
                    while start < source.count, let found = memchr(base + start, Int32(marker), source.count - start) {
                        let index = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
                        copy(base + start, index - start)
                        prefix.withUnsafeBufferPointer { if let prefix = $0.baseAddress { copy(prefix, $0.count) } }
                        start = index + 1
                    }
                    copy(base + start, source.count - start)
                }
            }
        }
        data.count = count
        return data
    }
}

extension SVGBytes {
    /// An id of this document: where its prefix goes, then `name` and `number` (`g12`).
    @inline(__always)
    mutating func id(_ name: StaticString, _ number: Int? = nil) {
        markers += 1
        write(maxCount: name.utf8CodeUnitCount + 21) { out in out.putID(name, number) }
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
    /// An id (`SVGBytes.id`), whose marker the caller counts: at most `name`'s length + 21 bytes.
    @inline(__always)
    mutating func putID(_ name: StaticString, _ number: Int?) {
        put(byte: SVGIDPrefix.marker)
        put(name)
        if let number { put(integer: number) }
    }
}
