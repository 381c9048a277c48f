import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One thread that owns objects of a library which is not safe on several threads at once: every
/// use of them is a job run on this thread, one job at a time, in the order they were given. No
/// lock is held while a job runs; other threads give jobs and wait for their answers (`run`), or
/// give a job and go on (`post`: letting go of an object from a deinit, loading ahead).
/// The thread starts at the first job. Where it cannot start (a limit on processes), jobs run on
/// the thread that gives them, and `failedStart` says why: a process that then renders on one
/// thread alone (`--jobs 1`, the command line's answer to a failed start) still keeps every such
/// object on one thread.
public final class OwnerThread: @unchecked Sendable {
    private let name: String
    private let access = Lock()
    private let wake = DispatchSemaphore(value: 0)
    /// Guarded by `access`: jobs not started yet, in order, and whether the thread was tried.
    private var queue: [Job?] = []
    private var next = 0
    private var tried = false
    private var failure: String?
    /// The thread's id once it runs; set before any job runs, never changed after.
    nonisolated(unsafe) private var thread: pthread_t?

    public init(name: String) {
        self.name = name
    }

    /// Why the thread could not start, if it could not.
    public var failedStart: String? {
        access.withLock { failure }
    }

    /// Whether the calling thread is this one, or the one jobs run on when it could not start.
    public var isCurrent: Bool {
        guard let thread = access.withLock({ self.thread }) else { return false }
        return pthread_equal(thread, pthread_self()) != 0
    }

    /// Runs `body` on this thread and returns its answer: at once when called from it (jobs that
    /// need more of its work), else once the jobs given before are done.
    public func run<T>(_ body: () throws -> T) rethrows -> T {
        if isCurrent || !startIfNeeded() { return try body() }
        return try withoutActuallyEscaping(body) { body in
            // `body` does not outlive the call: this thread waits until the job has run.
            let answer = Answer<T>()
            let job = Job({ answer.value = Result { try body() } }, done: DispatchSemaphore(value: 0))
            enqueue(job)
            job.done?.wait()
            return try answer.value!.get()
        }
    }

    /// Gives `job` to this thread without waiting for it; runs it at once when called from it, or
    /// where the thread could not start.
    public func post(_ job: @escaping () -> Void) {
        if isCurrent || !startIfNeeded() {
            job()
            return
        }
        enqueue(Job(job, done: nil))
    }

    private func enqueue(_ job: Job) {
        access.withLock { queue.append(job) }
        wake.signal()
    }

    /// Starts the thread if it has not been tried yet; false when it could not start.
    @discardableResult
    public func startIfNeeded() -> Bool {
        access.lock()
        defer { access.unlock() }
        if tried { return failure == nil }
        tried = true
        let started = Lanes.startThread(detached: true) { [self] in loop() }
        switch started {
        case .success(let thread): self.thread = thread
        case .failure(let error):
            failure = error.reason
            Lanes.record(error)
        }
        return failure == nil
    }

    private func loop() {
        // The id is known to other threads as soon as `startIfNeeded` returns; this thread may
        // get here first and sets it too (the same value).
        access.withLock { thread = pthread_self() }
        while true {
            wake.wait()
            let job: Job = access.withLock {
                let job = queue[next]!
                queue[next] = nil
                next += 1
                if next == queue.count {
                    queue.removeAll(keepingCapacity: true)
                    next = 0
                }
                return job
            }
            job.run()
        }
    }

    /// A job, and for one whose giver waits, what tells it that the job has run.
    private final class Job {
        private var body: (() -> Void)?
        let done: DispatchSemaphore?

        init(_ body: @escaping () -> Void, done: DispatchSemaphore?) {
            self.body = body
            self.done = done
        }

        /// Runs the body and lets go of it before the giver is told (`run` lends a closure that
        /// must not outlive its call).
        func run() {
            body?()
            body = nil
            done?.signal()
        }
    }

    private final class Answer<T>: @unchecked Sendable {
        var value: Result<T, any Error>?
    }
}
