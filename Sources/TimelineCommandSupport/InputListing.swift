import TimelineKit
import TimelineSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The command line's inputs: files, folders (their inputs, sorted) and `-` for standard input.
extension InputSource {
    /// Standard input up to `maxBytes`: a pipe has no size to check first, so reading stops one
    /// chunk past the limit instead of holding whatever is sent.
    package static func readStandardInput(maxBytes: Int) throws -> Data {
        var data = Data()
        while true {
            let chunk = StandardStreams.readInput(upTo: 1 << 20)
            if chunk.isEmpty { return data }
            data.append(chunk)
            if data.count > maxBytes {
                throw InputSource.LoadError.tooLarge(InputSource.standardInputName, data.count, maxBytes)
            }
        }
    }

    /// Expands the command line's inputs and reads them: files, folders (their inputs, sorted),
    /// `-` for stdin.
    /// - Throws: `LoadError` for the first input that cannot be read.
    public static func load(
        _ arguments: [String], stdinFormat: InputFormat? = nil,
        maxBytes: Int
    ) throws -> [InputSource] {
        try list(arguments, stdinFormat: stdinFormat, maxBytes: maxBytes).map { try $0.read(maxBytes: maxBytes) }
    }

    /// Whether a file found in an input folder is an input: a YAML or JSON file, not hidden, and
    /// not a scene this tool wrote (`--format scene` writes `NAME.scene.json`, maybe into the
    /// folder it reads).
    package static func isListedInput(_ name: String) -> Bool {
        InputFormat(fileName: name) != nil && !name.hasPrefix(".") && !name.lowercased().hasSuffix(".scene.json")
    }

    /// Expands the command line's inputs without reading their files (the pipeline reads each):
    /// files, folders (their inputs, sorted), `-` for stdin, which is read as it cannot be again.
    /// - Throws: `LoadError` for the first input that cannot be found or listed.
    public static func list(
        _ arguments: [String], stdinFormat: InputFormat? = nil,
        maxBytes: Int
    ) throws -> [InputSource] {
        var sources: [InputSource] = []
        let manager = FileManager.default
        for argument in arguments {
            if argument == "-" {
                let data = try readStandardInput(maxBytes: maxBytes)
                sources.append(
                    InputSource(
                        displayName: InputSource.standardInputName, baseName: "stdin", data: data,
                        format: stdinFormat ?? InputFormat(sniffing: data), directory: manager.currentDirectoryPath))
                continue
            }
            guard let kind = FileKind(atPath: argument) else {
                throw InputSource.LoadError.unreadable(argument, "no such file or folder")
            }
            if kind == .directory {
                let entries = (try? manager.contentsOfDirectory(atPath: argument)) ?? []
                let files = entries.filter(isListedInput).sorted()
                if files.isEmpty { throw InputSource.LoadError.noInputs(argument) }
                sources += files.map { name in
                    var source = InputSource(file: PathName.appending(name, to: argument))
                    source.listedFrom = (argument, name)
                    return source
                }
            } else {
                guard InputFormat(fileName: argument) != nil else { throw InputSource.LoadError.unsupported(argument) }
                sources.append(InputSource(file: argument))
            }
        }
        return sources
    }
}
