#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TimelineModel
import TimelineSpec

/// One input to render: a file or standard input, read into memory.
public struct InputSource: Sendable {
    /// Shown in messages: the path as given, or `<stdin>`.
    public var displayName: String
    /// Names output: the file name without its extension.
    public var baseName: String
    public var data: Data
    public var format: InputFormat?
    /// Icons and theme files are resolved inside this folder.
    public var directory: String

    public init(displayName: String, baseName: String, data: Data, format: InputFormat?, directory: String) {
        self.displayName = displayName
        self.baseName = baseName
        self.data = data
        self.format = format
        self.directory = directory
    }

    public enum LoadError: Error, CustomStringConvertible {
        case unreadable(String, String)
        case noInputs(String)
        case unsupported(String)
        case tooLarge(String, Int, Int)
        /// Not a regular file, or it could not be read: the path and why.
        case refused(String, String)
        /// Paths are escaped: a folder's listing can hold any name.
        public var description: String {
            switch self {
            case .unreadable(let path, let reason): return "\(MessageText.escaped(path)): error: cannot read: \(reason)"
            case .refused(let path, let reason): return "\(MessageText.escaped(path)): error: \(reason)"
            case .noInputs(let path): return "\(MessageText.escaped(path)): error: the folder holds no .yaml, .yml or .json file"
            case .unsupported(let path): return "\(MessageText.escaped(path)): error: not a .yaml, .yml or .json file"
            case .tooLarge(let path, let size, let limit):
                return "\(MessageText.escaped(path)):1:1: error: the file is \(size) bytes, more than the limit of \(limit) (raise with --max-input-bytes)"
            }
        }
    }

    /// Standard input up to `maxBytes`: a pipe has no size to check first, so reading stops one
    /// chunk past the limit instead of holding whatever is sent.
    static func readStandardInput(maxBytes: Int) throws -> Data {
        var data = Data()
        while true {
            let chunk = StandardStreams.readInput(upTo: 1 << 20)
            if chunk.isEmpty { return data }
            data.append(chunk)
            if data.count > maxBytes { throw LoadError.tooLarge("<stdin>", data.count, maxBytes) }
        }
    }

    /// Expands the command line's inputs: files, folders (their inputs, sorted), `-` for stdin.
    public static func load(_ arguments: [String], stdinFormat: InputFormat? = nil, maxBytes: Int = Limits().maxInputBytes) throws -> [InputSource] {
        var sources: [InputSource] = []
        let manager = FileManager.default
        for argument in arguments {
            if argument == "-" {
                let data = try readStandardInput(maxBytes: maxBytes)
                sources.append(InputSource(displayName: "<stdin>", baseName: "stdin", data: data,
                                           format: stdinFormat ?? InputFormat(sniffing: data), directory: manager.currentDirectoryPath))
                continue
            }
            guard let kind = FileKind(atPath: argument) else {
                throw LoadError.unreadable(argument, "no such file or folder")
            }
            let files: [String]
            if kind == .directory {
                let entries = (try? manager.contentsOfDirectory(atPath: argument)) ?? []
                files = entries.filter { InputFormat(fileName: $0) != nil && !$0.hasPrefix(".") }.sorted()
                    .map { PathName.appending($0, to: argument) }
                if files.isEmpty { throw LoadError.noInputs(argument) }
            } else {
                guard InputFormat(fileName: argument) != nil else { throw LoadError.unsupported(argument) }
                files = [argument]
            }
            for file in files {
                // Regular files only: an input named `x.yaml` may be a FIFO or a link to /dev/zero.
                let data: Data
                switch RegularFile.read(file, maxBytes: maxBytes) {
                case .success(let bytes): data = Data(bytes)
                case .failure(.tooLarge(let size, let limit)): throw LoadError.tooLarge(file, size, limit)
                case .failure(let problem): throw LoadError.refused(file, "the input \(problem.message)")
                }
                let url = URL(fileURLWithPath: file)
                sources.append(InputSource(displayName: file, baseName: url.deletingPathExtension().lastPathComponent,
                                           data: data, format: InputFormat(fileName: file),
                                           directory: url.deletingLastPathComponent().path))
            }
        }
        return sources
    }
}
