#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the process may start threads. Dispatch's pool, asked for a thread where none can be
/// made (a process limit: `ulimit -u`, a container's pids limit), retries for ever in the thread
/// that asked; so where the limits leave little room, no work goes to the pool: `Lanes` and
/// `PoolJob` then run everything on the calling thread.
public enum ThreadRoom {
    /// Fewer free tasks than this are no room: the pool's threads, GLib's and Pango's own.
    static let wanted = 64

    /// Checked once, before the first thread.
    public static let available: Bool = {
        if let free = freeUnderProcessLimit(), free < wanted { return false }
        #if os(Linux)
        if let free = freeUnderPidsLimit(), free < wanted { return false }
        #endif
        return true
    }()

    /// Tasks the user may still start under `RLIMIT_NPROC`, nil without a limit (or as root, whom
    /// it does not bind).
    private static func freeUnderProcessLimit() -> Int? {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(__RLIMIT_NPROC.rawValue)
        #else
        let resource = RLIMIT_NPROC
        #endif
        // RLIM_INFINITY is all ones, past Int.max.
        guard getuid() != 0, getrlimit(resource, &limit) == 0, limit.rlim_cur <= rlim_t(Int.max) else { return nil }
        let allowed = Int(limit.rlim_cur)
        #if os(Linux)
        // Every thread on the machine (/proc/loadavg) bounds the user's: enough room under that
        // bound spares reading every process's status.
        let everyThread = contents(of: "/proc/loadavg").flatMap { loadavg in
            loadavg.split(separator: " ").dropFirst(3).first?.split(separator: "/").last.flatMap { Int($0) }
        }
        if let everyThread, allowed - everyThread >= wanted { return allowed - everyThread }
        return allowed - tasksOfUser(getuid())
        #else
        return allowed
        #endif
    }

    #if os(Linux)
    /// The threads of every process whose real user is `user`, from /proc.
    private static func tasksOfUser(_ user: uid_t) -> Int {
        guard let folder = opendir("/proc") else { return 0 }
        defer { closedir(folder) }
        var count = 0
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.first?.isNumber == true, let status = contents(of: "/proc/\(name)/status") else { continue }
            var realUser: String?
            var threads = 0
            for line in status.split(separator: "\n") {
                if line.hasPrefix("Uid:") {
                    realUser = line.split(whereSeparator: \.isWhitespace).dropFirst().first.map(String.init)
                }
                if line.hasPrefix("Threads:") {
                    threads = Int(line.split(whereSeparator: \.isWhitespace).last ?? "") ?? 0
                }
            }
            if realUser == String(user) { count += threads }
        }
        return count
    }

    /// Tasks the process's pids cgroup (v1 or v2) may still start, nil without a limit.
    private static func freeUnderPidsLimit() -> Int? {
        guard let groups = contents(of: "/proc/self/cgroup") else { return nil }
        for line in groups.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let folder: String
            if fields[1] == "pids" {
                folder = "/sys/fs/cgroup/pids" + fields[2]
            } else if fields[0] == "0", fields[1].isEmpty {
                folder = "/sys/fs/cgroup" + fields[2]
            } else {
                continue
            }
            guard let max = contents(of: folder + "/pids.max").flatMap({ Int($0.filter { !$0.isWhitespace }) }),
                let current = contents(of: folder + "/pids.current").flatMap({ Int($0.filter { !$0.isWhitespace }) })
            else { continue }
            return max - current
        }
        return nil
    }

    /// A small file's text, nil if it cannot be read.
    private static func contents(of path: String) -> String? {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
    #endif
}
