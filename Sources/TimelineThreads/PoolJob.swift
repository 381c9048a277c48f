import Dispatch

/// A job run on a thread started for it, that the thread which needs it done runs itself when
/// that thread has not taken it yet, or could not start (a limit on processes): work done
/// meanwhile, never lost, so a thread that cannot start for it is no failure.
public final class PoolJob: @unchecked Sendable {
    /// Left once the job has run, or was dropped.
    private let done = DispatchGroup()
    private let lock = Lock()
    /// Guarded by `lock`: the job until something takes it.
    private var job: (() -> Void)?

    /// Starts `job` on a thread of its own.
    public init(_ job: @escaping @Sendable () -> Void) {
        self.job = job
        done.enter()
        _ = Lanes.startThread(detached: true) { [self] in runIfQueued() }
    }

    /// Returns once the job has run: here, if its thread has not taken it.
    public func finish() {
        if !runIfQueued() { done.wait() }
    }

    /// Returns once the job has run, or at once, never running it, if its thread has not taken it.
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
