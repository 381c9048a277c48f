import Dispatch

/// Work split over the cores by the dispatch pool (`DispatchQueue.concurrentPerform`).
public enum Lanes {
    /// Runs `body` for every index in `0..<iterations`, on this thread and the pool's, and returns
    /// once every index has run; one iteration, or all where the pool has no room for threads
    /// (`ThreadRoom`), run here, in order.
    public static func perform(iterations: Int, _ body: (Int) -> Void) {
        guard iterations > 1, ThreadRoom.available else {
            for index in 0..<max(0, iterations) { body(index) }
            return
        }
        withoutActuallyEscaping(body) { body in
            // The body does not outlive the call: concurrentPerform returns once every index ran.
            let lane = UncheckedBody(body)
            DispatchQueue.concurrentPerform(iterations: iterations) { lane.body($0) }
        }
    }

    private struct UncheckedBody: @unchecked Sendable {
        let body: (Int) -> Void
        init(_ body: @escaping (Int) -> Void) { self.body = body }
    }
}
