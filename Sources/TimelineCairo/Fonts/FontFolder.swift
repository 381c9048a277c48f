#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The font files of a `--fonts` folder, found without ever opening anything but regular files
/// of a sane size: fontconfig's own folder scan opens every file it meets, and blocks for good
/// on a FIFO (or reads a device without end).
public enum FontFolder {
    /// What a file must end in to be taken as a font; other files (licenses, READMEs) are left alone.
    public static let extensions: Set<String> = ["ttf", "otf", "ttc", "otc", "woff", "woff2"]
    /// The largest font file read: the biggest CJK collections are about 30 MB.
    public static let maxFileBytes = 64 << 20
    /// How deep subfolders are searched (links to folders are not followed).
    static let maxDepth = 4
    /// Most font files in one folder: each is parsed at every start.
    static let maxFiles = 1000

    /// A font file that cannot be used, and why.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): error: \(reason) (--fonts)" }
    }

    /// The font files in `directory` (sorted, subfolders included), and the problems of those
    /// that cannot be used. A file that passes here may still fail to parse (`FontLibrary` says).
    public static func scan(_ directory: String) -> (files: [String], problems: [Problem]) {
        var files: [String] = []
        var problems: [Problem] = []
        walk(directory, depth: 0, files: &files, problems: &problems)
        if files.count > maxFiles {
            problems.append(
                Problem(
                    path: directory,
                    reason: "the folder holds \(files.count) font files, more than the limit of \(maxFiles)"))
            files = []
        }
        return (files, problems)
    }

    private static func walk(_ directory: String, depth: Int, files: inout [String], problems: inout [Problem]) {
        guard let stream = opendir(directory) else {
            problems.append(
                Problem(path: directory, reason: "cannot read the folder (\(String(cString: strerror(errno))))"))
            return
        }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            // Dot files include macOS's "._Name.ttf" resource forks, which are not fonts.
            if !name.hasPrefix(".") { names.append(name) }
        }
        closedir(stream)
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        for name in names.sorted() {
            let path = prefix + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                if depth < maxDepth { walk(path, depth: depth + 1, files: &files, problems: &problems) }
                continue
            }
            guard extensions.contains(fileExtension(name)) else { continue }
            if let problem = check(path) {
                problems.append(Problem(path: path, reason: problem))
            } else {
                files.append(path)
            }
        }
    }

    /// Why the font file at `path` cannot be read, or nil. Opened without blocking and checked on
    /// the open descriptor, so a FIFO, device or socket (or a link to one) is refused at once.
    static func check(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return "cannot be opened (\(String(cString: strerror(errno))))" }
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
        if size > maxFileBytes { return "is \(size) bytes, more than the limit of \(maxFileBytes) for a font file" }
        return nil
    }

    private static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
