import Dispatch
import XCTest

@testable import TimelineCairo

final class BatchCursorTests: XCTestCase {
    func testChunksCoverEveryIndexOnceInOrder() {
        let cursor = BatchCursor(count: 37, chunk: 16)
        XCTAssertEqual(cursor.take(), 0..<16)
        XCTAssertEqual(cursor.take(), 16..<32)
        XCTAssertEqual(cursor.take(), 32..<37)
        XCTAssertNil(cursor.take())
        XCTAssertNil(BatchCursor(count: 0, chunk: 16).take())
    }

    /// Threads taking at once get every index exactly once between them, and a thread that
    /// keeps taking gets more chunks than one that is slow.
    func testThreadsShareTheIndicesAndAFasterThreadTakesMore() {
        let cursor = BatchCursor(count: 1_000, chunk: 8)
        final class Taken: @unchecked Sendable {
            let lock = Lock()
            var byThread: [[Int]] = [[], []]
        }
        let taken = Taken()
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            var mine: [Int] = []
            while let chunk = cursor.take() {
                mine += Array(chunk)
                // Thread 1 measures slowly: long texts.
                if thread == 1 { usleep(2_000) }
            }
            taken.lock.withLock { taken.byThread[thread] = mine }
        }
        XCTAssertEqual((taken.byThread[0] + taken.byThread[1]).sorted(), Array(0..<1_000))
        XCTAssertGreaterThan(taken.byThread[0].count, taken.byThread[1].count)
    }
}
