import TimelineModel

/// One problem in an input, as a value: where it was written, what is wrong, and the word that
/// was probably meant. Tools read its fields; the command line prints its `description`.
public struct Diagnostic: Hashable, Sendable, Error, CustomStringConvertible {
    /// The input as named in messages (a path, `<stdin>`, `theme:dark`); nil for a problem with
    /// the run rather than with one input (two images bound for one path).
    public var file: String?
    /// The 1-based line, nil when the problem concerns the file as a whole.
    public var line: Int?
    /// The 1-based column, in characters (Unicode scalars), nil when `line` is.
    public var column: Int?
    /// What is wrong, without the place and without the suggestion.
    public var message: String
    /// The key, value or name that was probably meant ("did you mean"), when one is close enough.
    public var suggestion: String?

    /// A problem at a line and column of a file.
    public init(_ location: SourceLocation, _ message: String, suggestion: String? = nil) {
        self.init(
            file: location.file, line: location.line, column: location.column, message: message,
            suggestion: suggestion)
    }

    /// A problem with a file as a whole (`line` nil), or with the run (`file` nil).
    public init(file: String?, line: Int? = nil, column: Int? = nil, message: String, suggestion: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.suggestion = suggestion
    }

    /// The place as a `SourceLocation`, when the line and column are known.
    public var location: SourceLocation? {
        guard let file, let line, let column else { return nil }
        return SourceLocation(file: file, line: line, column: column)
    }

    /// `file:line:column: error: message (did you mean 'suggestion'?)`, the form compilers print
    /// and editors and CI annotate; the place shortens to what is known.
    public var description: String {
        var place = ""
        if let file {
            place = MessageText.escaped(file)
            if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
            place += ": "
        }
        return "\(place)error: \(message)\(Suggestion.hint(suggestion))"
    }
}

/// Every problem found in an input; thrown only when there is at least one.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    /// The problems, in the order they were found.
    public var diagnostics: [Diagnostic]

    /// Wraps `diagnostics`, which should not be empty.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One `description` line per problem.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
