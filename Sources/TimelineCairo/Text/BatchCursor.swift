/// Hands out a batch's indices to several threads in consecutive chunks, each chunk to the first
/// thread that asks: a thread given short texts asks again sooner, so the threads finish
/// together however long and short texts alternate (a fixed split by position gave one thread
/// every title and the other every subtitle).
final class BatchCursor: @unchecked Sendable {
    private let lock = Lock()
    private var next = 0
    let count: Int
    let chunk: Int

    /// Indices `0..<count`, `chunk` at a time.
    init(count: Int, chunk: Int) {
        self.count = count
        self.chunk = max(1, chunk)
    }

    /// The next chunk not handed out yet, or nil when none is left.
    func take() -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        let start = next
        next = min(count, start + chunk)
        return start..<next
    }
}
