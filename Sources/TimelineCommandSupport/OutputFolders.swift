import TimelineKit
import TimelineModel

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
    /// Creates `folder` and the folders above it; nil when done, else why it cannot be.
    static func create(_ folder: String) -> String? {
        if isFolder(folder) { return nil }
        var prefix = folder.hasPrefix("/") ? "/" : ""
        for component in folder.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o777) != 0 {
                let reason = errno
                guard reason == EEXIST else {
                    return "cannot create the folder \(prefix): \(String(cString: strerror(reason)))"
                }
                if !isFolder(prefix) { return "\(prefix) is \(kind(of: prefix)), not a folder" }
            }
            prefix += "/"
        }
        return nil
    }

    /// Creates `folder` as `create` does, where `folder` lies in `root` (a folder the user named,
    /// which may itself be a link): no folder between `root` and `folder` may be a link, so nothing
    /// is written through a link planted below `root`. `made` gets the folders created, outermost
    /// first. Nil when done, else why not.
    static func create(_ folder: String, below root: String, made: inout [String]) -> String? {
        let trimmedRoot = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
        var below = folder.hasPrefix(trimmedRoot + "/") ? String(folder.dropFirst(trimmedRoot.count + 1)) : ""
        if below.hasSuffix("/") { below.removeLast() }
        if !trimmedRoot.isEmpty, !isFolder(trimmedRoot) {
            let missing = missingFolders(trimmedRoot)
            if let problem = create(trimmedRoot) { return problem }
            made += missing
        }
        var path = trimmedRoot.isEmpty ? "." : trimmedRoot
        for part in below.split(separator: "/") {
            path += "/" + part
            var info = stat()
            if lstat(path, &info) == 0 {
                guard info.st_mode & S_IFMT != S_IFLNK else {
                    return "\(MessageText.escaped(path)) is a link; images are not written through links below "
                        + MessageText.escaped(trimmedRoot)
                }
                continue
            }
            if let problem = create(path) { return problem }
            made.append(path)
        }
        return nil
    }

    /// The folders of `path` that do not exist yet, outermost first.
    private static func missingFolders(_ path: String) -> [String] {
        var missing: [String] = []
        var current = path
        while !current.isEmpty, current != "/", !isFolder(current) {
            missing.insert(current, at: 0)
            guard let slash = current.lastIndex(of: "/") else { break }
            current = String(current[..<slash])
        }
        return missing
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
