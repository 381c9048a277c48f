import TimelineKit
import TimelineModel
import TimelinePolicy

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The folders images go into, made as `mkdir -p` makes them, with what is in the way said in
/// words (Foundation's `createDirectory` only gives "NSCocoaErrorDomain error 516").
enum OutputFolders {
    /// Opens `folder`, which lies in `root` (a folder the user named, which may itself be a link),
    /// making it and the folders above it as `mkdir -p` does, component by component with
    /// `openat` and `O_NOFOLLOW` (`ContainedFile.makeFolder`): no folder between `root` and
    /// `folder` may be a link, so nothing is written through a link planted below `root`, and
    /// the descriptor is of the folder that was checked. `made` gets the folders created,
    /// outermost first. The descriptor, or why not.
    static func open(_ folder: String, below root: String, made: inout [String]) -> Result<Int32, Refusal> {
        let trimmedRoot = trimmed(root)
        let trimmedFolder = trimmed(folder)
        let relative: String
        if trimmedFolder == trimmedRoot {
            relative = ""
        } else if trimmedRoot == "/", trimmedFolder.hasPrefix("/") {
            relative = String(trimmedFolder.dropFirst())
        } else if trimmedRoot != ".", trimmedFolder.hasPrefix(trimmedRoot + "/") {
            relative = String(trimmedFolder.dropFirst(trimmedRoot.count + 1))
        } else if trimmedRoot == ".", !trimmedFolder.hasPrefix("/") {
            relative = trimmedFolder.hasPrefix("./") ? String(trimmedFolder.dropFirst(2)) : trimmedFolder
        } else {
            return .failure(Refusal("\(MessageText.escaped(folder)) is not inside \(MessageText.escaped(root))"))
        }
        let shown = MessageText.escaped(folder)
        switch ContainedFile.makeFolder(relative, in: trimmedRoot, made: &made) {
        case .success(let descriptor):
            return .success(descriptor)
        case .failure(.link):
            let link = MessageText.escaped(firstNonFolder(relative, in: trimmedRoot)?.path ?? folder)
            return .failure(
                Refusal(
                    "\(link) is a link; images are not written through links below \(MessageText.escaped(trimmedRoot))")
            )
        case .failure(.notRegular),
            .failure(.cannotOpen) where firstNonFolder(relative, in: trimmedRoot) != nil:
            let (path, kind) = firstNonFolder(relative, in: trimmedRoot) ?? (folder, "a file")
            return .failure(Refusal("\(MessageText.escaped(path)) is \(kind), not a folder"))
        case .failure(.cannotOpen(let reason)):
            return .failure(Refusal("cannot create the folder \(shown): \(reason)"))
        case .failure(let problem):
            return .failure(Refusal("cannot create the folder \(shown) (\(problem))"))
        }
    }

    /// The first path from `root` down to `relative` that is there but no folder (a link, a
    /// file), with what it is; for messages only.
    private static func firstNonFolder(_ relative: String, in root: String) -> (path: String, kind: String)? {
        // The root's own folders, links followed (the user named it), then those below it.
        var prefix = root.hasPrefix("/") ? "/" : ""
        for part in root.split(separator: "/") {
            prefix += part
            var info = stat()
            if stat(prefix, &info) == 0, info.st_mode & S_IFMT != S_IFDIR { return (prefix, kind(of: prefix)) }
            prefix += "/"
        }
        var path = root
        for part in relative.split(separator: "/") {
            path += "/" + part
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: continue
            case S_IFLNK: return (path, "a link")
            default: return (path, kind(of: path))
            }
        }
        return nil
    }

    /// Why a folder cannot be written into, in words.
    struct Refusal: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// `open`, for a caller that writes by path: nil when the folder is there, else why not.
    static func create(_ folder: String, below root: String, made: inout [String]) -> String? {
        switch open(folder, below: root, made: &made) {
        case .success(let descriptor):
            close(descriptor)
            return nil
        case .failure(let problem): return problem.reason
        }
    }

    /// `path` without a trailing slash; "." for the empty path.
    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path.isEmpty ? "." : path
    }

    /// Whether `path` is a folder, or a link to one.
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether `path` is a folder itself, not a link to one.
    static func isRealFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// What is at `path`, as a noun phrase: "a file", "a device", ...
    static func kind(of path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "a broken link" }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "a file"
        }
    }
}
