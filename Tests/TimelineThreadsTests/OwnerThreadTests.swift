import Dispatch
import XCTest

@testable import TimelineThreads

/// One thread runs every job given to it, one at a time and in the order given, with no lock held
/// while a job runs: a job that gives it more work runs that work at once, and what `run` lends
/// does not outlive the call.
final class OwnerThreadTests: XCTestCase {
    func testJobsFromManyThreadsRunOnOneThreadInTheOrderGiven() {
        let owner = OwnerThread(name: "test")
        let log = Log()
        DispatchQueue.concurrentPerform(iterations: 4) { giver in
            for index in 0..<50 {
                let onOwner = owner.run { () -> Bool in
                    log.add(giver, index)
                    return owner.isCurrent
                }
                XCTAssertTrue(onOwner)
            }
        }
        XCTAssertEqual(log.entries.count, 200)
        for giver in 0..<4 {
            XCTAssertEqual(log.entries.filter { $0.0 == giver }.map(\.1), Array(0..<50), "giver \(giver)'s order")
        }
        XCTAssertNil(owner.failedStart)
    }

    func testAJobThatGivesMoreWorkRunsItAtOnce() {
        let owner = OwnerThread(name: "test")
        let answer = owner.run { owner.run { owner.run { 42 } } + 1 }
        XCTAssertEqual(answer, 43)
    }

    func testPostedJobsRunAfterTheJobsGivenBefore() {
        let owner = OwnerThread(name: "test")
        let log = Log()
        for index in 0..<20 { owner.post { log.add(0, index) } }
        let seen = owner.run { log.entries.map(\.1) }
        XCTAssertEqual(seen, Array(0..<20))
        XCTAssertFalse(owner.isCurrent)
    }

    func testAnErrorComesBackToTheGiver() {
        struct Failure: Error {}
        let owner = OwnerThread(name: "test")
        XCTAssertThrowsError(try owner.run { throw Failure() }) { XCTAssertTrue($0 is Failure) }
    }

    private final class Log: @unchecked Sendable {
        private let lock = Lock()
        private var kept: [(Int, Int)] = []
        func add(_ giver: Int, _ index: Int) { lock.withLock { kept.append((giver, index)) } }
        var entries: [(Int, Int)] { lock.withLock { kept } }
    }
}
