import TimelineKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file as the file system knows it (device and inode): the same for every path, link or hard
/// link that leads to it.
package struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    package init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
