import Foundation
import XCTest

/// `make tsan`'s promise, that a data race fails the run: in a build with ThreadSanitizer, a child
/// process of this test binary races on purpose and is stopped at its first report with TSan's
/// exit status, before XCTest could count the test. In a plain build there is no TSan to prove.
final class ThreadSanitizerTests: XCTestCase {
    private static let childVariable = "TIMELINE_CARDS_RACE_ON_PURPOSE"

    func testADataRaceEndsTheRunAtItsFirstReport() throws {
        if ProcessInfo.processInfo.environment[Self.childVariable] == "1" {
            Self.raceOnPurpose()
            XCTFail("ThreadSanitizer let a data race pass")
            return
        }
        try XCTSkipUnless(CLIRunner.underThreadSanitizer, "a build without ThreadSanitizer (make tsan runs it)")
        let options = ProcessInfo.processInfo.environment["TSAN_OPTIONS"] ?? ""
        XCTAssertTrue(options.contains("halt_on_error=1"), "TSAN_OPTIONS=\(options)")
        let name = String(reflecting: Self.self) + "/testADataRaceEndsTheRunAtItsFirstReport"
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = "1"
        let child = try CLIRunner.run(
            [name], environment: environment,
            executable: URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath())
        let printed = String(decoding: child.stdout, as: UTF8.self) + child.stderr
        XCTAssertEqual(child.status, 66, printed)
        XCTAssertTrue(child.stderr.contains("WARNING: ThreadSanitizer:"), printed)
        XCTAssertTrue(child.stderr.contains("race (pid="), "a data race or a Swift access race: \(printed)")
        XCTAssertTrue(child.stderr.contains("raceOnPurpose"), "the report names the racing function: \(printed)")
        XCTAssertFalse(printed.contains("Executed 1 test"), "halted at the report, not at the end: \(printed)")
    }

    /// Two threads add to one counter with nothing ordering them.
    private static func raceOnPurpose() {
        final class Counter: @unchecked Sendable { var value = 0 }
        let counter = Counter()
        let done = DispatchGroup()
        for _ in 0..<2 {
            done.enter()
            Thread {
                for _ in 0..<10_000 { counter.value += 1 }
                done.leave()
            }.start()
        }
        done.wait()
        print("counted \(counter.value)")
    }
}
