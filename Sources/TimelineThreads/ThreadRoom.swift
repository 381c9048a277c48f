#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether Dispatch's pool can start its threads. Asked for a thread the process cannot start (a
/// process limit: `ulimit -u`, a container's pids limit), the pool retries for ever in the thread
/// that asked. So where such a limit is set, the threads are tried first: `wanted` of them started
/// together, then let go, with no work given to them. When one cannot start, nothing goes to the
/// pool (`Lanes` and `PoolJob` run everything on the calling thread) and `failure` says why, for
/// the command line to report. Without a limit, nothing is tried.
public enum ThreadRoom {
    /// Threads the limits must leave room for: the pool's, GLib's and Pango's own.
    static let wanted = 64

    /// Whether work may go to Dispatch's pool; decided once, before the first thread.
    public static var available: Bool { failure == nil }

    /// Why the process cannot start the pool's threads, or nil.
    public static let failure: String? = {
        guard limitIsSet() else { return nil }
        return tryStarting(wanted).map { "cannot start threads (\($0); the limit of processes, ulimit -u, or of pids)" }
    }()

    /// Whether a limit on tasks binds this process: `RLIMIT_NPROC` (which does not bind root) or,
    /// on Linux, a pids cgroup of its own.
    private static func limitIsSet() -> Bool {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(__RLIMIT_NPROC.rawValue)
        #else
        let resource = RLIMIT_NPROC
        #endif
        // RLIM_INFINITY, no limit, is all ones, past Int.max.
        if getuid() != 0, getrlimit(resource, &limit) == 0, limit.rlim_cur <= rlim_t(Int.max) { return true }
        #if os(Linux)
        return hasPidsLimit()
        #else
        return false
        #endif
    }

    /// Starts `count` threads that wait for each other, then ends them all; the error of the first
    /// that could not start, or nil.
    static func tryStarting(_ count: Int) -> String? {
        let gate = Gate()
        var threads: [pthread_t] = []
        var failure: Int32 = 0
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        // Small stacks: only the number of threads is tried, not the address space.
        pthread_attr_setstacksize(&attributes, 64 << 10)
        defer { pthread_attr_destroy(&attributes) }
        let argument = Unmanaged.passRetained(gate).toOpaque()
        for _ in 0..<count {
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            let status = pthread_create(
                &thread, &attributes,
                { argument in
                    guard let argument else { return nil }
                    Unmanaged<Gate>.fromOpaque(argument).takeUnretainedValue().wait()
                    return nil
                }, argument)
            guard status == 0 else {
                failure = status
                break
            }
            #if canImport(Darwin)
            if let thread { threads.append(thread) }
            #else
            threads.append(thread)
            #endif
        }
        gate.open()
        for thread in threads { pthread_join(thread, nil) }
        Unmanaged<Gate>.fromOpaque(argument).release()
        return failure == 0 ? nil : String(cString: strerror(failure))
    }

    /// Holds the tried threads until every one has started (or one could not).
    private final class Gate: @unchecked Sendable {
        private var mutex = pthread_mutex_t()
        private var condition = pthread_cond_t()
        private var isOpen = false

        init() {
            pthread_mutex_init(&mutex, nil)
            pthread_cond_init(&condition, nil)
        }

        deinit {
            pthread_cond_destroy(&condition)
            pthread_mutex_destroy(&mutex)
        }

        func wait() {
            pthread_mutex_lock(&mutex)
            while !isOpen { pthread_cond_wait(&condition, &mutex) }
            pthread_mutex_unlock(&mutex)
        }

        func open() {
            pthread_mutex_lock(&mutex)
            isOpen = true
            pthread_cond_broadcast(&condition)
            pthread_mutex_unlock(&mutex)
        }
    }

    #if os(Linux)
    /// Whether the process's pids cgroup (v1 or v2) has a maximum.
    private static func hasPidsLimit() -> Bool {
        guard let groups = contents(of: "/proc/self/cgroup") else { return false }
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
            if let max = contents(of: folder + "/pids.max"), Int(max.filter { !$0.isWhitespace }) != nil {
                return true
            }
        }
        return false
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
