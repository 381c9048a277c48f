import TimelineKit

/// What the command line prints on standard error.
enum Diagnostics {
    static func print(_ text: String) {
        StandardStreams.writeError(text + "\n")
    }

    /// Problems one a line, `file:line:column: error: message (did you mean '…'?)`, the form
    /// editors and CI annotate; nothing for none.
    static func print(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        print(diagnostics.map(\.description).joined(separator: "\n"))
    }
}
