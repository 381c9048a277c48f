import Foundation
import TimelineModel

/// Which syntax an input is written in.
public enum InputFormat: String, Sendable, CaseIterable {
    case yaml, json

    /// From a file name's extension; nil when it says nothing.
    public init?(fileName: String) {
        switch (fileName as NSString).pathExtension.lowercased() {
        case "yaml", "yml": self = .yaml
        case "json": self = .json
        default: return nil
        }
    }
}

/// Turns YAML or JSON bytes into a `Document`, reporting every problem at once.
public struct DocumentDecoder: Sendable {
    public var limits: Limits

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// - Parameters:
    ///   - file: the name used in messages.
    ///   - baseDirectory: the folder icons and theme files are resolved in (and confined to).
    ///   - theme: a theme that replaces the document's own `theme` (the `--theme` flag).
    public func decode(_ data: Data, file: String, format: InputFormat? = nil, baseDirectory: String,
                       theme: String? = nil) throws(DiagnosticsError) -> Document {
        let start = SourceLocation(file: file, line: 1, column: 1)
        if data.count > limits.maxInputBytes {
            throw DiagnosticsError([Diagnostic(start, "the file is \(data.count) bytes, more than the limit of \(limits.maxInputBytes) (raise with --max-input-bytes)")])
        }
        if data.isEmpty || data.allSatisfy({ $0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09 }) {
            throw DiagnosticsError([Diagnostic(start, "the file is empty; a timeline needs at least 'version: 1' and 'cards'")])
        }
        let bytes = [UInt8](data)
        if String(validating: bytes, as: UTF8.self) == nil {
            throw DiagnosticsError([Diagnostic(Self.locationOfInvalidUTF8(bytes, file: file), "the file is not UTF-8 text")])
        }
        if format == .json {
            try Self.checkStrictJSON(data, file: file)
        }
        let root = try YAMLReader(file: file, limits: limits).read(bytes)
        let context = DecodeContext(file: file, limits: limits)
        let document = DocumentReader(context: context, baseDirectory: baseDirectory, source: file, themeOverride: theme).read(root)
        if !context.diagnostics.isEmpty {
            throw DiagnosticsError(context.diagnostics.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) })
        }
        guard let document else { throw DiagnosticsError([Diagnostic(start, "not a timeline document")]) }
        return document
    }

    /// `.json` files must also satisfy a strict JSON reader, not only YAML's looser rules.
    static func checkStrictJSON(_ data: Data, file: String) throws(DiagnosticsError) {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "invalid JSON"
            var location = SourceLocation(file: file, line: 1, column: 1)
            if let index = (error as NSError).userInfo["NSJSONSerializationErrorIndex"] as? Int {
                location = Self.location(ofByte: index, in: [UInt8](data), file: file)
            }
            throw DiagnosticsError([Diagnostic(location, "JSON syntax error: \(message)")])
        }
    }

    static func location(ofByte offset: Int, in bytes: [UInt8], file: String) -> SourceLocation {
        var line = 1, column = 1
        for byte in bytes.prefix(offset) {
            if byte == 0x0a {
                line += 1
                column = 1
            } else if byte & 0xc0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    static func locationOfInvalidUTF8(_ bytes: [UInt8], file: String) -> SourceLocation {
        var low = 0, high = bytes.count
        // The longest valid prefix, found by bisection (a valid prefix stays valid when shortened
        // at a character boundary, close enough for a pointer at the problem).
        while low < high {
            let middle = (low + high + 1) / 2
            if String(validating: bytes.prefix(middle), as: UTF8.self) != nil { low = middle } else { high = middle - 1 }
        }
        return location(ofByte: low, in: bytes, file: file)
    }
}

extension DocumentDecoder {
    /// An ISO 8601 date or date-time as the format reads it.
    public static func parseDate(_ text: String) -> DateValue? { ValueParsers.date(text) }
}
