import TimelineModel

/// Reads a JSON document that `StrictJSON.check` accepted into the tree `YAMLReader` builds from
/// it (JSON is YAML): the same nodes, places (lines, and columns in characters) and problems, in
/// one pass instead of libyaml's scanner, parser and events.
///
/// Where YAML 1.1 (libyaml) reads JSON text differently, JSON's reading wins: a raw U+0085, U+2028
/// or U+2029 in a string is that character (libyaml folds them as line breaks), and a `\u` escape
/// pair of surrogates is the one character it encodes (libyaml refuses it). A lone surrogate
/// encodes no character: it is reported where it is written and read as U+FFFD.
struct JSONReader {
    var file: String
    var limits: Limits

    func read(_ bytes: [UInt8]) throws(DiagnosticsError) -> YAMLReader.Result {
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
            case 0x0A, 0x0D:
                // CRLF, LF or a lone CR: one line break.
                index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                line += 1
                column = 0
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                try tree.startCollection(
                    mapping: byte == UInt8(ascii: "{"), line: line, column: column + 1, anchor: nil)
                index += 1
                column += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                tree.endCollection()
                index += 1
                column += 1
            case UInt8(ascii: "\""):
                let string = Self.string(bytes, from: index)
                try Self.add(string, line: line, column: column + 1, to: &tree)
                index = string.end
                column += string.characters
            default:
                // A number, true, false or null: plain scalars, ASCII to the next delimiter.
                var end = index
                while end < bytes.count, !Self.delimiters.contains(bytes[end]) { end += 1 }
                guard end > index else {
                    throw tree.failure(line: line, column: column + 1, "JSON syntax error: unexpected character")
                }
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                try tree.add(
                    YAMLNode(.scalar(text, plain: true), line: line, column: column + 1), line: line, column: column + 1
                )
                column += end - index
                index = end
            }
        }
        guard let root = tree.root else {
            throw DiagnosticsError([
                Diagnostic(SourceLocation(file: file, line: 1, column: 1), DocumentDecoder.emptyMessage)
            ])
        }
        return YAMLReader.Result(root: root, diagnostics: tree.problems)
    }

    /// A quoted string's node at its opening quote; each lone surrogate is reported where it is written.
    private static func add(
        _ string: StringToken, line: Int, column: Int, to tree: inout NodeTreeBuilder
    ) throws(DiagnosticsError) {
        for (offset, code) in string.loneSurrogates {
            tree.report(
                line: line, column: column + offset,
                "the escape \\u\(String(code, radix: 16, uppercase: true)) is half of a surrogate pair without "
                    + "its other half; it encodes no character"
            )
        }
        try tree.add(
            YAMLNode(.scalar(string.value, plain: false), line: line, column: column), line: line, column: column)
    }

    private static let delimiters: Set<UInt8> = [
        0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: ":"),
        UInt8(ascii: "]"), UInt8(ascii: "}"),
    ]

    struct StringToken {
        var value: String
        /// The index after the closing quote.
        var end: Int
        /// Length in characters, quotes included.
        var characters: Int
        /// `\u` escapes of unpaired surrogates: characters from the opening quote, and the code.
        var loneSurrogates: [(offset: Int, code: UInt32)] = []
    }

    /// The string starting with the quote at `start` (checked by `StrictJSON`: closed, with valid
    /// escapes and no raw control characters).
    static func string(_ bytes: [UInt8], from start: Int) -> StringToken {
        var index = start + 1
        var characters = 2
        var decoded: [UInt8]?
        var runStart = index
        var loneSurrogates: [(offset: Int, code: UInt32)] = []
        while index < bytes.count {
            skipPlainBytes(bytes, &index, characters: &characters)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let value: String
                if var decoded {
                    decoded += bytes[runStart..<index]
                    value = String(decoding: decoded, as: UTF8.self)
                } else {
                    value = String(decoding: bytes[runStart..<index], as: UTF8.self)
                }
                return StringToken(value: value, end: index + 1, characters: characters, loneSurrogates: loneSurrogates)
            }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
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
                    let code = hexEscape(bytes, at: index) ?? 0xFFFD
                    var scalar = Unicode.Scalar(code)
                    width = 6
                    if (0xD800...0xDBFF).contains(code), let low = hexEscape(bytes, at: index + 6),
                        (0xDC00...0xDFFF).contains(low)
                    {
                        scalar = Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
                        width = 12
                    } else if (0xD800...0xDFFF).contains(code) {
                        loneSurrogates.append((characters - 1, code))
                    }
                    out += Array(String(Character(scalar ?? "\u{FFFD}")).utf8)
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
        return StringToken(
            value: String(decoding: bytes[(start + 1)...], as: UTF8.self), end: bytes.count,
            characters: characters, loneSurrogates: loneSurrogates)
    }

    /// Moves `index` to the next quote or backslash (or the end), counting the characters passed:
    /// the bytes that start one.
    private static func skipPlainBytes(_ bytes: [UInt8], _ index: inout Int, characters: inout Int) {
        bytes.withUnsafeBufferPointer { buffer in
            var at = index
            var count = characters
            while at < buffer.count {
                let byte = buffer[at]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
                if byte & 0xC0 != 0x80 { count += 1 }
                at += 1
            }
            index = at
            characters = count
        }
    }

    /// The code of the `\uXXXX` escape whose backslash is at `index`.
    private static func hexEscape(_ bytes: [UInt8], at index: Int) -> UInt32? {
        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
            return nil
        }
        var code: UInt32 = 0
        for byte in bytes[index + 2..<index + 6] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            code = code << 4 | UInt32(digit)
        }
        return code
    }
}
