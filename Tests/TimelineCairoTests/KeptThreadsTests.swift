import Dispatch
import Foundation
import XCTest

@testable import TimelineCairo

#if canImport(Glibc)
import Glibc
#endif

/// `Lanes` runs every index once and never waits for itself; a `JobMailbox` runs each posted job
/// on its serving thread.
final class KeptThreadsTests: XCTestCase {
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

    #if os(Linux)
    /// Shaping helpers made ahead and never taken (a big document that fails to decode, a
    /// `--watch` round whose renderer goes) let their threads go with them: each thread held what
    /// held its helper while it waited, and a watch leaked a thread and a font library a round.
    func testHelpersMadeAheadAndDroppedLetTheirThreadsGo() throws {
        func threads() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0 }
        let before = threads()
        for _ in 0..<6 {
            var ahead = PangoTextMeasurer.makeHelpersAhead(
                threads: 2, fontDirectories: [], systemFonts: false, warmUpFonts: ["Inter 12"])
            XCTAssertNotNil(ahead)
            ahead?.made.wait()
            ahead = nil
        }
        let deadline = Date().addingTimeInterval(30)
        while threads() > before + 2, Date() < deadline { usleep(10_000) }
        XCTAssertLessThanOrEqual(threads(), before + 2, "six helpers' threads are gone")
    }
    #endif

    func testAMailboxRunsEachJobOnItsThreadUntilClosed() {
        let mailbox = JobMailbox()
        let served = DispatchGroup()
        served.enter()
        XCTAssertTrue(
            StartedThread.start {
                mailbox.serve()
                served.leave()
            })
        nonisolated(unsafe) var values: [Int] = []
        for value in 0..<5 {
            mailbox.post { values.append(value) }
            mailbox.waitForJob()
        }
        XCTAssertEqual(values, [0, 1, 2, 3, 4])
        mailbox.close()
        XCTAssertEqual(served.wait(timeout: .now() + 30), .success, "the serving thread returns once closed")
    }
}
