import TimelineCairo
import TimelineKit
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

/// Where images go: a folder, one named file, or standard output.
public enum OutputTarget: Sendable, Equatable {
    /// A folder: `<card-id>.<ext>`, or `<input-name>/<card-id>.<ext>` for several inputs.
    case directory(String)
    /// One named file, for a run that makes exactly one image.
    case file(String)
    /// Standard output (`-o -`), for a run that makes exactly one image.
    case standardOutput

    /// `-` is standard output; a name ending in .svg, .png, .pdf or .scene.json is a file; anything else a folder.
    public init(_ argument: String?) {
        guard let argument else {
            self = .directory(FileManager.default.currentDirectoryPath)
            return
        }
        if argument == "-" {
            self = .standardOutput
        } else if Self.format(named: argument) != nil {
            self = .file(argument)
        } else {
            self = .directory(argument)
        }
    }

    /// The format a file target's extension names.
    public var impliedFormat: ImageFormat? {
        if case .file(let path) = self { return Self.format(named: path) }
        return nil
    }

    /// The format a file name's ending names: `.svg`, `.png`, `.pdf` or `.scene.json`.
    private static func format(named path: String) -> ImageFormat? {
        if path.lowercased().hasSuffix(".scene.json") { return .scene }
        let format = ImageFormat(rawValue: PathName.fileExtension(of: path).lowercased())
        return format == .scene ? nil : format
    }
}

/// Names and writes images: atomically (temporary file, then rename), so a failed run never
/// leaves a half-written or truncated image in place of a good one.
public struct OutputWriter {
    /// Where the images go.
    public var target: OutputTarget
    /// More than one input: each gets its own subfolder (not for feeds).
    public var multipleInputs: Bool
    /// One strip per input: named after the input, never in a subfolder.
    public var feed: Bool

    /// A writer for `target`; `multipleInputs` and `feed` decide the names, as `path(for:input:)` says.
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

    /// Begins removing the stale temporaries of the folder the images will go to, on another
    /// thread, so that reading a big folder overlaps the rendering; the first write into it waits
    /// for the end. Per-input subfolders are swept when first written, as any folder is.
    public func startRemovingStaleTemporaries() {
        switch target {
        case .standardOutput: return
        case .file(let path): TemporaryFile.startRemovingStale(in: TemporaryFile.split(path).folder)
        case .directory(let directory):
            guard !multipleInputs || feed else { return }
            TemporaryFile.startRemovingStale(in: TemporaryFile.split(PathName.appending("_", to: directory)).folder)
        }
    }

    /// The folder the user named that every file of this writer lies in: the output folder, or
    /// the named file's folder. No link below it is followed.
    public var root: String {
        switch target {
        case .directory(let folder): return folder
        case .file(let path): return TemporaryFile.split(path).folder
        case .standardOutput: return "."
        }
    }

    /// Writes one file atomically, or to standard output when `path` is `-`.
    /// - Throws: `RenderFailure.writing` with the path and why.
    public func write(_ data: Data, to path: String) throws {
        do {
            try writeSet([(path, .bytes(data))])
        } catch {
            throw RenderFailure.writing(error)
        }
    }

    /// Writes a set of files all or nothing (see `writeAll`); standard output (`-`) directly.
    func writeSet(_ files: [(path: String, image: EncodedImage)]) throws(WriteFailure) {
        if files.count == 1, files[0].path == "-" {
            guard StandardStreams.writeOutput(files[0].image) else {
                throw WriteFailure(WriteProblem(path: "standard output", errno: errno))
            }
            return
        }
        try Self.writeSet(files, below: root)
    }

    /// Writes `data` to `path` through a temporary beside it, creating the folders above it.
    /// `root` is the folder the user named that `path` lies in: no folder below it on the way may
    /// be a link (`OutputFolders.open(_:below:made:)`).
    /// - Throws: `RenderFailure.writing` with the path and why; the file is then unchanged.
    public static func writeAtomically(_ data: Data, to path: String, below root: String) throws {
        try writeAll([(path, data)], below: root)
    }

    /// Writes every file to a temporary beside it, and renames them into place only once all are
    /// written: a failure (a full disk, a folder in the way) leaves every file as it was and no
    /// temporary behind. Written with open, write and rename, without `Data.write`'s fsync (which
    /// costs more than rendering a small card): surviving a power cut is not this tool's promise.
    public static func writeAll(_ files: [(path: String, data: Data)], below root: String) throws {
        do {
            try writeSet(files.map { ($0.path, .bytes($0.data)) }, below: root)
        } catch {
            throw RenderFailure.writing(error)
        }
    }

    static func writeSet(_ files: [(path: String, image: EncodedImage)], below root: String) throws(WriteFailure) {
        var staged: [TemporaryFile] = []
        var made: [String] = []
        func fail(_ problem: WriteProblem, replaced: [String] = []) -> WriteFailure {
            for temporary in staged { temporary.discard() }
            return WriteFailure(problem, replaced: replaced)
        }
        for (path, image) in files {
            let folder = TemporaryFile.split(path).folder
            let directory: Int32
            switch OutputFolders.open(folder, below: root, made: &made) {
            case .success(let descriptor): directory = descriptor
            case .failure(let problem): throw fail(WriteProblem(path: path, reason: problem.reason))
            }
            defer { close(directory) }
            TemporaryFile.removeStale(in: folder)
            switch TemporaryFile.create(for: path, writing: image, in: directory) {
            case .success(let temporary): staged.append(temporary)
            case .failure(let problem): throw fail(problem)
            }
        }
        // rename cannot put a file over a folder (it replaces a link to one): found before
        // anything is replaced.
        for (path, _) in files {
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                throw fail(WriteProblem(path: path, reason: "a folder of that name is in the way"))
            }
        }
        // Renames in one folder hardly fail once their files are written; if one does, the files
        // before it are already in place, and the message says which.
        for (index, temporary) in staged.enumerated() {
            guard let problem = temporary.commit() else { continue }
            staged.removeFirst(index)
            throw fail(problem, replaced: files[..<index].map(\.path))
        }
    }
}
