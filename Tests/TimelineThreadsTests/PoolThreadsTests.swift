import Dispatch
import Foundation
import TimelineThreads
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `Lanes` runs every index once and never waits for itself; a `PoolJob` runs once, on the pool
/// or on the thread that needs it done.
final class PoolThreadsTests: XCTestCase {
    func testEveryIndexRunsExactlyOnce() {
        for iterations in [0, 1, 2, 3, 7, 100] {
            let lock = Lock()
            nonisolated(unsafe) var runs = [Int](repeating: 0, count: iterations)
            Lanes.perform(iterations: iterations) { index in lock.withLock { runs[index] += 1 } }
            XCTAssertEqual(runs, [Int](repeating: 1, count: iterations), "\(iterations) iterations")
        }
    }

    /// The body is lent to the pool's threads only for the call: the runtime checks, as each call
    /// returns, that none of them still holds it.
    func testNoLaneKeepsTheBodyPastTheCall() {
        let lock = Lock()
        nonisolated(unsafe) var total = 0
        for _ in 0..<2_000 {
            Lanes.perform(iterations: 2) { _ in lock.withLock { total += 1 } }
        }
        XCTAssertEqual(total, 4_000)
    }

    /// Items found a few at a time and consumed in order are each worked on exactly once, before
    /// they are consumed, by the consuming thread or the pool's; on each lane in order.
    func testChunksInOrderWorksOnEveryItemOnceBeforeItIsConsumed() {
        for (count, chunkSize, lanes) in [(0, 4, 2), (1, 4, 2), (37, 4, 2), (64, 16, 3), (100, 7, 1)] {
            let lock = Lock()
            nonisolated(unsafe) var worked = [Int](repeating: 0, count: count)
            nonisolated(unsafe) var lanesSeen = Set<Int>()
            let chunks = ChunksInOrder(capacity: count, chunkSize: chunkSize, lanes: lanes) { items, lane in
                lock.withLock {
                    for item in items { worked[item] += 1 }
                    lanesSeen.insert(lane)
                }
            }
            // Found one by one, as a measurer finds texts; whole chunks are published as they fill.
            for found in stride(from: chunkSize, through: count, by: chunkSize) { chunks.found(found) }
            chunks.found(count, complete: true)
            for item in 0..<count {
                chunks.wait(for: item)
                XCTAssertEqual(lock.withLock { worked[item] }, 1, "item \(item) of \(count) done before it is consumed")
            }
            chunks.finish()
            XCTAssertEqual(worked, [Int](repeating: 1, count: count), "\(count) items in chunks of \(chunkSize)")
            XCTAssertTrue(lanesSeen.isSubset(of: Set(0..<lanes)), "\(lanesSeen)")
        }
    }

    /// A pool thread that is waiting for items when the last are found takes them, or stops.
    func testChunksInOrderFinishesWhenNothingMoreIsFound() {
        for _ in 0..<200 {
            nonisolated(unsafe) var total = 0
            let lock = Lock()
            let chunks = ChunksInOrder(capacity: 40, chunkSize: 8, lanes: 2) { items, _ in
                lock.withLock { total += items.count }
            }
            chunks.found(8)
            chunks.found(13, complete: true)
            chunks.wait(for: 12)
            chunks.finish()
            XCTAssertEqual(total, 13)
        }
    }

    /// A lane that asks for lanes again, and calls from several threads at once, each get every
    /// index.
    func testNestedAndConcurrentCallsFinish() {
        let lock = Lock()
        nonisolated(unsafe) var total = 0
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            Lanes.perform(iterations: 3) { _ in
                Lanes.perform(iterations: 5) { _ in lock.withLock { total += 1 } }
            }
        }
        XCTAssertEqual(total, 4 * 3 * 5)
    }

    /// A job runs once, here or on the pool, before `finish` returns, whoever asks first.
    func testAFinishedJobHasRunExactlyOnce() {
        let lock = Lock()
        nonisolated(unsafe) var runs = [Int](repeating: 0, count: 200)
        let jobs = (0..<200).map { index in PoolJob { lock.withLock { runs[index] += 1 } } }
        DispatchQueue.concurrentPerform(iterations: 4) { lane in
            for job in jobs[(lane * 50)..<(lane * 50 + 50)] { job.finish() }
        }
        for job in jobs { job.finish() }
        XCTAssertEqual(runs, [Int](repeating: 1, count: 200))
    }

    /// `drop` waits for a job the pool is running; one it has not started never runs.
    func testADroppedJobHasRunOrNeverRuns() {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var ran = false
        let running = PoolJob {
            started.signal()
            release.wait()
            ran = true
        }
        XCTAssertEqual(started.wait(timeout: .now() + 30), .success, "the pool starts the job")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { release.signal() }
        running.drop()
        XCTAssertTrue(ran, "drop returned once the running job had run")

        let lock = Lock()
        nonisolated(unsafe) var dropped = 0
        let jobs = (0..<200).map { _ in PoolJob { lock.withLock { dropped += 1 } } }
        for job in jobs { job.drop() }
        let afterDrop = lock.withLock { dropped }
        for job in jobs { job.finish() }
        XCTAssertEqual(lock.withLock { dropped }, afterDrop, "a dropped job never runs later")
    }
}
