#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a set of files was not written: the file that failed and why, the files already
/// replaced when renaming itself failed (none when the failure came first, the usual case), and
/// in a batch, the input whose images these were and how many inputs' images were written before.
public struct WriteFailure: Error {
    package var problem: WriteProblem
    /// Files already replaced when renaming failed.
    public var replaced: [String]
    /// The input whose images were being written, in a batch.
    public var input: String?
    /// The inputs whose images were written before this one's, in a batch.
    public var inputsWritten = 0

    package init(_ problem: WriteProblem, replaced: [String] = []) {
        self.problem = problem
        self.replaced = replaced
    }

    /// A file that could not be written, and why.
    public init(path: String, reason: String) {
        self.init(WriteProblem(path: path, reason: reason))
    }

    /// The file that could not be written.
    public var path: String { problem.path }
    /// Why it could not be written.
    public var reason: String { problem.reason }

    /// `cannot write PATH: REASON`, then what was left as it was and what was written.
    public var message: String {
        var text = problem.message
        if !replaced.isEmpty { text += " (\(replaced.joined(separator: ", ")) already replaced)" }
        if let input, replaced.isEmpty { text += "; no image of \(input) was changed" }
        if inputsWritten > 0 {
            text += "; the images of the \(inputsWritten) input\(inputsWritten == 1 ? "" : "s") before it were written"
        }
        return text
    }
}

/// A file that could not be written, and why, in words.
package struct WriteProblem: Error {
    package var path: String
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package init(path: String, errno code: Int32) {
        self.init(path: path, reason: String(cString: strerror(code)))
    }

    package var message: String { "cannot write \(path): \(reason)" }
}
