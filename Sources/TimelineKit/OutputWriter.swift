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
import TimelineCairo
import TimelineSpec

/// Where images go: a folder, one named file, or standard output.
public enum OutputTarget: Sendable, Equatable {
    case directory(String)
    case file(String)
    case standardOutput

    /// `-` is standard output; a name ending in .svg, .png or .pdf is a file; anything else a folder.
    public init(_ argument: String?) {
        guard let argument else {
            self = .directory(FileManager.default.currentDirectoryPath)
            return
        }
        if argument == "-" {
            self = .standardOutput
        } else if ImageFormat(rawValue: PathName.fileExtension(of: argument).lowercased()) != nil {
            self = .file(argument)
        } else {
            self = .directory(argument)
        }
    }

    /// The format a file target's extension names.
    public var impliedFormat: ImageFormat? {
        if case .file(let path) = self { return ImageFormat(rawValue: PathName.fileExtension(of: path).lowercased()) }
        return nil
    }
}

/// Names and writes images: atomically (temporary file, then rename), so a failed run never
/// leaves a half-written or truncated image in place of a good one.
public struct OutputWriter {
    public var target: OutputTarget
    /// More than one input: each gets its own subfolder (not for feeds).
    public var multipleInputs: Bool
    public var feed: Bool

    public init(target: OutputTarget, multipleInputs: Bool, feed: Bool) {
        self.target = target
        self.multipleInputs = multipleInputs
        self.feed = feed
    }

    /// The path of an image of an input.
    public func path(for image: RenderedImage, input: String) -> String {
        switch target {
        case .file(let path): return path
        case .standardOutput: return "-"
        case .directory(let directory):
            let file = "\(image.name).\(image.format.fileExtension)"
            if multipleInputs, !feed {
                return PathName.appending(file, to: PathName.appending(input, to: directory))
            }
            return PathName.appending(file, to: directory)
        }
    }

    public func write(_ data: Data, to path: String) throws {
        if path == "-" {
            guard StandardStreams.writeOutput(data) else {
                throw RenderFailure.failed("cannot write to standard output: \(String(cString: strerror(errno)))")
            }
            return
        }
        try Self.writeAtomically(data, to: path)
    }

    public static func writeAtomically(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw RenderFailure.failed("cannot write \(path): \(describe(error))")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        // Written with open, write and rename, without `Data.write`'s fsync (0.6 ms an image,
        // more than a small card's whole rendering): the rename already keeps a failed run from
        // leaving a partial image; surviving a power cut is not this tool's promise.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure(path) }
        // errno is read right after the call that failed, before close or unlink change it.
        var error = StandardStreams.writeAll(data, to: descriptor) ? nil : failure(path)
        if close(descriptor) != 0, error == nil { error = failure(path) }
        if error == nil, rename(temporary, path) != 0 { error = failure(path) }
        if let error {
            _ = unlink(temporary)
            throw error
        }
    }

    /// A failed write of `path`, with `errno`'s reason.
    private static func failure(_ path: String) -> RenderFailure {
        .failed("cannot write \(path): \(String(cString: strerror(errno)))")
    }

    /// `localizedDescription`, which is not in FoundationEssentials: on Linux, full Foundation's
    /// text for the file system's errors, which carry no description of their own.
    static func describe(_ error: Error) -> String {
        #if canImport(FoundationEssentials)
        let domain = error is CocoaError ? "NSCocoaErrorDomain" : error._domain
        let code = (error as? CocoaError)?.code.rawValue ?? error._code
        return "The operation could not be completed. (\(domain) error \(code).)"
        #else
        return error.localizedDescription
        #endif
    }
}
