#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file (an input, an icon, a theme, a golden; a descriptor `ContainedFile` opened) only
/// if it is a regular file of bounded size. Opening with `O_NONBLOCK` and checking `fstat` on the
/// opened descriptor means a FIFO, device, socket or folder is refused without ever blocking, and
/// without a race between the check and the read.
package enum RegularFile {
    package enum Problem: Error, Equatable {
        case cannotOpen(String)
        /// Nothing of that name.
        case missing
        case notRegular(String)
        /// A link below a folder, where links are not followed (`ContainedFile`): the folder.
        case link(String)
        case tooLarge(size: Int, limit: Int)
        case readFailed(String)
    }

    /// The whole file at `path`, a file the user named (links followed), or why it was refused.
    package static func read(_ path: String, maxBytes: Int) -> Result<[UInt8], Problem> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(errno == ENOENT ? .missing : .cannotOpen(String(cString: strerror(errno))))
        }
        return read(descriptor: descriptor, maxBytes: maxBytes)
    }

    /// The whole file open at `descriptor`, which this closes, or why it was refused.
    package static func read(descriptor: Int32, maxBytes: Int) -> Result<[UInt8], Problem> {
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.cannotOpen(String(cString: strerror(errno)))) }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else { return .failure(.notRegular(describe(kind))) }
        let size = Int(info.st_size)
        guard size <= maxBytes else { return .failure(.tooLarge(size: size, limit: maxBytes)) }
        // Read to the end (the file may have grown since fstat), never keeping more than the limit.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.readFailed(String(cString: strerror(errno))))
            }
            if count == 0 { return .success(bytes) }
            bytes += chunk[0..<count]
            if bytes.count > maxBytes { return .failure(.tooLarge(size: bytes.count, limit: maxBytes)) }
        }
    }

    package static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "not a plain file"
        }
    }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
