import TimelineModel

/// One problem in an input, at the place it was written.
public struct Diagnostic: Hashable, Sendable, Error, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `file:line:column: error: message`, the form editors and CI annotate.
    public var description: String { "\(location): error: \(message)" }
}

/// Every problem found in an input; thrown only when there is at least one.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Hard limits on what one input may ask for; each can be raised from the command line.
public struct Limits: Hashable, Sendable {
    /// Items in one document, groups and children included.
    public var maxItems = 100_000
    /// Levels of groups inside groups.
    public var maxNesting = 8
    /// Characters in one text field.
    public var maxTextLength = 10_000
    /// YAML nodes after aliases are expanded.
    public var maxNodes = 1_000_000
    /// Bytes of text (keys and values) that aliases expand to, each alias counting its anchor's
    /// text once more. Text written out is bounded by `maxInputBytes` instead; this bounds the
    /// amplification, since every byte of text costs tens of bytes of output and its measuring.
    public var maxExpandedBytes = 4 * 1024 * 1024
    /// Bytes in one input file.
    public var maxInputBytes = 64 * 1024 * 1024
    /// Levels of YAML collections inside collections.
    public var maxYAMLDepth = 64
    /// libyaml refuses deeper nesting itself (its process-wide default, never changed here).
    public static let maxYAMLDepthCeiling = 999

    public init() {}
}
