#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one file policy for files found inside a folder the user named (an input folder's
/// inputs, the goldens of `check`): the file is opened component by component from the folder
/// with `openat` and `O_NOFOLLOW`, so no link is followed at all below the folder, and a link
/// planted there (to `/proc/self/environ`, to a credentials file) is refused, never read. The
/// folder itself may be a link: the user named it. What is read is then checked and bounded as
/// `RegularFile` checks any file.
package enum ContainedFile {
    /// The whole file at `relative` inside `root`, or why it was refused.
    package static func read(_ relative: String, in root: String, maxBytes: Int) -> Result<[UInt8], RegularFile.Problem>
    {
        switch open(relative, in: root) {
        case .success(let descriptor): return RegularFile.read(descriptor: descriptor, maxBytes: maxBytes)
        case .failure(let problem): return .failure(problem)
        }
    }

    /// Whether anything is at `relative` inside `root` (a link counts, followed or not).
    package static func exists(_ relative: String, in root: String) -> Bool {
        var info = stat()
        return lstat(root + "/" + relative, &info) == 0
    }

    /// A descriptor of the file, opened without following any link below `root`.
    static func open(_ relative: String, in root: String) -> Result<Int32, RegularFile.Problem> {
        let parts = relative.split(separator: "/").filter { $0 != "." }
        guard !parts.isEmpty, !parts.contains("..") else { return .failure(.cannotOpen("outside its folder")) }
        var folder = systemOpen(root.isEmpty ? "." : root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return .failure(.cannotOpen(String(cString: strerror(errno)))) }
        for (index, part) in parts.enumerated() {
            let last = index == parts.count - 1
            let flags = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | (last ? O_NONBLOCK : O_DIRECTORY)
            let next = openat(folder, String(part), flags)
            let reason = errno
            close(folder)
            guard next >= 0 else {
                // O_NOFOLLOW gives ELOOP for a link; O_DIRECTORY gives ENOTDIR for a link too.
                if reason == ELOOP || (reason == ENOTDIR && isLink(part, below: parts[..<index], in: root)) {
                    return .failure(.link(root))
                }
                return .failure(.cannotOpen(String(cString: strerror(reason))))
            }
            folder = next
        }
        return .success(folder)
    }

    private static func isLink(_ part: Substring, below parents: ArraySlice<Substring>, in root: String) -> Bool {
        var info = stat()
        let path = ([root] + parents.map(String.init) + [String(part)]).joined(separator: "/")
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }
}

private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
