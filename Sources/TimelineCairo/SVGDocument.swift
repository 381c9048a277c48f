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
    static func renumberIDs(_ bytes: [UInt8]) -> [UInt8] {
        let idMarker = Array(" id=\"".utf8)
        var mapping: [ArraySlice<UInt8>: [UInt8]] = [:]
        var counters: [ArraySlice<UInt8>: Int] = [:]
        var index = 0
        while let found = firstIndex(of: idMarker, in: bytes, from: index) {
            let start = found + idMarker.count
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            let name = bytes[start..<end]
            if mapping[name] == nil {
                let prefix = name.prefix { !($0 >= 48 && $0 <= 57) }
                let count = counters[prefix, default: 0]
                counters[prefix] = count + 1
                mapping[name] = Array(prefix) + Array(String(count).utf8)
            }
            index = end
        }
        guard !mapping.isEmpty else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), paren = UInt8(ascii: ")")
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            output.append(byte)
            position += 1
            // A name follows `id="` (a definition) or `#` (a reference in href or url()).
            let startsDefinition = byte == quote && output.count >= idMarker.count && output.suffix(idMarker.count).elementsEqual(idMarker)
            guard startsDefinition || byte == hash else { continue }
            var end = position
            while end < bytes.count, bytes[end] != quote, bytes[end] != paren, bytes[end] != UInt8(ascii: " ") { end += 1 }
            if let renamed = mapping[bytes[position..<end]] {
                output += renamed
                position = end
            }
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
