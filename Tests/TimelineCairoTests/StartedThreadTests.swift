import Dispatch
import XCTest

@testable import TimelineCairo

#if canImport(Glibc)
import Glibc
#endif

final class StartedThreadTests: XCTestCase {
    /// Every job runs, each on a thread other than the caller's.
    func testJobsRunOnThreadsOfTheirOwn() {
        let done = DispatchGroup()
        let caller = pthread_self()
        let lock = Lock()
        nonisolated(unsafe) var others = 0
        for _ in 0..<20 {
            done.enter()
            StartedThread.run {
                lock.withLock { if pthread_equal(pthread_self(), caller) == 0 { others += 1 } }
                done.leave()
            }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(others, 20)
    }
}
