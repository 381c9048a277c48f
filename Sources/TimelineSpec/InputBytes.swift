import TimelineModel

/// The one budget every input's bytes go through, whatever their kind (a YAML or JSON document,
/// a Markdown page, a theme file): at most `Limits.maxInputBytes`, no NUL byte, UTF-8 text.
/// Each reader calls `check` before it looks at the text, so a new kind of input cannot skip it.
package enum InputBytes {
    /// Throws the first problem of `bytes`, located in `file`; `kind` names the text expected
    /// ("YAML or JSON", "Markdown").
    package static func check(
        _ bytes: [UInt8], file: String, limits: Limits, kind: String
    ) throws(DiagnosticsError) {
        let start = SourceLocation(file: file, line: 1, column: 1)
        if bytes.count > limits.maxInputBytes {
            throw DiagnosticsError([
                Diagnostic(
                    start,
                    "the file is \(bytes.count) bytes, more than the limit of \(limits.maxInputBytes) (raise with "
                        + "--max-input-bytes)"
                )
            ])
        }
        if let encoding = wideEncoding(bytes) {
            throw DiagnosticsError([
                Diagnostic(start, "the file is \(encoding) text; save it as UTF-8 (the only encoding read)")
            ])
        }
        // Checked before UTF-8 and parsing so a binary file gets one plain message, not a parser's.
        if let nul = bytes.firstIndex(of: 0) {
            throw DiagnosticsError([
                Diagnostic(
                    TextPosition.location(ofByte: nul, in: bytes, file: file),
                    "the file contains a NUL byte; it is binary data, not \(kind) text")
            ])
        }
        if String(validating: bytes, as: UTF8.self) == nil {
            throw DiagnosticsError([
                Diagnostic(
                    locationOfInvalidUTF8(bytes, file: file), "the file is not UTF-8 text (invalid byte sequence here)")
            ])
        }
    }

    /// "UTF-16" or "UTF-32" when the bytes start as text in one of them does (a byte-order
    /// mark, or an ASCII character beside NUL bytes), nil otherwise: such a file is text, not the
    /// binary data its NUL bytes would otherwise suggest.
    static func wideEncoding(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) || bytes.starts(with: [0, 0, 0xFE, 0xFF]) { return "UTF-32" }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16" }
        guard bytes.count >= 4 else { return nil }
        let ascii = { (byte: UInt8) in (0x09...0x7E).contains(byte) }
        if ascii(bytes[0]), bytes[1...3] == [0, 0, 0] { return "UTF-32" }
        if bytes[0...2] == [0, 0, 0], ascii(bytes[3]) { return "UTF-32" }
        if (ascii(bytes[0]) && bytes[1] == 0 && ascii(bytes[2]) && bytes[3] == 0)
            || (bytes[0] == 0 && ascii(bytes[1]) && bytes[2] == 0 && ascii(bytes[3]))
        {
            return "UTF-16"
        }
        return nil
    }

    /// The place of the first byte that is not UTF-8.
    static func locationOfInvalidUTF8(_ bytes: [UInt8], file: String) -> SourceLocation {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return TextPosition.location(ofByte: offset, in: bytes, file: file)
            case .error: return TextPosition.location(ofByte: offset, in: bytes, file: file)
            }
        }
    }
}
