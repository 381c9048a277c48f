import Dispatch
import TimelineThreads
import XCTest

/// `Lock` keeps threads out of each other's way, and a recursive one lets the thread holding it
/// take it again.
final class LockTests: XCTestCase {
    func testNoIncrementIsLostAcrossThreads() {
        let lock = Lock()
        nonisolated(unsafe) var count = 0
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { lock.withLock { count += 1 } }
        }
        XCTAssertEqual(count, 80_000)
    }

    func testARecursiveLockIsTakenAgainByItsHolder() {
        let lock = Lock(recursive: true)
        let value = lock.withLock { lock.withLock { lock.withLock { 42 } } }
        XCTAssertEqual(value, 42)
        // Released as often as taken: another thread takes it.
        let other = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = lock.withLock { other.signal() }
        }
        XCTAssertEqual(other.wait(timeout: .now() + 10), .success)
    }

    func testTheLockIsReleasedWhenTheBodyThrows() {
        struct Failure: Error {}
        let lock = Lock()
        XCTAssertThrowsError(try lock.withLock { throw Failure() })
        let taken = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { _ = lock.withLock { taken.signal() } }
        XCTAssertEqual(taken.wait(timeout: .now() + 10), .success)
    }
}
