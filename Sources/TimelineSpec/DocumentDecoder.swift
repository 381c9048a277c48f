import TimelineModel

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which syntax an input is written in.
public enum InputFormat: String, Sendable, CaseIterable {
    /// YAML 1.2 (through libyaml), the default.
    case yaml
    /// Strict JSON (RFC 8259), with its places and problems counted as editors count them.
    case json
    /// A Mermaid `timeline` diagram (`.mmd`), read into the document it draws.
    case mermaid

    /// What standard input holds, when nothing says: JSON when its first character other than
    /// white space (and a byte-order mark) opens an object or a list, so the strict JSON rules
    /// apply to it; YAML otherwise.
    public init(sniffing bytes: some Collection<UInt8>) {
        let body =
            bytes.starts(with: TextPosition.byteOrderMark)
            ? bytes.dropFirst(TextPosition.byteOrderMark.count) : bytes[...]
        let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            self = .json
        } else {
            // A Mermaid timeline starts with `timeline` past its front matter, directives and comments.
            let start = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
            self = MermaidTimelineReader.isTimeline(start) ? .mermaid : .yaml
        }
    }

    /// From a file name's extension; nil when it says nothing.
    public init?(fileName: String) {
        switch PathName.fileExtension(of: fileName).lowercased() {
        case "yaml", "yml": self = .yaml
        case "json": self = .json
        case "mmd", "mermaid": self = .mermaid
        default: return nil
        }
    }
}

/// Turns YAML or JSON bytes into a `Document`, reporting every problem at once.
public struct DocumentDecoder: Sendable {
    public var limits: Limits
    /// Why an icon that passed the size and header checks cannot be drawn (nil when it can):
    /// the renderer's own decoding, injected so that decoding needs no image library and still
    /// reports undrawable icons with every other problem.
    public var iconCheck: (@Sendable (IconFile) -> String?)?

    public init(limits: Limits = Limits(), iconCheck: (@Sendable (IconFile) -> String?)? = nil) {
        self.limits = limits
        self.iconCheck = iconCheck
    }

    /// - Parameters:
    ///   - file: the name used in messages.
    ///   - baseDirectory: the folder icons and theme files are resolved in (and confined to).
    ///   - theme: a theme that replaces the document's own `theme` (the `--theme` flag).
    ///   - now: "today", over the document's `now` (the `--now` flag).
    ///   - locale: the locale of dates and labels, over the document's and cards' (`--locale`).
    ///   - timeZone: the UTC offset or zone name dates are shown in, over the document's (`--time-zone`).
    public func decode(
        _ data: Data, file: String, format: InputFormat? = nil, baseDirectory: String,
        theme: String? = nil, now: DateValue? = nil, locale: String? = nil, timeZone: String? = nil
    ) throws(DiagnosticsError) -> Document {
        let start = SourceLocation(file: file, line: 1, column: 1)
        let read = try readTree([UInt8](data), file: file, format: format)
        if read.root.isNull {
            // `null` or `~` written out is not called empty; a document of nothing (`---`) is.
            let written = !(read.root.scalar ?? "").isEmpty
            let message =
                written ? "the document is null; a timeline needs at least 'version: 1' and 'cards'" : Self.emptyMessage
            throw DiagnosticsError(read.diagnostics + [Diagnostic(start, message)])
        }
        let context = DecodeContext(file: file, limits: limits)
        let document = DocumentReader(
            context: context, baseDirectory: baseDirectory, source: file, themeOverride: theme,
            nowOverride: now, localeOverride: locale, timeZoneOverride: timeZone,
            icons: IconReader(limits: limits, check: iconCheck)
        ).read(read.root)
        let problems = read.diagnostics + context.diagnostics
        if !problems.isEmpty {
            // Stable: problems at one place keep the order they were found in.
            let ordered = problems.enumerated().sorted {
                ($0.element.line ?? 0, $0.element.column ?? 0, $0.offset)
                    < ($1.element.line ?? 0, $1.element.column ?? 0, $1.offset)
            }
            var listed = ordered.map(\.element)
            if context.unlisted > 0 {
                listed.append(
                    Diagnostic(
                        start,
                        "\(context.unlisted) more problems not listed (the first \(DecodeContext.maxDiagnostics) are "
                            + "above)"
                    ))
            }
            throw DiagnosticsError(listed)
        }
        guard var document else { throw DiagnosticsError([Diagnostic(start, "not a timeline document")]) }
        document.notes = read.notes.compactMap { note in
            note.location.map { ReadingNote(location: $0, message: note.message) }
        }
        return document
    }

    /// The syntax level: the bytes' checks (size, NUL, UTF-8, strict JSON) and the node tree, with
    /// the problems that did not stop reading. Nothing here knows what a timeline is.
    func readTree(_ bytes: [UInt8], file: String, format: InputFormat?) throws(DiagnosticsError) -> YAMLReader.Result {
        try InputBytes.check(bytes, file: file, limits: limits, kind: format == .mermaid ? "Mermaid" : "YAML or JSON")
        if format == .mermaid { return try MermaidInput.readTree(bytes, file: file, limits: limits) }
        let body =
            bytes.starts(with: TextPosition.byteOrderMark)
            ? bytes.dropFirst(TextPosition.byteOrderMark.count) : bytes[...]
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09 }) {
            throw DiagnosticsError([Diagnostic(SourceLocation(file: file, line: 1, column: 1), Self.emptyMessage)])
        }
        guard format == .json else { return try YAMLReader(file: file, limits: limits).readCollectingProblems(bytes) }
        if let violation = StrictJSON.check(bytes) {
            throw DiagnosticsError([
                Diagnostic(
                    TextPosition.location(ofByte: violation.offset, in: bytes, file: file),
                    "JSON syntax error: \(violation.message)")
            ])
        }
        return try JSONReader(file: file, limits: limits).read(bytes)
    }

    static let emptyMessage = "the file is empty; a timeline needs at least 'version: 1' and 'cards'"
}

extension DocumentDecoder {
    /// An ISO 8601 date or date-time as the format reads it.
    public static func parseDate(_ text: String) -> DateValue? { ValueParsers.date(text) }

    /// Why `text` is not a zone as `timeZone:` and `--time-zone` take it (`+01:00`, `-0530`, `Z`,
    /// `UTC`, `Europe/Berlin`), with a did-you-mean; nil when it is one.
    public static func timeZoneProblem(_ text: String) -> String? {
        DisplayZone.zone(text, window: (0, 0)) == nil ? DisplayZone.problem(text) : nil
    }

    /// Whether `tag` is written as the format's `locale:` takes it (a BCP 47 tag such as de-DE).
    package static func isLocaleTag(_ tag: String) -> Bool { DecodeContext.isLocaleTag(tag) }
}
