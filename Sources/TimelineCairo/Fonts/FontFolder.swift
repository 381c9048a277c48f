import TimelinePolicy

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The font files of a `--fonts` folder, found without ever opening anything but regular files
/// of a bounded size: fontconfig's own folder scan opens every file it meets, and blocks for good
/// on a FIFO (or reads a device without end). The folder is walked from its descriptor and each
/// file opened with `ContainedFile`: no link below the folder is followed. Each file is read
/// once, there, and the libraries get an in-memory copy of the bytes read (`FontCopies`), never
/// the path again.
public enum FontFolder {
    /// What a file must end in to be taken as a font; other files (licenses, READMEs) are left alone.
    public static let extensions: Set<String> = ["ttf", "otf", "ttc", "otc", "woff", "woff2"]
    /// How deep subfolders are searched (links to folders are not followed).
    static let maxDepth = 4

    /// A font file that cannot be used, and why.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): error: \(reason) (--fonts)" }
    }

    /// A font file of the folder, read.
    public struct FontFile: Sendable, Equatable {
        /// Where it is in the folder, as messages name it.
        public var path: String
        /// The name of the in-memory copy of the bytes read, which the libraries open.
        public var copy: String
    }

    /// The font files in `directory` (sorted, subfolders included), each read once, and the
    /// problems of those that cannot be used, within `limits` (`maxFontBytes`, `maxFontFiles`).
    /// A file that passes here may still fail to parse (`FontLibrary` says).
    public static func scan(_ directory: String, limits: Limits) -> (files: [FontFile], problems: [Problem]) {
        var found: [String] = []
        var problems: [Problem] = []
        walk(directory, below: "", depth: 0, files: &found, problems: &problems)
        // Counted before any is read: each may be large.
        if found.count > limits.maxFontFiles {
            let reason =
                "the folder holds \(found.count) font files, more than the limit of \(limits.maxFontFiles) "
                + "(raise with --max-font-files)"
            return ([], problems + [Problem(path: directory, reason: reason)])
        }
        var files: [FontFile] = []
        var total = 0
        for relative in found {
            let path = join(directory, relative)
            let bytes = read(relative, in: directory, maxBytes: limits.maxFontBytes)
            total += (try? bytes.get().count) ?? 0
            if total > limits.maxFontFolderBytes {
                let reason =
                    "the folder's font files hold more than the limit of \(limits.maxFontFolderBytes) bytes "
                    + "(raise with --max-font-folder-bytes)"
                return ([], problems + [Problem(path: directory, reason: reason)])
            }
            switch bytes.flatMap(FontCopies.path) {
            case .success(let copy): files.append(FontFile(path: path, copy: copy))
            case .failure(let problem): problems.append(Problem(path: path, reason: problem.reason))
            }
        }
        return (files, problems)
    }

    /// The font files of the tool's own bundled folder, by path, not read here: fontconfig reads
    /// them by path, as it reads that folder when it can keep a cache of it.
    static func list(_ directory: String) -> (files: [String], problems: [Problem]) {
        var found: [String] = []
        var problems: [Problem] = []
        walk(directory, below: "", depth: 0, files: &found, problems: &problems)
        return (found.map { join(directory, $0) }, problems)
    }

    /// The font files' paths below `root`, by name: no file is opened here.
    private static func walk(
        _ root: String, below relative: String, depth: Int, files: inout [String], problems: inout [Problem]
    ) {
        let folderPath = relative.isEmpty ? root : join(root, relative)
        let descriptor: Int32
        switch ContainedFile.openFolder(relative, in: root) {
        case .success(let opened): descriptor = opened
        case .failure(let problem):
            problems.append(Problem(path: folderPath, reason: "cannot read the folder (\(problem))"))
            return
        }
        let entries = ContainedFile.entries(of: descriptor).sorted { $0.name < $1.name }
        close(descriptor)
        for (name, kind) in entries where !name.hasPrefix(".") {
            // Dot files include macOS's "._Name.ttf" resource forks, which are not fonts.
            let path = relative.isEmpty ? name : relative + "/" + name
            if kind == S_IFDIR {
                if depth < maxDepth {
                    walk(root, below: path, depth: depth + 1, files: &files, problems: &problems)
                }
                continue
            }
            if extensions.contains(fileExtension(name)) { files.append(path) }
        }
    }

    private static func join(_ root: String, _ relative: String) -> String {
        root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    /// Why a font file cannot be used.
    struct Refusal: Error {
        var reason: String
    }

    /// The bytes of the font file at `relative` in `root`, or why it cannot be read. Opened
    /// without blocking or following a link, and checked and read on that one descriptor, so a
    /// FIFO, device or socket is refused at once and a file swapped in later is never read.
    static func read(_ relative: String, in root: String, maxBytes: Int) -> Result<[UInt8], Refusal> {
        let descriptor: Int32
        switch ContainedFile.open(relative, in: root) {
        case .success(let opened): descriptor = opened
        case .failure(.link):
            return .failure(Refusal(reason: "is a link, and links are not followed inside a --fonts folder"))
        case .failure(let problem): return .failure(Refusal(reason: "cannot be opened (\(problem))"))
        }
        switch RegularFile.read(descriptor: descriptor, maxBytes: maxBytes) {
        case .success(let bytes) where bytes.isEmpty: return .failure(Refusal(reason: "is empty"))
        case .success(let bytes): return .success(bytes)
        case .failure(.notRegular(let kind)) where kind == "not a plain file":
            return .failure(Refusal(reason: "is not a regular file"))
        case .failure(.notRegular(let kind)): return .failure(Refusal(reason: "is \(kind), not a font file"))
        case .failure(.tooLarge(let size, let limit)):
            let reason = "is \(size) bytes, more than the limit of \(limit) for a font file"
            return .failure(Refusal(reason: reason + " (raise with --max-font-bytes)"))
        case .failure(let problem): return .failure(Refusal(reason: "cannot be read (\(problem))"))
        }
    }

    private static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
