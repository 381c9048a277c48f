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
/// file opened with `ContainedFile`: no link below the folder is followed.
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

    /// The font files in `directory` (sorted, subfolders included), and the problems of those
    /// that cannot be used, within `limits` (`maxFontBytes`, `maxFontFiles`). A file that passes
    /// here may still fail to parse (`FontLibrary` says).
    public static func scan(_ directory: String, limits: Limits) -> (files: [String], problems: [Problem]) {
        var files: [String] = []
        var problems: [Problem] = []
        walk(directory, below: "", depth: 0, limits: limits, files: &files, problems: &problems)
        if files.count > limits.maxFontFiles {
            problems.append(
                Problem(
                    path: directory,
                    reason:
                        "the folder holds \(files.count) font files, more than the limit of \(limits.maxFontFiles) "
                        + "(raise with --max-font-files)"))
            files = []
        }
        return (files, problems)
    }

    private static func walk(
        _ root: String, below relative: String, depth: Int, limits: Limits, files: inout [String],
        problems: inout [Problem]
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
                    walk(root, below: path, depth: depth + 1, limits: limits, files: &files, problems: &problems)
                }
                continue
            }
            guard extensions.contains(fileExtension(name)) else { continue }
            if let problem = check(path, in: root, maxBytes: limits.maxFontBytes) {
                problems.append(Problem(path: join(root, path), reason: problem))
            } else {
                files.append(join(root, path))
            }
        }
    }

    private static func join(_ root: String, _ relative: String) -> String {
        root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    /// Why the font file at `relative` in `root` cannot be read, or nil. Opened without blocking
    /// or following a link, and checked on the open descriptor, so a FIFO, device or socket is
    /// refused at once.
    static func check(_ relative: String, in root: String, maxBytes: Int) -> String? {
        let descriptor: Int32
        switch ContainedFile.open(relative, in: root) {
        case .success(let opened): descriptor = opened
        case .failure(.link): return "is a link, and links are not followed inside a --fonts folder"
        case .failure(let problem): return "cannot be opened (\(problem))"
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return "cannot be read (\(String(cString: strerror(errno))))" }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFIFO: return "is a FIFO, not a font file"
        case S_IFSOCK: return "is a socket, not a font file"
        case S_IFCHR, S_IFBLK: return "is a device, not a font file"
        default: return "is not a regular file"
        }
        let size = Int(info.st_size)
        if size == 0 { return "is empty" }
        if size > maxBytes {
            return "is \(size) bytes, more than the limit of \(maxBytes) for a font file (raise with --max-font-bytes)"
        }
        return nil
    }

    private static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
