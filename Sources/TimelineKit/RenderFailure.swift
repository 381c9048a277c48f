import TimelineCairo
import TimelineSpec

/// A problem that stops a render, as values, with the exit code the command line gives it.
public enum RenderFailure: Error, CustomStringConvertible {
    /// Bad input: every problem found, as values (exit 2).
    case invalidInput([Diagnostic])
    /// Font files given to add that cannot be used: each file and why (exit 2).
    case unusableFonts([Diagnostic])
    /// An input that could not be read: the file and why (exit 3).
    case unreadableInput(Diagnostic)
    /// The fonts could not be set up (exit 3).
    case fonts(any Error)
    /// cairo could not paint or encode an image (exit 3): the input shown in messages, the
    /// image's name and format, and why.
    case painting(input: String, image: String, format: ImageFormat, underlying: any Error)
    /// Files could not be written (exit 3).
    case writing(WriteFailure)
    /// A thread asked for (`--jobs`) could not be started: why, as the command line says it (exit 3).
    case threads(String)

    /// The problems one per line, as `Diagnostic.description` prints them, or `error: message`.
    public var description: String {
        switch self {
        case .invalidInput(let diagnostics), .unusableFonts(let diagnostics):
            return diagnostics.map(\.description).joined(separator: "\n")
        case .unreadableInput(let diagnostic): return diagnostic.description
        case .fonts(let error): return "error: \(error)"
        case .painting(let input, let image, let format, let error):
            return "error: \(input): \(image).\(format.rawValue): \(error)"
        case .writing(let failure): return "error: \(failure.message)"
        case .threads(let message): return "error: \(message)"
        }
    }

    /// 2 for bad input, 3 for a failure of fonts, cairo, the file system or threads.
    public var exitCode: Int32 {
        switch self {
        case .invalidInput, .unusableFonts: return 2
        case .unreadableInput, .fonts, .painting, .writing, .threads: return 3
        }
    }

    /// The problems of bad input (or of unusable fonts); empty for a failure.
    public var diagnostics: [Diagnostic] {
        switch self {
        case .invalidInput(let diagnostics), .unusableFonts(let diagnostics): return diagnostics
        default: return []
        }
    }
}
