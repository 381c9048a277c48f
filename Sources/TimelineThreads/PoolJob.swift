import Dispatch

/// A job queued on Dispatch's pool that the thread which needs it done runs itself when no pool
/// thread has taken it yet (nor is it queued where the pool has no room for threads: `ThreadRoom`).
public final class PoolJob: @unchecked Sendable {
    /// Left once the job has run, or was dropped.
    private let done = DispatchGroup()
    private let lock = Lock()
    /// Guarded by `lock`: the job until something takes it.
    private var job: (() -> Void)?

    /// Queues `job` on the global pool.
    public init(_ job: @escaping @Sendable () -> Void) {
        self.job = job
        done.enter()
        if ThreadRoom.available { DispatchQueue.global().async { [self] in runIfQueued() } }
    }

    /// Returns once the job has run: here, if no pool thread has taken it.
    public func finish() {
        if !runIfQueued() { done.wait() }
    }

    /// Returns once the job has run, or at once, never running it, if no pool thread has taken it.
    public func drop() {
        if take() != nil {
            done.leave()
        } else {
            done.wait()
        }
    }

    /// Runs the job if nothing has taken it; whether it ran here.
    @discardableResult
    private func runIfQueued() -> Bool {
        guard let job = take() else { return false }
        job()
        done.leave()
        return true
    }

    private func take() -> (() -> Void)? {
        lock.withLock {
            defer { job = nil }
            return job
        }
    }
}
