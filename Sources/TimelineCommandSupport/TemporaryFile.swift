import Dispatch
import TimelineCairo
import TimelineKit
import TimelinePolicy
import TimelineThreads

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import CLinux
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written beside the file it is to become, then renamed over it. Its name,
/// `.<name>.timeline-cards-<pid>-<16 random hex digits>.tmp`, cannot be guessed, and it is created
/// with `O_EXCL | O_NOFOLLOW` in the folder's descriptor (`OutputFolders.open`): a link planted
/// in the output folder, or in place of a folder on the way, is never written through.
struct TemporaryFile {
    let path: String
    let destination: String

    static let marker = ".timeline-cards-"
    static let suffix = ".tmp"
    /// The part of the image's name a temporary's name keeps: the rest of it takes 45 bytes, and
    /// a name may be 255 bytes long.
    static let namePrefixLength = 100

    /// Creates the temporary for `destination` in `directory` (the open folder of `destination`)
    /// and writes `image` into it.
    static func create(for destination: String, writing image: EncodedImage, in directory: Int32)
        -> Result<TemporaryFile, WriteProblem>
    {
        let (folder, name) = split(destination)
        // Another file of that name means a guess or a collision: a new random name settles both.
        for _ in 0..<16 {
            let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
            let padded = String(repeating: "0", count: 16 - random.count) + random
            let temporaryName =
                "." + String(decoding: name.utf8.prefix(namePrefixLength), as: UTF8.self)
                + marker + "\(getpid())-\(padded)" + suffix
            let path = folder + temporaryName
            let descriptor = openat(
                directory, temporaryName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                return .failure(WriteProblem(path: destination, errno: errno))
            }
            let count = image.count
            reserveBlocks(descriptor, count: count)
            // errno is read right after the call that failed, before close or unlink change it.
            var problem =
                StandardStreams.writeAll(image, to: descriptor, reserved: count)
                ? nil : WriteProblem(path: destination, errno: errno)
            if close(descriptor) != 0, problem == nil { problem = WriteProblem(path: destination, errno: errno) }
            if let problem {
                _ = unlinkat(directory, temporaryName, 0)
                return .failure(problem)
            }
            return .success(TemporaryFile(path: path, destination: destination))
        }
        return .failure(WriteProblem(path: destination, reason: "no unused temporary file name in 16 tries"))
    }

    /// Allocates a new file's blocks before it is written (Linux's fallocate): ext4 otherwise
    /// writes out a file that is renamed over another before the rename returns (its
    /// auto_da_alloc), measured here at 0.5 ms for 1 MB and 2 ms for 4 MB. Only advice: where the
    /// file system cannot, the blocks are allocated as the bytes are written, and a write that
    /// cannot be done still fails on its own.
    private static func reserveBlocks(_ descriptor: Int32, count: Int) {
        // Where CLinux is imported (glibc; musl declares fallocate only for _GNU_SOURCE too).
        #if canImport(Glibc)
        if count > 0 { _ = fallocate(descriptor, 0, 0, count) }
        #endif
    }

    /// Renames the temporary over its destination.
    func commit() -> WriteProblem? {
        rename(path, destination) == 0 ? nil : WriteProblem(path: destination, errno: errno)
    }

    func discard() {
        _ = unlink(path)
    }

    /// The folder part (with its slash, or empty) and the name of `path`.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    /// The process id in a name of ours, nil for any other name.
    static func processID(inTemporaryName name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(suffix) else { return nil }
        var rest = name.utf8.dropLast(suffix.utf8.count)
        let random = rest.suffix(16)
        rest = rest.dropLast(16)
        guard random.count == 16, random.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
            rest.last == UInt8(ascii: "-")
        else { return nil }
        rest = rest.dropLast()
        let digits = rest.reversed().prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        rest = rest.dropLast(digits.count)
        guard rest.count > marker.utf8.count, rest.suffix(marker.utf8.count).elementsEqual(marker.utf8),
            let pid = pid_t(String(decoding: digits.reversed(), as: UTF8.self)), pid > 0
        else { return nil }
        return pid
    }

    // MARK: Stale temporaries

    /// A temporary this old is stale even when a process of its id runs: ids are reused, and no
    /// image takes an hour to write.
    static let staleAge: Double = 3600

    /// Removes temporaries of ours that a killed run left in `folder`: those whose process is
    /// gone, or that are older than `staleAge`. Nothing else is touched: not other names, not links
    /// or folders with our names, not a running process's files. Done once per folder and process;
    /// when `startRemovingStale` began it, this waits for it to end.
    static func removeStale(in folder: String) {
        sweeps.sweep(folder)
    }

    /// Begins `removeStale(in: folder)` on another thread, for a folder known before its images
    /// are: the folder is read in full (about 0.5 µs an entry, 15 ms in a /tmp of 30,000), which
    /// then overlaps the rendering instead of delaying the write.
    static func startRemovingStale(in folder: String) {
        sweeps.start(folder)
    }

    /// Reads `folder` and removes its stale temporaries.
    private static func sweepNow(_ folder: String) {
        guard let directory = opendir(folder.isEmpty ? "." : folder) else { return }
        defer { closedir(directory) }
        let prefix = folder.isEmpty || folder.hasSuffix("/") ? folder : folder + "/"
        let now = time(nil)
        for name in FolderNames.all(in: directory) {
            guard let pid = processID(inTemporaryName: name), pid != getpid() else { continue }
            let path = prefix + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            // kill(pid, 0) fails with ESRCH only when no such process exists (EPERM: it exists).
            // A run in another pid namespace looks gone: its rename then fails and it says so.
            let gone = kill(pid, 0) != 0 && errno == ESRCH
            if gone || Double(now - info.modified.tv_sec) > staleAge { _ = unlink(path) }
        }
    }

    /// The folders this process swept or is sweeping.
    private static let sweeps = Sweeps()

    private final class Sweeps: @unchecked Sendable {
        private let lock = Lock()
        /// A folder's sweep, on the pool or by the first thread that needs it done.
        private var sweeps: [String: PoolJob] = [:]

        /// `folder`'s sweep, queued now if it was not yet.
        private func job(_ folder: String) -> PoolJob {
            lock.withLock {
                if let job = sweeps[folder] { return job }
                let job = PoolJob { TemporaryFile.sweepNow(folder) }
                sweeps[folder] = job
                return job
            }
        }

        func start(_ folder: String) {
            _ = job(folder)
        }

        func sweep(_ folder: String) {
            job(folder).finish()
        }
    }
}
