import TimelineSpec

/// A problem that stops a render, with the exit code the command line gives it.
public enum RenderFailure: Error, CustomStringConvertible {
    /// Bad input: every problem found, as values (exit 2).
    case invalidInput([Diagnostic])
    /// Fonts, cairo or the file system failed (exit 3).
    case failed(String)

    /// The problems one per line, as `Diagnostic.description` prints them, or `error: message`.
    public var description: String {
        switch self {
        case .invalidInput(let diagnostics): return diagnostics.map(\.description).joined(separator: "\n")
        case .failed(let message): return "error: \(message)"
        }
    }

    /// 2 for bad input, 3 for a failure of fonts, cairo or the file system.
    public var exitCode: Int32 {
        switch self {
        case .invalidInput: return 2
        case .failed: return 3
        }
    }

    /// The problems of bad input; empty for a failure.
    public var diagnostics: [Diagnostic] {
        if case .invalidInput(let diagnostics) = self { return diagnostics }
        return []
    }
}
