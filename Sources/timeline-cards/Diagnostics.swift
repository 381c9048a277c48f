import ArgumentParser
import TimelineKit

/// What the command line prints on standard error.
enum Diagnostics {
    static func print(_ text: String) {
        StandardStreams.writeError(text + "\n")
    }

    /// What stopped a command, as printed: a `RenderFailure` from its values (font files named
    /// as `--fonts` gave them), anything else as `error: …`.
    static func text(_ error: any Error) -> String {
        switch error {
        case RenderFailure.unusableFonts(let problems):
            return problems.map { Diagnostic(file: $0.file, message: "\($0.message) (--fonts)").description }
                .joined(separator: "\n")
        case let failure as RenderFailure: return failure.description
        case let failure as InputSource.LoadError: return failure.description
        default: return "error: \(error)"
        }
    }

    /// Prints what stopped a command and gives its exit code: an `ExitCode` was printed already;
    /// a `RenderFailure` has its own; anything else is an I/O failure (3).
    static func report(_ error: any Error) -> Int32 {
        if let code = error as? ExitCode { return code.rawValue }
        print(text(error))
        return (error as? RenderFailure)?.exitCode ?? 3
    }

    /// Problems one a line, `file:line:column: error: message (did you mean '…'?)`, the form
    /// editors and CI annotate; nothing for none.
    static func print(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        print(diagnostics.map(\.description).joined(separator: "\n"))
    }
}
