import Dispatch
import Foundation
import XCTest

@testable import TimelineCairo

#if canImport(Glibc)
import Glibc
#endif

/// The kept threads: `KeptLanes` runs every index once, on this thread and kept ones, and never
/// waits for itself; a `JobMailbox` runs each posted job on its serving thread.
final class KeptThreadsTests: XCTestCase {
    func testEveryIndexRunsExactlyOnce() {
        for iterations in [0, 1, 2, 3, 7, 100] {
            let lock = Lock()
            nonisolated(unsafe) var runs = [Int](repeating: 0, count: iterations)
            KeptLanes.perform(iterations: iterations) { index in lock.withLock { runs[index] += 1 } }
            XCTAssertEqual(runs, [Int](repeating: 1, count: iterations), "\(iterations) iterations")
        }
    }

    /// The body is lent to the kept threads only for the call: the runtime checks, as each call
    /// returns, that none of them still holds it (a thread that let go of its job only after
    /// saying it was done tripped this check).
    func testNoLaneKeepsTheBodyPastTheCall() {
        let lock = Lock()
        nonisolated(unsafe) var total = 0
        for _ in 0..<2_000 {
            KeptLanes.perform(iterations: 2) { _ in lock.withLock { total += 1 } }
        }
        XCTAssertEqual(total, 4_000)
    }

    /// A job started on a kept thread runs there while the caller goes on, has run once the
    /// caller waited, and gives its thread back: the next call finds it. With the kept threads
    /// busy, nothing is started.
    func testAStartedJobRunsElsewhereAndIsWaitedFor() throws {
        try XCTSkipIf(Cores.allowedCount < 2, "one core: no kept thread")
        let caller = pthread_self()
        let lock = Lock()
        nonisolated(unsafe) var ranOn: pthread_t?
        let release = DispatchSemaphore(value: 0)
        let job = try XCTUnwrap(
            KeptLanes.start {
                release.wait()
                lock.withLock { ranOn = pthread_self() }
            })
        XCTAssertNil(lock.withLock { ranOn }, "the caller went on while the job waited")
        release.signal()
        job.wait()
        let thread = try XCTUnwrap(lock.withLock { ranOn })
        XCTAssertEqual(pthread_equal(thread, caller), 0)
        job.wait() // again: returns at once
        // Every kept thread busy: nothing more starts.
        var held: [KeptLanes.KeptJob] = []
        let hold = DispatchSemaphore(value: 0)
        while let more = KeptLanes.start({ hold.wait() }) { held.append(more) }
        XCTAssertEqual(held.count, Cores.allowedCount - 1)
        nonisolated(unsafe) var ran = false
        XCTAssertNil(KeptLanes.start { ran = true })
        for _ in held { hold.signal() }
        held.removeAll() // each waited for as it goes
        XCTAssertFalse(ran)
        XCTAssertNotNil(KeptLanes.start {})
    }

    /// A lane that asks for lanes again gets the dispatch pool (the kept threads are its own),
    /// and calls from several threads at once each get every index.
    func testNestedAndConcurrentCallsFinish() {
        let lock = Lock()
        nonisolated(unsafe) var total = 0
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            KeptLanes.perform(iterations: 3) { _ in
                KeptLanes.perform(iterations: 5) { _ in lock.withLock { total += 1 } }
            }
        }
        XCTAssertEqual(total, 4 * 3 * 5)
    }

    #if os(Linux)
    /// With two cores or more, a call's other lanes run on another thread than the caller's.
    func testLanesRunOnAnotherThreadWhenThereAreCores() throws {
        try XCTSkipIf(Cores.allowedCount < 2, "one core")
        let caller = pthread_self()
        let lock = Lock()
        nonisolated(unsafe) var elsewhere = 0
        // Each lane waits for the other, so both must run at once.
        let both = DispatchGroup()
        both.enter()
        both.enter()
        KeptLanes.perform(iterations: 2) { _ in
            both.leave()
            XCTAssertEqual(both.wait(timeout: .now() + 30), .success)
            lock.withLock { if pthread_equal(pthread_self(), caller) == 0 { elsewhere += 1 } }
        }
        XCTAssertEqual(elsewhere, 1)
    }
    #endif

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

    /// Threads made ahead are those later calls take: none is made then.
    func testThreadsMadeAheadAreTheOnesCallsTake() throws {
        try XCTSkipIf(Cores.allowedCount < 2, "one core: no kept thread")
        KeptThreads.makeAhead()
        let made = KeptLanes.threadsMade
        XCTAssertEqual(made, Cores.allowedCount - 1)
        var held: [KeptLanes.KeptJob] = []
        let hold = DispatchSemaphore(value: 0)
        while let job = KeptLanes.start({ hold.wait() }) { held.append(job) }
        XCTAssertEqual(held.count, made)
        XCTAssertEqual(KeptLanes.threadsMade, made, "no thread made")
        for _ in held { hold.signal() }
    }

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
