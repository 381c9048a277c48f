import TimelineModel

/// Reads a JSON document that `StrictJSON.check` accepted into the tree `YAMLReader` builds from
/// it (JSON is YAML): the same nodes, places (lines, and columns in characters) and problems, in
/// one pass instead of libyaml's scanner, parser and events, a third of the cost of a big input.
///
/// Where YAML reads JSON text differently, the document is left to libyaml (`read` gives nil):
/// a raw U+0085, U+2028 or U+2029 (line breaks to YAML, folded inside strings), a carriage return
/// not followed by a line feed, and `\u` escapes of surrogates (libyaml refuses them).
struct JSONReader {
    var file: String
    var limits: Limits

    func read(_ bytes: [UInt8]) throws(DiagnosticsError) -> YAMLReader.Result? {
        var tree = NodeTreeBuilder(file: file, limits: limits)
        var index = bytes.starts(with: TextPosition.byteOrderMark) ? TextPosition.byteOrderMark.count : 0
        var line = 1
        /// Characters before `index` on its line.
        var column = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, UInt8(ascii: ","), UInt8(ascii: ":"):
                index += 1
                column += 1
            case 0x0A:
                index += 1
                line += 1
                column = 0
            case 0x0D:
                guard index + 1 < bytes.count, bytes[index + 1] == 0x0A else { return nil }
                index += 2
                line += 1
                column = 0
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                try tree.startCollection(mapping: byte == UInt8(ascii: "{"), line: line, column: column + 1, anchor: nil)
                index += 1
                column += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                tree.endCollection()
                index += 1
                column += 1
            case UInt8(ascii: "\""):
                guard let (value, end, characters) = Self.string(bytes, from: index) else { return nil }
                try tree.add(YAMLNode(.scalar(value, plain: false), line: line, column: column + 1), line: line, column: column + 1)
                index = end
                column += characters
            default:
                // A number, true, false or null: plain scalars, ASCII to the next delimiter.
                var end = index
                while end < bytes.count, !Self.delimiters.contains(bytes[end]) { end += 1 }
                guard end > index else { return nil }
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                try tree.add(YAMLNode(.scalar(text, plain: true), line: line, column: column + 1), line: line, column: column + 1)
                column += end - index
                index = end
            }
        }
        guard let root = tree.root else { return nil }
        return YAMLReader.Result(root: root, diagnostics: tree.problems)
    }

    private static let delimiters: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: ":"),
                                                 UInt8(ascii: "]"), UInt8(ascii: "}")]

    /// The string starting with the quote at `start`: its value, the index after its closing
    /// quote and its length in characters, quotes included; nil for what is left to libyaml.
    private static func string(_ bytes: [UInt8], from start: Int) -> (String, Int, Int)? {
        var index = start + 1
        var characters = 2
        var decoded: [UInt8]?
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let value: String
                if var decoded {
                    decoded += bytes[runStart..<index]
                    value = String(decoding: decoded, as: UTF8.self)
                } else {
                    value = String(decoding: bytes[runStart..<index], as: UTF8.self)
                }
                return (value, index + 1, characters)
            }
            if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 { return nil }
            if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 { return nil }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count else { return nil }
                var out = decoded ?? []
                out += bytes[runStart..<index]
                let escaped = bytes[index + 1]
                var width = 2
                switch escaped {
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard index + 6 <= bytes.count,
                          let code = UInt32(String(decoding: bytes[index + 2..<index + 6], as: UTF8.self), radix: 16),
                          let scalar = Unicode.Scalar(code) else { return nil } // surrogates have no scalar
                    out += Array(String(Character(scalar)).utf8)
                    width = 6
                default: out.append(escaped) // \" \\ \/
                }
                decoded = out
                index += width
                characters += width
                runStart = index
                continue
            }
            if byte & 0xC0 != 0x80 { characters += 1 }
            index += 1
        }
        return nil
    }
}
