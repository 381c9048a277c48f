import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Jobs handed one at a time to a thread kept waiting for them. `DispatchQueue.concurrentPerform`'s
/// second iteration waited 2 ms in this VM for the dispatch pool to make or wake a thread, a
/// tenth of a 1,000-item card's shaping. A thread woken by a post is moreover woken on the
/// poster's core about as often (2 cores, kernel 6.18), where it waits for the poster's time
/// slice while the other core idles: so it is woken on another core, then let run anywhere.
final class JobMailbox: @unchecked Sendable {
    private let lock = Lock()
    private let posted = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// Guarded by `lock`.
    private var job: (() -> Void)?
    private var closed = false
    /// The serving thread, once it serves.
    private var server: pthread_t?

    /// Runs the jobs posted, one at a time, until `close`: the serving thread's last call.
    func serve() {
        lock.withLock { server = pthread_self() }
        while true {
            posted.wait()
            Cores.allowed()?.applyToCurrentThread()
            lock.lock()
            var job = self.job
            self.job = nil
            let closed = self.closed
            lock.unlock()
            guard job != nil, !closed else { return }
            job?()
            // Released before the poster hears of it: a job may hold what the poster lent it
            // only for the call (through `withoutActuallyEscaping`).
            job = nil
            finished.signal()
        }
    }

    /// Hands `job` to the serving thread; `waitForJob` before posting another.
    func post(_ job: @escaping () -> Void) {
        let server = lock.withLock {
            self.job = job
            return self.server
        }
        if let server, var elsewhere = Cores.allowed() {
            elsewhere.remove(Cores.current())
            if !elsewhere.isEmpty { elsewhere.apply(to: server) }
        }
        posted.signal()
    }

    /// Waits until the job posted last has run.
    func waitForJob() {
        finished.wait()
    }

    /// Lets the serving thread return once it is done with its job.
    func close() {
        lock.withLock { closed = true }
        posted.signal()
    }
}
