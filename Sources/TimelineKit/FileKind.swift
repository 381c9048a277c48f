#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path names, links followed, as `FileManager.fileExists(atPath:isDirectory:)` told
/// (its `ObjCBool` form is full Foundation's): one `stat`; nil when nothing is there.
package enum FileKind: Sendable {
    case directory
    case other

    package init?(atPath path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self = info.st_mode & S_IFMT == S_IFDIR ? .directory : .other
    }
}
