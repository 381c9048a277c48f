#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The names a folder stream lists, each read where `readdir` left it. Every reader of a folder
/// goes through here: copying an entry (`entry.pointee`) copies its whole 256-byte name field,
/// which runs past the end of a short entry and, for the last entries of the stream's buffer, off
/// the end of the buffer, a crash in a large folder (reading a library folder of 1,875 entries
/// crashed about one start in fifteen).
package enum FolderNames {
    /// What `opendir` returns: an opaque pointer where `DIR` is incomplete (glibc, musl).
    #if canImport(Darwin)
    package typealias Stream = UnsafeMutablePointer<DIR>
    #else
    package typealias Stream = OpaquePointer
    #endif

    /// Where an entry's name starts.
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!

    /// Calls `body` with the bytes of each name `stream` lists, without the terminating zero, `.`
    /// and `..` included, in the stream's order.
    package static func forEach(in stream: Stream, _ body: (UnsafeRawBufferPointer) -> Void) {
        while let entry = readdir(stream) {
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset)
            body(UnsafeRawBufferPointer(start: name, count: strlen(name.assumingMemoryBound(to: CChar.self))))
        }
    }

    /// The names `stream` lists, `.` and `..` left out.
    package static func all(in stream: Stream) -> [String] {
        var names: [String] = []
        forEach(in: stream) { bytes in
            guard !isDots(bytes) else { return }
            names.append(String(decoding: bytes, as: UTF8.self))
        }
        return names
    }

    /// Whether `name` is `.` or `..`.
    package static func isDots(_ name: UnsafeRawBufferPointer) -> Bool {
        (name.count == 1 || name.count == 2) && name.allSatisfy { $0 == UInt8(ascii: ".") }
    }
}
