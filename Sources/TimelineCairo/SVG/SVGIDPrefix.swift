import CDeflate
import Dispatch

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
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
    /// are found with memchr and copied whole, as there are dozens of markers per item. With
    /// `threads` > 1, a large document's pieces are joined on two threads, each piece into its
    /// own place. `pieces` count their markers; each piece's copy stops at the end of its place
    /// whatever they say.
    static func join(_ pieces: [SVGBytes], replacingMarkersWith prefix: [UInt8], threads: Int = 1) -> Data {
        let places = pieces.map { $0.count + $0.markers * max(0, prefix.count - 1) }
        let size = places.reduce(0, +)
        // Every byte is written below, or left out by `compact`.
        var data = Data(count: size)
        var written = [Int](repeating: 0, count: pieces.count)
        written.withUnsafeMutableBufferPointer { written in
            data.withUnsafeMutableBytes { buffer in
                guard let out = buffer.bindMemory(to: UInt8.self).baseAddress else { return }
                let target = JoinTarget(start: out, written: written)
                let starts = places.indices.map { places[..<$0].reduce(0, +) }
                let split = splitIndex(places)
                let halves = threads > 1 && size >= parallelBytes && split > 0 && split < pieces.count
                Lanes.perform(iterations: halves ? 2 : 1) { half in
                    let range = halves ? (half == 0 ? 0..<split : split..<pieces.count) : pieces.indices
                    for index in range {
                        target.written[index] = copy(
                            pieces[index], replacingMarkersWith: prefix, into: target.start + starts[index],
                            room: places[index])
                    }
                }
            }
        }
        if written != places { compact(&data, written: written, places: places) }
        return data
    }

    /// Below this many bytes, a second thread costs more than it saves.
    static let parallelBytes = 1 << 20

    /// The first piece of the second half, by size.
    private static func splitIndex(_ places: [Int]) -> Int {
        let total = places.reduce(0, +)
        var best = 0
        var bestGap = total
        var sum = 0
        for (index, place) in places.enumerated() {
            sum += place
            if abs(2 * sum - total) < bestGap {
                best = index + 1
                bestGap = abs(2 * sum - total)
            }
        }
        return best
    }

    /// Copies `piece` into `room` bytes at `out`, each marker replaced by `prefix`; returns how
    /// many bytes it wrote.
    private static func copy(
        _ piece: SVGBytes, replacingMarkersWith prefix: [UInt8], into out: UnsafeMutablePointer<UInt8>, room: Int
    ) -> Int {
        var count = 0
        forEachStretch(of: piece, replacingMarkersWith: prefix, room: room) { from, length in
            (out + count).update(from: from, count: length)
            count += length
        }
        return count
    }

    /// Hands `body` the stretches of `piece`, each marker replaced by `prefix`, in order, until
    /// `room` bytes are handed: the stretches between markers found with memchr, whole.
    private static func forEachStretch(
        of piece: SVGBytes, replacingMarkersWith prefix: [UInt8], room: Int,
        _ body: (UnsafePointer<UInt8>, Int) -> Void
    ) {
        var count = 0
        prefix.withUnsafeBufferPointer { prefix in
            piece.withUnsafeBytes { source in
                guard let base = source.baseAddress else { return }
                func hand(_ from: UnsafePointer<UInt8>?, _ length: Int) {
                    let length = min(length, room - count)
                    guard length > 0, let from else { return }
                    body(from, length)
                    count += length
                }
                var start = 0
                while start < source.count, let found = memchr(base + start, Int32(marker), source.count - start) {
                    let index = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
                    hand(base + start, index - start)
                    hand(prefix.baseAddress, prefix.count)
                    start = index + 1
                }
                hand(base + start, source.count - start)
            }
        }
    }

    /// The bytes `join` gives, handed to `write` in chunks of at most `chunkSize` through one
    /// buffer, for a document written to a file: the joined document is never in memory whole.
    /// Stops at the first chunk `write` refuses; returns whether every chunk was taken.
    static func stream(
        _ pieces: [SVGBytes], replacingMarkersWith prefix: [UInt8], chunkSize: Int = streamChunk,
        to write: (UnsafeRawBufferPointer) -> Bool
    ) -> Bool {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkSize)
        defer { buffer.deallocate() }
        var filled = 0
        var refused = false
        func flush() {
            if filled > 0, !refused { refused = !write(UnsafeRawBufferPointer(start: buffer, count: filled)) }
            filled = 0
        }
        for piece in pieces {
            let room = piece.count + piece.markers * max(0, prefix.count - 1)
            forEachStretch(of: piece, replacingMarkersWith: prefix, room: room) { from, length in
                var from = from
                var left = length
                while left > 0, !refused {
                    if filled == chunkSize { flush() }
                    let taken = min(left, chunkSize - filled)
                    (buffer + filled).update(from: from, count: taken)
                    filled += taken
                    from += taken
                    left -= taken
                }
            }
            if refused { return false }
        }
        flush()
        return !refused
    }

    /// The chunks a document is written to a file in: small enough to stay in the core's cache,
    /// large enough that writing costs few system calls.
    static let streamChunk = 256 << 10

    /// Moves the pieces together when one wrote less than its place.
    private static func compact(_ data: inout Data, written: [Int], places: [Int]) {
        var joined = Data(capacity: written.reduce(0, +))
        var offset = 0
        for (count, place) in zip(written, places) {
            joined.append(data[offset..<offset + count])
            offset += place
        }
        data = joined
    }
}

/// Where `join` writes: the document's bytes and each piece's count, each written by one thread.
private struct JoinTarget: @unchecked Sendable {
    let start: UnsafeMutablePointer<UInt8>
    let written: UnsafeMutableBufferPointer<Int>
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
