import Dispatch

/// `DispatchQueue.concurrentPerform` on threads kept waiting for work: its other iterations
/// started 0.4 to 2 ms after the first in this VM (2 cores, kernel 6.18; the dispatch pool makes
/// or wakes a thread, often on the caller's core), which was most of the gain of splitting a
/// 1,000-item card's SVG parts or the joining of its bytes. A kept thread is woken on another core
/// (`JobMailbox`) and starts within a few hundredths of a millisecond. A call finds the threads
/// busy (another render's, or a call from one of them) and then uses the dispatch pool.
enum KeptLanes {
    /// Runs `body` for every index in `0..<iterations`, on this thread and as many kept threads
    /// as are free (one fewer than the cores at most), each taking the next index until none is left.
    static func perform(iterations: Int, _ body: (Int) -> Void) {
        guard iterations > 1 else {
            if iterations == 1 { body(0) }
            return
        }
        let workers = pool.acquire(upTo: iterations - 1)
        guard !workers.isEmpty else {
            withoutActuallyEscaping(body) { body in
                let lane = UncheckedBody(body)
                DispatchQueue.concurrentPerform(iterations: iterations) { lane.body($0) }
            }
            return
        }
        defer { pool.release(workers) }
        let indices = IndexCounter(count: iterations)
        withoutActuallyEscaping(body) { body in
            // Every worker's job has run before this returns: `body` does not outlive the call.
            let lane = UncheckedBody(body)
            for worker in workers {
                worker.post {
                    while let index = indices.take() { lane.body(index) }
                }
            }
            while let index = indices.take() { body(index) }
            for worker in workers { worker.waitForJob() }
        }
    }

    /// Starts `job` on a kept thread and returns at once; nil, having run nothing, when none is
    /// free. What the job uses is the caller's again once it has waited for it (`KeptJob.wait`).
    static func start(_ job: @escaping () -> Void) -> KeptJob? {
        guard let worker = pool.acquire(upTo: 1).first else { return nil }
        worker.post(job)
        return KeptJob(worker: worker)
    }

    /// A job started with `start`, its thread kept from other lanes until it is waited for.
    final class KeptJob {
        private var worker: JobMailbox?

        fileprivate init(worker: JobMailbox) { self.worker = worker }

        deinit { wait() }

        /// Waits until the job has run, then gives its thread back; again, returns at once.
        func wait() {
            guard let worker else { return }
            self.worker = nil
            worker.waitForJob()
            KeptLanes.pool.release([worker])
        }
    }

    private static let pool = Pool()

    /// Makes the kept threads not made yet: the first call needing one otherwise makes it itself.
    static func makeThreads() {
        pool.makeThreads()
    }

    /// How many kept threads were made, for tests.
    static var threadsMade: Int { pool.threadsMade }

    /// The kept threads: made on first need, one fewer than the cores, each serving its mailbox.
    private final class Pool: @unchecked Sendable {
        private let lock = Lock()
        private var idle: [JobMailbox] = []
        private var made = 0
        private let most = max(0, Cores.allowedCount - 1)

        func acquire(upTo count: Int) -> [JobMailbox] {
            lock.lock()
            defer { lock.unlock() }
            var taken: [JobMailbox] = []
            while taken.count < count, let mailbox = idle.popLast() { taken.append(mailbox) }
            while taken.count < count, made < most {
                let mailbox = JobMailbox()
                guard StartedThread.start({ mailbox.serve() }) else { break }
                made += 1
                taken.append(mailbox)
            }
            return taken
        }

        var threadsMade: Int { lock.withLock { made } }

        /// Makes the threads not made yet, each idle at once: none is ever taken from a caller.
        func makeThreads() {
            lock.lock()
            defer { lock.unlock() }
            while made < most {
                let mailbox = JobMailbox()
                guard StartedThread.start({ mailbox.serve() }) else { return }
                made += 1
                idle.append(mailbox)
            }
        }

        func release(_ mailboxes: [JobMailbox]) {
            lock.withLock { idle += mailboxes }
        }
    }

    /// The next index to run, for every lane.
    private final class IndexCounter: @unchecked Sendable {
        private let lock = Lock()
        private var next = 0
        private let count: Int
        init(count: Int) { self.count = count }

        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }
    }

    private struct UncheckedBody: @unchecked Sendable {
        let body: (Int) -> Void
        init(_ body: @escaping (Int) -> Void) { self.body = body }
    }
}

/// The threads `KeptLanes` keeps, made ahead by a thread with nothing else to do: a render makes
/// them on its own time otherwise, when it first writes parts of a document on two cores or reads
/// a big one's glyph outlines while laying it out (a tenth of a millisecond, on its critical path).
public enum KeptThreads {
    public static func makeAhead() {
        KeptLanes.makeThreads()
    }
}
