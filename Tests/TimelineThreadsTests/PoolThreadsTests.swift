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
