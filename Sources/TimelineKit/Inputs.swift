import TimelineModel
import TimelinePolicy
import TimelineSpec

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

/// One input to render: a file or standard input, read into memory, or a file named to be read
/// by the pipeline's first step (`InputSource(file:)`, `TimelineRenderer.render(_:)`).
public struct InputSource: Sendable {
    /// The display name of standard input.
    package static let standardInputName = "<stdin>"

    /// Shown in messages: the path as given, or `<stdin>`.
    public var displayName: String
    /// Names output: the file name without its extension.
    public var baseName: String
    /// The document's bytes; empty until a file named by `init(file:)` is read.
    public var data: Data
    /// YAML or JSON; nil to sniff it from the bytes.
    public var format: InputFormat?
    /// Icons and theme files are resolved inside this folder.
    public var directory: String
    /// The file to read `data` from, until it is read.
    public private(set) var unreadFile: String?
    /// The file `data` was read from, once read (nil for standard input and text in memory).
    package private(set) var sourceFile: String?
    /// The folder named on the command line that `unreadFile` was listed from: the file is read
    /// without following a link below it (`ContainedFile`).
    package var listedFrom: (folder: String, name: String)?

    /// An input held in memory.
    public init(displayName: String, baseName: String, data: Data, format: InputFormat?, directory: String) {
        self.displayName = displayName
        self.baseName = baseName
        self.data = data
        self.format = format
        self.directory = directory
    }

    /// A file, named only: `read(maxBytes:)` reads it.
    public init(file path: String) {
        let url = URL(fileURLWithPath: path)
        self.init(
            displayName: path, baseName: url.deletingPathExtension().lastPathComponent, data: Data(),
            format: InputFormat(fileName: path), directory: url.deletingLastPathComponent().path)
        unreadFile = path
    }

    /// A file at `relative` inside `folder`, a folder the user named: read without following a
    /// link below the folder (`ContainedFile`).
    package init(file relative: String, in folder: String) {
        self.init(file: PathName.appending(relative, to: folder))
        listedFrom = (folder, relative)
    }

    /// This input with its bytes: read from its file (a regular file of at most `maxBytes`)
    /// when it is not read yet, else as it is.
    /// - Throws: `LoadError.tooLarge` or `.refused`.
    public func read(maxBytes: Int) throws(LoadError) -> InputSource {
        guard let file = unreadFile else { return self }
        var source = self
        // Regular files only: an input named `x.yaml` may be a FIFO or a link to /dev/zero.
        let read =
            listedFrom.map { ContainedFile.read($0.name, in: $0.folder, maxBytes: maxBytes) }
            ?? RegularFile.read(file, maxBytes: maxBytes)
        switch read {
        case .success(let bytes): source.data = Data(bytes)
        case .failure(.tooLarge(let size, let limit)): throw LoadError.tooLarge(file, size, limit)
        case .failure(let problem): throw LoadError.refused(file, "the input \(problem.message)")
        }
        source.unreadFile = nil
        source.sourceFile = file
        return source
    }

    /// Why the inputs could not be loaded.
    public enum LoadError: Error, CustomStringConvertible {
        /// No such file or folder, or it could not be listed: the path and why.
        case unreadable(String, String)
        /// A folder holding no input.
        case noInputs(String)
        /// A file whose extension names no input format.
        case unsupported(String)
        /// A file larger than the limit: the path, its size and the limit (exit 2, bad input).
        case tooLarge(String, Int, Int)
        /// Not a regular file, or it could not be read: the path and why.
        case refused(String, String)

        /// The problem as a value; paths are escaped when printed, as a folder can hold any name.
        public var diagnostic: Diagnostic {
            switch self {
            case .unreadable(let path, let reason): return Diagnostic(file: path, message: "cannot read: \(reason)")
            case .refused(let path, let reason): return Diagnostic(file: path, message: reason)
            case .noInputs(let path):
                return Diagnostic(file: path, message: "the folder holds no .yaml, .yml, .json or .mmd file")
            case .unsupported(let path): return Diagnostic(file: path, message: "not a .yaml, .yml, .json or .mmd file")
            case .tooLarge(let path, let size, let limit):
                let message =
                    "the file is \(size) bytes, more than the limit of \(limit) (raise with --max-input-bytes)"
                return Diagnostic(file: path, line: 1, column: 1, message: message)
            }
        }

        /// `path: error: message`, as the command line prints it.
        public var description: String { diagnostic.description }
    }
}
