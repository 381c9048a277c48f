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

/// `Lanes` runs every index once, a lane one index at a time, and never waits for itself; a
/// `PoolJob` runs once, on its own thread or on the thread that needs it done.
final class PoolThreadsTests: XCTestCase {
    func testEveryIndexRunsExactlyOnce() {
        for (iterations, threads) in [(0, 2), (1, 4), (2, 2), (3, 8), (7, 3), (100, 4), (100, 1)] {
            let lock = Lock()
            nonisolated(unsafe) var runs = [Int](repeating: 0, count: iterations)
            Lanes.perform(iterations: iterations, threads: threads) { index, _ in lock.withLock { runs[index] += 1 } }
            XCTAssertEqual(runs, [Int](repeating: 1, count: iterations), "\(iterations) iterations on \(threads)")
        }
    }

    /// Lanes are numbered from 0 (this thread) below the threads asked for and the indices, and
    /// a lane runs one index at a time: what it keeps for itself needs no lock. Each index's
    /// result lands in its own slot, in index order whichever lane made it.
    func testALaneRunsOneIndexAtATimeAndResultsKeepIndexOrder() {
        let threads = 4
        let lock = Lock()
        nonisolated(unsafe) var busy = [Bool](repeating: false, count: threads)
        nonisolated(unsafe) var overlaps = 0
        nonisolated(unsafe) var lanesSeen = Set<Int>()
        var squares = [Int](repeating: -1, count: 500)
        squares.withUnsafeMutableBufferPointer { buffer in
            let slots = Slots(buffer)
            Lanes.perform(iterations: 500, threads: threads) { index, lane in
                lock.withLock {
                    if busy[lane] { overlaps += 1 }
                    busy[lane] = true
                    lanesSeen.insert(lane)
                }
                slots.buffer[index] = index * index
                lock.withLock { busy[lane] = false }
            }
        }
        XCTAssertEqual(overlaps, 0)
        XCTAssertTrue(lanesSeen.isSubset(of: Set(0..<threads)), "\(lanesSeen)")
        XCTAssertEqual(squares, (0..<500).map { $0 * $0 })
    }

    /// Indices prepared and results taken in order are each prepared and taken once, on this
    /// thread, in index order: an index is prepared before its body runs on whichever lane, and
    /// taken after it ran; with one lane, each index is prepared, runs, then is taken.
    func testIndicesArePreparedAndTakenHereInOrderAroundTheirBodies() {
        for (iterations, threads) in [(0, 2), (1, 3), (2, 2), (7, 3), (200, 4), (50, 1)] {
            let here = pthread_self()
            let lock = Lock()
            nonisolated(unsafe) var preparedFlags = [Bool](repeating: false, count: iterations)
            nonisolated(unsafe) var ran = [Bool](repeating: false, count: iterations)
            nonisolated(unsafe) var ranUnprepared = 0
            var prepared: [Int] = []
            var taken: [Int] = []
            var hereOnly = true
            var takenAfterRun = true
            Lanes.perform(
                iterations: iterations, threads: threads,
                preparingInOrder: { index in
                    hereOnly = hereOnly && pthread_equal(here, pthread_self()) != 0
                    // Slow enough at first that other lanes wait for indices to be prepared.
                    if index < 3 { usleep(300) }
                    lock.withLock { preparedFlags[index] = true }
                    prepared.append(index)
                },
                { index, _ in
                    // Uneven work, so that lanes finish out of order.
                    if index % 3 == 0 { usleep(200) }
                    lock.withLock {
                        if !preparedFlags[index] { ranUnprepared += 1 }
                        ran[index] = true
                    }
                },
                takingInOrder: { index in
                    hereOnly = hereOnly && pthread_equal(here, pthread_self()) != 0
                    takenAfterRun = takenAfterRun && lock.withLock { ran[index] }
                    taken.append(index)
                })
            let label = "\(iterations) iterations on \(threads)"
            XCTAssertEqual(prepared, Array(0..<iterations), label)
            XCTAssertEqual(taken, Array(0..<iterations), label)
            XCTAssertEqual(ranUnprepared, 0, label)
            XCTAssertTrue(hereOnly, label)
            XCTAssertTrue(takenAfterRun, label)
        }
    }

    /// While this thread prepares the next indices or takes a slow result, the other lanes run
    /// indices: preparing and taking overlap the work instead of bracketing it.
    func testOtherLanesRunWhileIndicesArePreparedAndResultsTaken() {
        let lock = Lock()
        nonisolated(unsafe) var runningDuringPrepare = 0
        nonisolated(unsafe) var runningDuringTake = 0
        nonisolated(unsafe) var running = 0
        Lanes.perform(
            iterations: 40, threads: 2,
            preparingInOrder: { _ in
                usleep(500)
                lock.withLock { if running > 0 { runningDuringPrepare += 1 } }
            },
            { _, _ in
                lock.withLock { running += 1 }
                usleep(1_000)
                lock.withLock { running -= 1 }
            },
            takingInOrder: { _ in
                usleep(1_000)
                lock.withLock { if running > 0 { runningDuringTake += 1 } }
            })
        XCTAssertGreaterThan(runningDuringPrepare, 0)
        XCTAssertGreaterThan(runningDuringTake, 0)
    }

    /// `alongside` runs its body here and the other work on another thread, both done when it
    /// returns, the body's answer returned.
    func testAlongsideRunsTheBodyHereAndTheOtherWorkBeside() {
        let here = pthread_self()
        nonisolated(unsafe) var otherHere = true
        nonisolated(unsafe) var otherDone = false
        let answer = Lanes.alongside(
            {
                otherHere = pthread_equal(here, pthread_self()) != 0
                usleep(2_000)
                otherDone = true
            },
            while: { () -> Int in
                XCTAssertNotEqual(pthread_equal(here, pthread_self()), 0)
                return 42
            })
        XCTAssertEqual(answer, 42)
        XCTAssertTrue(otherDone)
        XCTAssertFalse(otherHere)
    }

    /// One lane starts no thread: every index runs here, in order.
    func testOneLaneRunsEveryIndexHereInOrder() {
        let here = pthread_self()
        var order: [Int] = []
        Lanes.perform(iterations: 5, threads: 1) { index, lane in
            XCTAssertEqual(lane, 0)
            XCTAssertNotEqual(pthread_equal(here, pthread_self()), 0)
            order.append(index)
        }
        XCTAssertEqual(order, [0, 1, 2, 3, 4])
    }

    /// The body is lent to the started threads only for the call: the runtime checks, as each
    /// call returns, that none of them still holds it.
    func testNoLaneKeepsTheBodyPastTheCall() {
        let lock = Lock()
        nonisolated(unsafe) var total = 0
        for _ in 0..<500 {
            Lanes.perform(iterations: 2, threads: 2) { _, _ in lock.withLock { total += 1 } }
        }
        XCTAssertEqual(total, 1_000)
    }

    /// A lane that asks for lanes again, and calls from several threads at once, each get every
    /// index.
    func testNestedAndConcurrentCallsFinish() {
        let lock = Lock()
        nonisolated(unsafe) var total = 0
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            Lanes.perform(iterations: 3, threads: 2) { _, _ in
                Lanes.perform(iterations: 5, threads: 2) { _, _ in lock.withLock { total += 1 } }
            }
        }
        XCTAssertEqual(total, 4 * 3 * 5)
    }

    /// Where every thread starts, none is counted as failed.
    func testStartedThreadsCountNoFailure() {
        let before = Lanes.failedStarts.count
        Lanes.perform(iterations: 8, threads: 4) { _, _ in }
        XCTAssertEqual(Lanes.failedStarts.count, before)
    }

    /// Under a limit on processes that leaves no room for another thread, no lane's thread can
    /// start: every index still runs, on this thread, one failure is counted (no further start is
    /// tried) with the system's reason. In a child process of this test binary, as nobody (whom
    /// `RLIMIT_NPROC` binds), which sets the limit at its own thread count for the call only:
    /// XCTest itself needs Dispatch's threads, which wait for ever for a thread they cannot start.
    func testAThreadThatCannotStartIsCountedAndItsIndicesRunHere() throws {
        if ProcessInfo.processInfo.environment[Self.childVariable] == "1" {
            let before = Lanes.failedStarts.count
            let lock = Lock()
            nonisolated(unsafe) var runs = [Int](repeating: 0, count: 6)
            Self.withoutRoomForAThread {
                Lanes.perform(iterations: 6, threads: 3) { index, lane in
                    lock.withLock { runs[index] += lane == 0 ? 1 : 100 }
                }
            }
            XCTAssertEqual(runs, [Int](repeating: 1, count: 6))
            XCTAssertEqual(Lanes.failedStarts.count, before + 1, "one failure stops further starts")
            XCTAssertEqual(Lanes.failedStarts.reason, String(cString: strerror(EAGAIN)))
            // Indices prepared and taken in order, and work beside the caller's, all run here.
            var prepared: [Int] = []
            var taken: [Int] = []
            nonisolated(unsafe) var ordered = [Int](repeating: 0, count: 5)
            nonisolated(unsafe) var besideRuns = 0
            var answer = 0
            Self.withoutRoomForAThread {
                Lanes.perform(
                    iterations: 5, threads: 3, preparingInOrder: { prepared.append($0) },
                    { index, lane in lock.withLock { ordered[index] += lane == 0 ? 1 : 100 } },
                    takingInOrder: { taken.append($0) })
                answer = Lanes.alongside({ lock.withLock { besideRuns += 1 } }, while: { 7 })
            }
            XCTAssertEqual(prepared, Array(0..<5))
            XCTAssertEqual(taken, Array(0..<5))
            XCTAssertEqual(ordered, [Int](repeating: 1, count: 5))
            XCTAssertEqual(answer, 7)
            XCTAssertEqual(besideRuns, 1)
            XCTAssertEqual(Lanes.failedStarts.count, before + 3, "each call's failed start counted")
            return
        }
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv to run as another user, whom a process limit binds")
        }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        child.arguments = [
            "--reuid=65534", "--regid=65534", "--clear-groups",
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path,
            "TimelineThreadsTests.PoolThreadsTests/testAThreadThatCannotStartIsCountedAndItsIndicesRunHere",
        ]
        child.environment = ProcessInfo.processInfo.environment.merging([Self.childVariable: "1"]) { $1 }
        let output = Pipe()
        child.standardOutput = output
        child.standardError = output
        try child.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        XCTAssertEqual(child.terminationStatus, 0, printed)
        XCTAssertTrue(printed.contains("Executed 1 test, with 0 failures"), printed)
    }

    /// Runs `body` with the process limit (`RLIMIT_NPROC`) at this process's own thread count, so
    /// no thread can start, then puts the limit back.
    private static func withoutRoomForAThread(_ body: () -> Void) {
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(__RLIMIT_NPROC.rawValue)
        #else
        let resource = RLIMIT_NPROC
        #endif
        var saved = rlimit()
        XCTAssertEqual(getrlimit(resource, &saved), 0)
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let threads = status.split(separator: "\n").first { $0.hasPrefix("Threads:") }
            .flatMap { Int($0.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) }
        XCTAssertNotNil(threads, status)
        var tight = saved
        tight.rlim_cur = rlim_t(threads ?? 1)
        XCTAssertEqual(setrlimit(resource, &tight), 0)
        body()
        XCTAssertEqual(setrlimit(resource, &saved), 0)
    }

    private static let childVariable = "TIMELINE_THREADS_LIMITED_CHILD"

    private struct Slots: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Int>
        init(_ buffer: UnsafeMutableBufferPointer<Int>) { self.buffer = buffer }
    }

    /// A job runs once, here or on its thread, before `finish` returns, whoever asks first.
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

    /// `drop` waits for a job its thread is running; one not started never runs.
    func testADroppedJobHasRunOrNeverRuns() {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var ran = false
        let running = PoolJob {
            started.signal()
            release.wait()
            ran = true
        }
        XCTAssertEqual(started.wait(timeout: .now() + 30), .success, "its thread starts the job")
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
