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

    /// Text for XML content and attribute values.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default:
                // XML 1.0 forbids most control characters even when escaped.
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Renames every `id="…"` to a per-document sequence (`glyph-0-1` style names keep their
    /// letters, numbers restart), and rewrites `#id` references to match.
    ///
    /// One pass to collect the names and one to copy, each over raw bytes: only a `#` or the
    /// quote of an ` id="` stops the copy, runs between them are appended whole (a card of 1,000
    /// items is a few MB of SVG with tens of thousands of glyph references).
    static func renumberIDs(_ bytes: [UInt8]) -> [UInt8] {
        let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), paren = UInt8(ascii: ")"), space = UInt8(ascii: " ")
        let i = UInt8(ascii: "i"), d = UInt8(ascii: "d"), equals = UInt8(ascii: "=")
        var mapping: [ArraySlice<UInt8>: [UInt8]] = [:]
        var counters: [ArraySlice<UInt8>: Int] = [:]
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var index = 0
            // ` id="`, then the name up to the next quote.
            while index + 4 < count {
                guard buffer[index] == space, buffer[index + 1] == i, buffer[index + 2] == d,
                      buffer[index + 3] == equals, buffer[index + 4] == quote else {
                    index += 1
                    continue
                }
                let start = index + 5
                var end = start
                while end < count, buffer[end] != quote { end += 1 }
                guard end < count else { break }
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
            while position < count {
                let byte = buffer[position]
                position += 1
                // A name follows `id="` (a definition) or `#` (a reference in href or url()).
                let startsName = byte == hash || (byte == quote && position >= 5 && buffer[position - 5] == space
                    && buffer[position - 4] == i && buffer[position - 3] == d && buffer[position - 2] == equals)
                guard startsName else { continue }
                var end = position
                while end < count, buffer[end] != quote, buffer[end] != paren, buffer[end] != space { end += 1 }
                if let renamed = mapping[bytes[position..<end]] {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied..<position]))
                    output.append(contentsOf: renamed)
                    position = end
                    copied = end
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied..<count]))
        }
        return output
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
