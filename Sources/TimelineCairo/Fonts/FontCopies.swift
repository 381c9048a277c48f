import TimelineThreads

#if canImport(CLinux) && os(Linux)
import CLinux
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// In-memory copies of the font files of `--fonts` folders, each made from the bytes read once
/// through `ContainedFile`: fontconfig, cairo and Pango open a font by its file name, again at
/// every use, so giving them the user's path would read whatever is there by then (a link or
/// another file swapped in after the check). They get the name of a sealed copy instead, which
/// holds exactly the bytes that were checked and which nothing can change. Copies live as long
/// as the process: a fontconfig configuration (the process default among them) names them, and
/// a library's font faces are reopened lazily. Files of equal bytes share one copy.
enum FontCopies {
    private static let lock = Lock()
    /// Copies by a hash of their bytes; each entry's bytes are compared before it is shared.
    nonisolated(unsafe) private static var copies: [UInt64: [(descriptor: Int32, path: String)]] = [:] // `lock`

    /// The name under which the libraries read a copy of `bytes`, or why no copy could be made
    /// (out of descriptors or memory).
    static func path(for bytes: [UInt8]) -> Result<String, FontFolder.Refusal> {
        let hash = fnv1a(bytes)
        return lock.withLock {
            for copy in copies[hash] ?? [] where holds(copy.descriptor, bytes) { return .success(copy.path) }
            let made = make(bytes)
            if case .success(let copy) = made { copies[hash, default: []].append(copy) }
            return made.map(\.path).mapError { FontFolder.Refusal(reason: "cannot be copied into memory (\($0))") }
        }
    }

    /// A sealed copy: written once, then neither written, grown nor shrunk again. In memory
    /// where the system seals memory files (Linux); elsewhere, or where the kernel refuses
    /// them (too old, or a sandbox's filter), a read-only file in a folder of this process's own.
    private static func make(_ bytes: [UInt8]) -> Result<(descriptor: Int32, path: String), CopyFailure> {
        #if os(Linux)
        let sealed = inMemory(bytes)
        if case .failure(let failure) = sealed, [ENOSYS, EINVAL, EPERM].contains(failure.code) {
            return inPrivateFolder(bytes)
        }
        return sealed
        #else
        return inPrivateFolder(bytes)
        #endif
    }

    #if os(Linux)
    /// A memory file sealed against every change.
    private static func inMemory(_ bytes: [UInt8]) -> Result<(descriptor: Int32, path: String), CopyFailure> {
        let descriptor = memfd_create("timeline-cards-font", 0x1 | 0x2) // MFD_CLOEXEC | MFD_ALLOW_SEALING
        guard descriptor >= 0 else { return .failure(CopyFailure(errno: errno)) }
        if let problem = write(bytes, to: descriptor) {
            close(descriptor)
            return .failure(CopyFailure(problem))
        }
        // F_ADD_SEALS: F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE.
        guard fcntl(descriptor, 1033, Int32(0x1 | 0x2 | 0x4 | 0x8)) == 0 else {
            let problem = CopyFailure(errno: errno)
            close(descriptor)
            return .failure(problem)
        }
        return .success((descriptor, "/proc/self/fd/\(descriptor)"))
    }
    #endif

    /// A file in a folder of this process's own (mode 0700), made read-only: compiled and tested
    /// on every system, the only copy where there are no memory files.
    static func inPrivateFolder(_ bytes: [UInt8]) -> Result<(descriptor: Int32, path: String), CopyFailure> {
        guard let folder = privateFolder else { return .failure(CopyFailure("cannot make a private folder")) }
        var template = Array((folder + "/font-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return .failure(CopyFailure(errno: errno)) }
        let path = name(template)
        if let problem = write(bytes, to: descriptor) {
            close(descriptor)
            unlink(path)
            return .failure(CopyFailure(problem))
        }
        fchmod(descriptor, 0o400)
        return .success((descriptor, path))
    }

    /// Made on first use, mode 0700: no other user can put a file in it or swap one.
    static let privateFolder: String? = {
        let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((temporary + "/timeline-cards-fonts-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        return name(template)
    }()

    /// The path `mkstemp` or `mkdtemp` filled in, without its terminating NUL.
    private static func name(_ template: [CChar]) -> String {
        String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Why a copy could not be made.
    struct CopyFailure: Error, CustomStringConvertible {
        var description: String
        /// The system's error number, or 0.
        var code: Int32 = 0
        init(_ description: String) { self.description = description }
        init(errno code: Int32) {
            self.code = code
            description = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        }
    }

    /// Why `bytes` could not all be written to `descriptor`, or nil.
    private static func write(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count < 0 ? String(cString: strerror(errno)) : "nothing written" }
            written += count
        }
        return nil
    }

    /// Whether the copy at `descriptor` holds exactly `bytes`.
    private static func holds(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int(info.st_size) == bytes.count else { return false }
        var copy = [UInt8](repeating: 0, count: bytes.count)
        var offset = 0
        while offset < copy.count {
            let count = copy.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + offset, $0.count - offset, off_t(offset))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return copy == bytes
    }

    private static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
