import Dispatch

/// Jobs handed one at a time to a thread kept waiting for them (a shaping helper's, which owns
/// its fonts).
final class JobMailbox: @unchecked Sendable {
    private let lock = Lock()
    private let posted = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// Guarded by `lock`.
    private var job: (() -> Void)?
    private var closed = false

    /// Runs the jobs posted, one at a time, until `close`: the serving thread's last call.
    func serve() {
        while true {
            posted.wait()
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
        lock.withLock { self.job = job }
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
