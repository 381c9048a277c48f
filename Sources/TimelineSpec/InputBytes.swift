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
                Diagnostic(locationOfInvalidUTF8(bytes, file: file), "the file is not UTF-8 text (invalid byte sequence here)")
            ])
        }
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
