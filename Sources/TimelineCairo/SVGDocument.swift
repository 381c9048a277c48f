import Foundation
import TimelineScene

/// Finishes cairo's SVG: ids renumbered per document (cairo counts them per process), an
/// accessible `<title>` and `<desc>`, and `<a>` elements over linked items.
enum SVGDocument {
    static func finish(_ data: Data, scene: Scene, scale: Double) -> Data {
        var bytes = renumberIDs([UInt8](data))
        let head = "<title>\(escape(scene.title))</title>\n<desc>\(escape(scene.description.joined(separator: "\n")))</desc>\n"
        if let open = firstIndex(of: Array("<svg".utf8), in: bytes, from: 0),
           let close = bytes[open...].firstIndex(of: UInt8(ascii: ">")) {
            bytes.insert(contentsOf: Array(("\n" + head).utf8), at: close + 1)
        }
        var links = ""
        for case .link(let link) in scene.nodes {
            let url = escape(link.url)
            links += "<a href=\"\(url)\" xlink:href=\"\(url)\"><rect x=\"\(number(link.rect.x * scale))\" y=\"\(number(link.rect.y * scale))\" width=\"\(number(link.rect.width * scale))\" height=\"\(number(link.rect.height * scale))\" fill=\"#000000\" fill-opacity=\"0\"/></a>\n"
        }
        if !links.isEmpty, let end = lastIndex(of: Array("</svg>".utf8), in: bytes) {
            bytes.insert(contentsOf: Array(links.utf8), at: end)
        }
        return Data(bytes)
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Text for XML content and attribute values. Works on UTF-8 bytes: the characters to escape
    /// or drop are ASCII, apart from U+FFFE and U+FFFF (EF BF BE, EF BF BF).
    static func escape(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "&"): result += Array("&amp;".utf8)
                case UInt8(ascii: "<"): result += Array("&lt;".utf8)
                case UInt8(ascii: ">"): result += Array("&gt;".utf8)
                case UInt8(ascii: "\""): result += Array("&quot;".utf8)
                case UInt8(ascii: "'"): result += Array("&apos;".utf8)
                case UInt8(ascii: "\n"), UInt8(ascii: "\t"): result.append(byte)
                case 0..<0x20: continue // XML 1.0 forbids most control characters even when escaped.
                case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBF && (bytes[index + 1] == 0xBE || bytes[index + 1] == 0xBF):
                    index += 2
                default: result.append(byte)
                }
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Renames every `id="…"` to a per-document sequence (`glyph-0-1` style names keep their
    /// letters, numbers restart), and rewrites `#id` references to match.
    ///
    /// One pass to collect the names and one to copy, both jumping with memchr/memmem from one
    /// ` id="` or `#` to the next and copying the runs between them whole (a card of 1,000 items
    /// is a few MB of SVG with tens of thousands of glyph references).
    static func renumberIDs(_ bytes: [UInt8]) -> [UInt8] {
        let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), paren = UInt8(ascii: ")"), space = UInt8(ascii: " ")
        let marker: [UInt8] = Array(" id=\"".utf8)
        var mapping: [ArraySlice<UInt8>: [UInt8]] = [:]
        var counters: [ArraySlice<UInt8>: Int] = [:]
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            // ` id="`, then the name up to the next quote.
            while let found = find(marker, in: buffer, from: index) {
                let start = found + marker.count
                guard let end = find(quote, in: buffer, from: start) else { break }
                let name = bytes[start..<end]
                if mapping[name] == nil {
                    let prefix = name.prefix { !($0 >= 48 && $0 <= 57) }
                    let number = counters[prefix, default: 0]
                    counters[prefix] = number + 1
                    mapping[name] = Array(prefix) + Array(String(number).utf8)
                }
                index = end
            }
        }
        guard !mapping.isEmpty else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var copied = 0
            var position = 0
            // A name follows `id="` (a definition) or `#` (a reference in href or url()): the
            // index of the next such quote and of the next `#`, both at or after `position`.
            let quoteOffset = marker.count - 1
            var nextHash = find(hash, in: buffer, from: 0) ?? count
            var nextDefinition = find(marker, in: buffer, from: 0).map { $0 + quoteOffset } ?? count
            while case let trigger = min(nextHash, nextDefinition), trigger < count {
                let start = trigger + 1
                var end = start
                while end < count, buffer[end] != quote, buffer[end] != paren, buffer[end] != space { end += 1 }
                if let renamed = mapping[bytes[start..<end]] {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied..<start]))
                    output.append(contentsOf: renamed)
                    copied = end
                    position = end
                } else {
                    position = start
                }
                if nextHash < position { nextHash = find(hash, in: buffer, from: position) ?? count }
                if nextDefinition < position {
                    nextDefinition = find(marker, in: buffer, from: max(0, position - quoteOffset)).map { $0 + quoteOffset } ?? count
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied..<count]))
        }
        return output
    }

    private static func find(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < buffer.count, let base = buffer.baseAddress,
              let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The first `needle` at or after `start`: memchr to each occurrence of its last byte, then
    /// a look back at the bytes before it.
    private static func find(_ needle: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let last = needle.last else { return nil }
        let lead = needle.count - 1
        var from = start + lead
        while let found = find(last, in: buffer, from: from) {
            var matches = true
            for offset in 0..<lead where buffer[found - lead + offset] != needle[offset] {
                matches = false
                break
            }
            if matches { return found - lead }
            from = found + 1
        }
        return nil
    }

    static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = true
                for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    static func lastIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.count - needle.count
        while index >= 0 {
            if Array(haystack[index..<index + needle.count]) == needle { return index }
            index -= 1
        }
        return nil
    }
}
