import ArgumentParser
import TimelineCommandSupport
import TimelineKit

/// What the command line prints on standard error.
enum Diagnostics {
    static func print(_ text: String) {
        recording.append(text)
        StandardStreams.writeError(text + "\n")
    }

    /// Keeps what is printed from now on, for `takeRecorded()`: the preview page of `render
    /// --serve` shows what a round printed, as the terminal does.
    static func startRecording() { recording.start() }

    /// What was printed since `startRecording()`, one entry per print; recording stops.
    static func takeRecorded() -> [String] { recording.take() }

    private static let recording = PrintedText()

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

/// Printed text kept while a recording runs; prints may come from any thread.
private final class PrintedText: @unchecked Sendable {
    private let lock = Lock()
    private var kept: [String]?

    func start() {
        lock.withLock { kept = [] }
    }

    func append(_ text: String) {
        lock.withLock { kept?.append(text) }
    }

    func take() -> [String] {
        lock.withLock {
            defer { kept = nil }
            return kept ?? []
        }
    }
}
