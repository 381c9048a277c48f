import TimelineModel

/// A strict RFC 8259 JSON checker that says where the first violation is.
///
/// Foundation's `JSONSerialization` on Linux accepts trailing commas and reports no position, and
/// YAML reads far more than JSON, so `.json` inputs are checked here first. The scanner keeps an
/// explicit stack instead of recursing, so no nesting depth can overflow it.
enum StrictJSON {
    struct Violation: Error, Equatable {
        /// Byte offset of the offending character.
        var offset: Int
        var message: String
    }

    private enum Expect {
        /// A value; `first` right after `[`, where `]` may close an empty list.
        case value(first: Bool)
        /// A quoted key; `first` right after `{`, where `}` may close an empty object.
        case key(first: Bool)
        case colon
        case commaOrClose
        case end
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    private static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    private static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")

    /// The first violation, or nil when `bytes` is one well-formed JSON value (a leading
    /// byte-order mark is allowed, as the YAML reader allows it).
    static func check(_ bytes: [UInt8]) -> Violation? {
        var scan = Scan(index: bytes.starts(with: TextPosition.byteOrderMark) ? TextPosition.byteOrderMark.count : 0)
        while true {
            while scan.index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[scan.index]) { scan.index += 1 }
            guard scan.index < bytes.count else { return endOfInput(scan) }
            let violation: Violation?
            switch scan.expect {
            case .end:
                let found = describe(bytes, scan.index)
                return Violation(offset: scan.index, message: "unexpected \(found) after the end of the JSON value")
            case .colon:
                guard bytes[scan.index] == UInt8(ascii: ":") else {
                    let found = describe(bytes, scan.index)
                    return Violation(offset: scan.index, message: "expected ':' after the key, found \(found)")
                }
                scan.index += 1
                scan.expect = .value(first: false)
                violation = nil
            case .commaOrClose: violation = commaOrClose(bytes, &scan)
            case .key(let first): violation = key(bytes, &scan, first: first)
            case .value(let first): violation = value(bytes, &scan, first: first)
            }
            if let violation { return violation }
        }
    }

    /// Where the checker is: the next byte, the containers still open and what may come next.
    private struct Scan {
        var index: Int
        var open: [(byte: UInt8, offset: Int)] = []
        var expect = Expect.value(first: false)

        /// What may follow a complete value: a comma or closer inside a container, else nothing.
        var afterValue: Expect { open.isEmpty ? .end : .commaOrClose }

        mutating func close() {
            open.removeLast()
            index += 1
            expect = afterValue
        }
    }

    /// The input ended: fine after the one value, else the container left open or the missing value.
    private static func endOfInput(_ scan: Scan) -> Violation? {
        if case .end = scan.expect { return nil }
        if let last = scan.open.last {
            let closer = last.byte == openBrace ? "}" : "]"
            let opener = last.byte == openBrace ? "{" : "["
            return Violation(
                offset: last.offset, message: "this '\(opener)' is never closed with '\(closer)' (the file ends first)")
        }
        return Violation(offset: scan.index, message: "the file ends where a value was expected")
    }

    /// After a container's element: a comma, or the container's closer.
    private static func commaOrClose(_ bytes: [UInt8], _ scan: inout Scan) -> Violation? {
        let byte = bytes[scan.index]
        let container = scan.open.last?.byte ?? openBracket
        let closer = container == openBrace ? closeBrace : closeBracket
        if byte == UInt8(ascii: ",") {
            scan.index += 1
            scan.expect = container == openBrace ? .key(first: false) : .value(first: false)
        } else if byte == closer {
            scan.close()
        } else {
            let what = container == openBrace ? "'}' after an object member" : "']' after a list element"
            return Violation(
                offset: scan.index, message: "expected ',' or \(what), found \(describe(bytes, scan.index))")
        }
        return nil
    }

    /// An object's key, or its `}` when the object is empty.
    private static func key(_ bytes: [UInt8], _ scan: inout Scan, first: Bool) -> Violation? {
        let byte = bytes[scan.index]
        if byte == closeBrace {
            guard first else {
                return Violation(offset: scan.index, message: "trailing comma before '}' (JSON allows none)")
            }
            scan.close()
        } else if byte == quote {
            if let violation = scanString(bytes, &scan.index) { return violation }
            scan.expect = .colon
        } else {
            let hint = byte == UInt8(ascii: "'") ? " (JSON strings use double quotes)" : ""
            return Violation(
                offset: scan.index,
                message: "expected a key in double quotes, found \(describe(bytes, scan.index))\(hint)")
        }
        return nil
    }

    /// A value, or a list's `]` when the list is empty; a container's opener is pushed.
    private static func value(_ bytes: [UInt8], _ scan: inout Scan, first: Bool) -> Violation? {
        let byte = bytes[scan.index]
        if byte == closeBracket, scan.open.last?.byte == openBracket {
            guard first else {
                return Violation(offset: scan.index, message: "trailing comma before ']' (JSON allows none)")
            }
            scan.close()
            return nil
        }
        switch byte {
        case openBrace, openBracket:
            scan.open.append((byte, scan.index))
            scan.index += 1
            scan.expect = byte == openBrace ? .key(first: true) : .value(first: true)
            return nil
        case quote:
            if let violation = scanString(bytes, &scan.index) { return violation }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            if let violation = scanNumber(bytes, &scan.index) { return violation }
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            if let violation = scanLiteral(bytes, &scan.index) { return violation }
        default:
            let hint = byte == UInt8(ascii: "'") ? " (JSON strings use double quotes)" : ""
            return Violation(
                offset: scan.index, message: "expected a value, found \(describe(bytes, scan.index))\(hint)")
        }
        scan.expect = scan.afterValue
        return nil
    }

    /// A string from its opening quote; `index` ends after the closing quote.
    private static func scanString(_ bytes: [UInt8], _ index: inout Int) -> Violation? {
        let start = index
        index += 1
        while index < bytes.count {
            skipPlainBytes(bytes, &index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == quote {
                index += 1
                return nil
            }
            if byte < 0x20 {
                let name = byte == 0x0A ? "a line break" : byte == 0x09 ? "a tab" : "a control character"
                return Violation(
                    offset: index, message: "\(name) inside a string; write it as an escape (\\n, \\t, \\u00XX)")
            }
            if byte == backslash {
                guard index + 1 < bytes.count else { break }
                let escaped = bytes[index + 1]
                if Array("\"\\/bfnrt".utf8).contains(escaped) {
                    index += 2
                } else if escaped == UInt8(ascii: "u") {
                    let digits = bytes[min(index + 2, bytes.count)..<min(index + 6, bytes.count)]
                    guard digits.count == 4, digits.allSatisfy({ Character(UnicodeScalar($0)).isHexDigit }) else {
                        return Violation(offset: index, message: "'\\u' must be followed by four hex digits")
                    }
                    index += 6
                } else {
                    return Violation(
                        offset: index, message: "\\\(describePlain(bytes, index + 1)) is not a JSON escape")
                }
                continue
            }
            index += 1
        }
        return Violation(offset: start, message: "this string is never closed with '\"'")
    }

    /// Moves `index` past the bytes a string holds as they are: not a quote, a backslash or a
    /// control character.
    private static func skipPlainBytes(_ bytes: [UInt8], _ index: inout Int) {
        bytes.withUnsafeBufferPointer { buffer in
            var at = index
            while at < buffer.count {
                let byte = buffer[at]
                if byte < 0x20 || byte == quote || byte == backslash { break }
                at += 1
            }
            index = at
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private static func scanNumber(_ bytes: [UInt8], _ index: inout Int) -> Violation? {
        let start = index
        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        func digits() -> Bool {
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
            return true
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { return Violation(offset: start, message: "numbers may not start with 0 in JSON") }
        } else if !digits() {
            return Violation(offset: start, message: "'-' must be followed by digits")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if !digits() { return Violation(offset: index, message: "a decimal point must be followed by digits") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            if !digits() { return Violation(offset: index, message: "an exponent must be followed by digits") }
        }
        return nil
    }

    private static func scanLiteral(_ bytes: [UInt8], _ index: inout Int) -> Violation? {
        for word in ["true", "false", "null"] where bytes[index...].starts(with: word.utf8) {
            index += word.utf8.count
            return nil
        }
        return Violation(offset: index, message: "expected a value, found \(describe(bytes, index))")
    }

    /// The character at `index` for a message: quoted when printable, by code otherwise.
    private static func describe(_ bytes: [UInt8], _ index: Int) -> String {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F {
            let hex = String(byte, radix: 16, uppercase: true)
            return "a control character (0x\(hex.count == 1 ? "0" + hex : hex))"
        }
        return "'\(describePlain(bytes, index))'"
    }

    private static func describePlain(_ bytes: [UInt8], _ index: Int) -> String {
        guard index < bytes.count else { return "" }
        let prefix = bytes[index..<min(index + 4, bytes.count)]
        return MessageText.escaped(String(String(decoding: prefix, as: UTF8.self).prefix(1)))
    }
}
