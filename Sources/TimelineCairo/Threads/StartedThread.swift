import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own for one job, running as soon as it is asked for, where the system's
/// scheduler puts it.
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
        let box = Unmanaged.passRetained(Job(job)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
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
