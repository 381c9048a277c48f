import Dispatch

#if canImport(Glibc)
import CLinux
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own for one job, running as soon as it is asked for. Linux places a new
/// thread on its parent's core about half the time (measured here: 2 cores, kernel 6.18), and
/// there it waits for the parent's time slice, up to 3 ms, while the parent keeps working: a small
/// render is over in ten. So the thread is started on another core, then let run anywhere.
public enum StartedThread {
    /// Runs `job` on a new detached thread; on the caller's, before returning, if no thread can
    /// be made (a process limit, `ulimit -u`): a global queue could not make one either, and a
    /// caller waiting for the job would wait for ever. So only for jobs that wait for nothing the
    /// caller does after; others `start` and do the work themselves when it fails.
    public static func run(_ job: @escaping @Sendable () -> Void) {
        if !start(job) { job() }
    }

    /// Runs `job` on a new detached thread; false, running nothing, when no thread can be made
    /// (for a caller that would wait for the job: a queue's threads may all be waiting already).
    public static func start(_ job: @escaping @Sendable () -> Void) -> Bool {
        let allowed = Cores.allowed()
        let box = Unmanaged.passRetained(Job(job)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if var elsewhere = allowed {
            elsewhere.remove(Cores.current())
            if !elsewhere.isEmpty { elsewhere.apply(to: &attributes) }
        }
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let started = pthread_create(
            &thread, &attributes,
            { raw in
                guard let raw else { return nil }
                let job = Unmanaged<Job>.fromOpaque(raw).takeRetainedValue()
                // Read again: the process's cores may have changed (taskset -p) since.
                Cores.allowed()?.applyToCurrentThread()
                job.body()
                return nil
            }, box)
        guard started == 0 else {
            Unmanaged<Job>.fromOpaque(box).release()
            return false
        }
        return true
    }

    private final class Job {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

/// A set of cores, as the scheduler's affinity calls take it (only Linux has them).
struct Cores {
    #if os(Linux)
    /// A `cpu_set_t`: 1,024 bits.
    private var mask = (
        UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0),
        UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0)
    )
    private static let size = 128

    /// The cores the process may run on (its main thread's, which is never narrowed); nil if
    /// the system does not say.
    static func allowed() -> Cores? {
        var cores = Cores()
        return sched_getaffinity(getpid(), Self.size, &cores.mask) == 0 ? cores : nil
    }

    /// How many cores the process may run on when first asked (1 where the system does not say).
    static let allowedCount = allowed()?.count ?? 1

    /// The core the calling thread is on, or -1.
    static func current() -> Int32 { sched_getcpu() }

    mutating func remove(_ core: Int32) {
        guard core >= 0, Int(core) < Self.size * 8 else { return }
        withUnsafeMutableBytes(of: &mask) { bytes in
            bytes.bindMemory(to: UInt64.self)[Int(core) / 64] &= ~(1 << (UInt64(core) % 64))
        }
    }

    /// The cores the calling thread may run on.
    static func ofCurrentThread() -> Cores? {
        var cores = Cores()
        return pthread_getaffinity_np(pthread_self(), Self.size, &cores.mask) == 0 ? cores : nil
    }

    func contains(_ core: Int32) -> Bool {
        guard core >= 0, Int(core) < Self.size * 8 else { return false }
        return withUnsafeBytes(of: mask) {
            $0.bindMemory(to: UInt64.self)[Int(core) / 64] >> (UInt64(core) % 64) & 1 == 1
        }
    }

    var count: Int {
        withUnsafeBytes(of: mask) { $0.bindMemory(to: UInt64.self).reduce(0) { $0 + $1.nonzeroBitCount } }
    }

    var isEmpty: Bool { count == 0 }

    func apply(to attributes: inout pthread_attr_t) {
        var mask = mask
        pthread_attr_setaffinity_np(&attributes, Self.size, &mask)
    }

    func applyToCurrentThread() {
        apply(to: pthread_self())
    }

    /// The cores `thread` may run on from now, even one asleep.
    func apply(to thread: pthread_t) {
        var mask = mask
        pthread_setaffinity_np(thread, Self.size, &mask)
    }
    #else
    static func allowed() -> Cores? { nil }
    static let allowedCount = 1
    static func current() -> Int32 { -1 }
    mutating func remove(_ core: Int32) {}
    var isEmpty: Bool { true }
    var count: Int { 0 }
    func apply(to attributes: inout pthread_attr_t) {}
    func applyToCurrentThread() {}
    func apply(to thread: pthread_t) {}
    #endif
}
