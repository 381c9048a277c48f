import Dispatch

/// Items that one thread finds one by one and then consumes in order, each worked on first, in
/// chunks, by pool threads (`PoolJob`) and by that thread: the pool's threads take each chunk as
/// soon as it is whole; the consuming thread, when the item it needs next is in a chunk nobody
/// took, does that chunk itself, and while another thread does it, the next ones nobody took.
/// Every chunk is done exactly once, by whichever thread took it; `work` gets the chunk's items
/// and the lane doing it (0 for the consuming thread, 1... for the pool's), so that each lane
/// keeps state of its own.
public final class ChunksInOrder: @unchecked Sendable {
    public let chunkSize: Int
    private let lanes: Int
    /// Let go of in `finish`: never called after, whatever it holds may go.
    private var work: ((Range<Int>, Int) -> Void)?
    private let lock = Lock()
    /// Guarded by `lock`: items found, chunks handed out (all below are taken), which are done,
    /// and whether every item is found.
    private var found = 0
    private var taken = 0
    private var done: [Bool]
    private var isComplete = false
    /// Signalled once its chunk is done, for the consuming thread to wait on.
    private let finished: [DispatchSemaphore]
    /// Signalled as chunks are found, for pool threads waiting for one.
    private let moreFound = DispatchSemaphore(value: 0)
    private var helpers: [PoolJob] = []

    /// At most `capacity` items, worked on by `work` on this thread and `lanes - 1` pool threads.
    public init(capacity: Int, chunkSize: Int, lanes: Int, work: @escaping (Range<Int>, Int) -> Void) {
        self.chunkSize = chunkSize
        self.lanes = max(1, lanes)
        self.work = work
        let chunks = (capacity + chunkSize - 1) / chunkSize
        done = [Bool](repeating: false, count: chunks)
        finished = (0..<chunks).map { _ in DispatchSemaphore(value: 0) }
    }

    /// `count` items are found (written before this call, read by `work` after): whole chunks
    /// may be worked on, and the pool's threads start with the first (fewer items than a chunk
    /// are left to the consuming thread). `complete` once all are, and nothing is found after.
    public func found(_ count: Int, complete: Bool = false) {
        lock.withLock {
            precondition(!isComplete && count >= found, "items found after all were")
            found = count
            isComplete = complete
        }
        if helpers.isEmpty, count >= chunkSize {
            for lane in 1..<lanes { helpers.append(PoolJob { [self] in workOnChunks(lane: lane) }) }
        }
        // Wakes a waiting pool thread per call, and all of them once complete.
        for _ in 0..<(complete ? lanes : 1) { moreFound.signal() }
    }

    /// Returns once the chunk of item `index` is done: here if nobody took it; while another
    /// thread does it, this one does the next chunks nobody took, then waits. After `complete`.
    public func wait(for index: Int) {
        let chunk = index / chunkSize
        while true {
            let (isDone, isTaken) = lock.withLock {
                precondition(isComplete && index < found, "waiting for an item not found")
                return (done[chunk], chunk < taken)
            }
            if isDone { return }
            if case .chunk(let next, let items) = nextChunk() {
                run(next, items, lane: 0)
            } else if isTaken {
                finished[chunk].wait()
                return
            }
        }
    }

    /// Returns once the pool's threads are done: they find no chunk left, or their job never
    /// started and runs here. `work` is not called after.
    public func finish() {
        lock.withLock { precondition(isComplete || helpers.isEmpty, "finished before every item was found") }
        for helper in helpers { helper.finish() }
        work = nil
    }

    /// A pool thread's work: chunks as they are found, until every item is found and taken.
    private func workOnChunks(lane: Int) {
        while true {
            switch nextChunk() {
            case .chunk(let chunk, let items): run(chunk, items, lane: lane)
            case .later: moreFound.wait()
            case .none: return
            }
        }
    }

    private enum NextChunk {
        case chunk(Int, items: Range<Int>)
        /// None found yet that nobody took.
        case later
        /// Every chunk is found and taken.
        case none
    }

    /// The first found chunk nobody took, now the caller's.
    private func nextChunk() -> NextChunk {
        lock.withLock {
            // A chunk is ready once whole, the last once every item is found.
            let ready = isComplete ? (found + chunkSize - 1) / chunkSize : found / chunkSize
            guard taken < ready else { return isComplete ? .none : .later }
            taken += 1
            let start = (taken - 1) * chunkSize
            return .chunk(taken - 1, items: start..<min(found, start + chunkSize))
        }
    }

    private func run(_ chunk: Int, _ items: Range<Int>, lane: Int) {
        work?(items, lane)
        lock.withLock { done[chunk] = true }
        finished[chunk].signal()
    }
}
