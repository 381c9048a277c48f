import Dispatch
import XCTest

@testable import TimelineCairo

#if canImport(Glibc)
import CLinux
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

    #if os(Linux)
    /// The cores a thread is started on leave out the caller's (when there is another), and a
    /// started job may run on every core the process may.
    func testAThreadStartsElsewhereThenMayRunAnywhere() throws {
        let allowed = try XCTUnwrap(Cores.allowed())
        var elsewhere = allowed
        let here = Cores.current()
        elsewhere.remove(here)
        XCTAssertFalse(elsewhere.contains(here))
        if allowed.count > 1 { XCTAssertEqual(elsewhere.count, allowed.count - 1) }

        let done = DispatchGroup()
        done.enter()
        nonisolated(unsafe) var jobCores: Cores?
        StartedThread.run {
            jobCores = Cores.ofCurrentThread()
            done.leave()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(jobCores?.count, allowed.count)
    }
    #endif
}
