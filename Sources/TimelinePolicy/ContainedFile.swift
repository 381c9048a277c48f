#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way to open a file below a folder the user named (an input's folder for its icons
/// and theme files, an input folder, the goldens of `check`, a DocC catalog, a `--fonts`
/// folder, an output folder): component by component from the folder with `openat` and
/// `O_NOFOLLOW`, so no link below the folder is ever followed, and the descriptor that was
/// checked is the one read or written. The folder itself may be a link: the user named it.
package enum ContainedFile {
    /// The parts of `relative`, or nil when it is empty, absolute or climbs out with `..`.
    package static func components(_ relative: String) -> [Substring]? {
        guard !relative.hasPrefix("/") else { return nil }
        let parts = relative.split(separator: "/").filter { $0 != "." }
        guard !parts.isEmpty, !parts.contains("..") else { return nil }
        return parts
    }

    /// The whole file at `relative` inside `root`, a regular file of at most `maxBytes`, or why
    /// it was refused.
    package static func read(_ relative: String, in root: String, maxBytes: Int) -> Result<[UInt8], RegularFile.Problem>
    {
        switch open(relative, in: root) {
        case .success(let descriptor): return RegularFile.read(descriptor: descriptor, maxBytes: maxBytes)
        case .failure(let problem): return .failure(problem)
        }
    }

    /// Whether anything is at `relative` inside `root` (a link counts), looked up without
    /// following a link on the way.
    package static func exists(_ relative: String, in root: String) -> Bool {
        guard let parts = components(relative) else { return false }
        let parent = openFolder(parts.dropLast(), in: root, made: nil)
        guard case .success(let folder) = parent else { return false }
        defer { close(folder) }
        var info = stat()
        return fstatat(folder, String(parts[parts.count - 1]), &info, AT_SYMLINK_NOFOLLOW) == 0
    }

    /// A descriptor of the file at `relative` (opened without blocking, not yet checked to be a
    /// regular file), opened without following any link below `root`.
    package static func open(_ relative: String, in root: String) -> Result<Int32, RegularFile.Problem> {
        guard let parts = components(relative) else { return .failure(.cannotOpen("outside its folder")) }
        let parent = openFolder(parts.dropLast(), in: root, made: nil)
        guard case .success(let folder) = parent else { return parent }
        defer { close(folder) }
        let descriptor = openat(folder, String(parts[parts.count - 1]), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(problem(errno, at: parts[parts.count - 1], in: folder, root)) }
        return .success(descriptor)
    }

    /// A descriptor of the folder at `relative` inside `root` (`root` itself when `relative` is
    /// empty or "."), no link below `root` followed.
    package static func openFolder(_ relative: String, in root: String) -> Result<Int32, RegularFile.Problem> {
        guard let parts = folderComponents(relative) else { return .failure(.cannotOpen("outside its folder")) }
        return openFolder(parts[...], in: root, made: nil)
    }

    /// `openFolder`, making the missing folders (`root` too, as `mkdir -p` would) and appending
    /// their paths to `made`, outermost first.
    package static func makeFolder(_ relative: String, in root: String, made: inout [String])
        -> Result<Int32, RegularFile.Problem>
    {
        guard let parts = folderComponents(relative) else { return .failure(.cannotOpen("outside its folder")) }
        var info = stat()
        if stat(root.isEmpty ? "." : root, &info) != 0, let problem = makeFolders(root, made: &made) {
            return .failure(problem)
        }
        var madeHere: [String] = []
        let result = openFolder(parts[...], in: root, made: { madeHere.append($0) })
        made += madeHere
        return result
    }

    private static func folderComponents(_ relative: String) -> [Substring]? {
        let parts = relative.split(separator: "/").filter { $0 != "." }
        return relative.hasPrefix("/") || parts.contains("..") ? nil : parts
    }

    private static func openFolder(_ parts: ArraySlice<Substring>, in root: String, made: ((String) -> Void)?)
        -> Result<Int32, RegularFile.Problem>
    {
        var folder: Int32
        switch openRoot(root) {
        case .success(let descriptor): folder = descriptor
        case .failure(let problem): return .failure(problem)
        }
        var path = root.isEmpty ? "." : root
        for part in parts {
            let name = String(part)
            path += "/" + name
            var next = openat(folder, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_DIRECTORY)
            if next < 0, errno == ENOENT, let made {
                if mkdirat(folder, name, 0o777) == 0 { made(path) }
                next = openat(folder, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_DIRECTORY)
            }
            guard next >= 0 else {
                let failure = problem(errno, at: part, in: folder, root)
                close(folder)
                return .failure(failure)
            }
            close(folder)
            folder = next
        }
        return .success(folder)
    }

    /// The folder the user named, links followed: it is theirs to name.
    private static func openRoot(_ root: String) -> Result<Int32, RegularFile.Problem> {
        let descriptor = systemOpen(root.isEmpty ? "." : root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(errno == ENOENT ? .missing : .cannotOpen(String(cString: strerror(errno))))
        }
        return .success(descriptor)
    }

    /// `mkdir -p` of the folder the user named.
    private static func makeFolders(_ root: String, made: inout [String]) -> RegularFile.Problem? {
        var prefix = root.hasPrefix("/") ? "/" : ""
        for component in root.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o777) == 0 {
                made.append(prefix)
            } else if errno != EEXIST {
                return .cannotOpen("cannot create the folder \(prefix): \(String(cString: strerror(errno)))")
            }
            prefix += "/"
        }
        return nil
    }

    /// What an `openat` of `part` in `folder` failing with `code` means.
    private static func problem(_ code: Int32, at part: Substring, in folder: Int32, _ root: String)
        -> RegularFile.Problem
    {
        // O_NOFOLLOW gives ELOOP for a link to a file; O_DIRECTORY gives ENOTDIR for a link too.
        var info = stat()
        let isLink = fstatat(folder, String(part), &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK
        if code == ELOOP || isLink { return .link(root) }
        if code == ENOENT { return .missing }
        if code == ENOTDIR { return .notRegular("not a folder") }
        return .cannotOpen(String(cString: strerror(code)))
    }

    /// The names in the folder open at `folder` (which stays open) with what each is, never
    /// following a link: `.` and `..` left out.
    package static func entries(of folder: Int32) -> [(name: String, kind: mode_t)] {
        let copy = dup(folder)
        guard copy >= 0, let stream = fdopendir(copy) else { return [] }
        defer { closedir(stream) }
        var entries: [(String, mode_t)] = []
        for name in FolderNames.all(in: stream) {
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            entries.append((name, info.st_mode & S_IFMT))
        }
        return entries
    }
}

private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
