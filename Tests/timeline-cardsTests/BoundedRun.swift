import Foundation
import XCTest

/// Runs the tool as the hostile-input contract demands it survive: within 1 GiB of address space
/// (`prlimit --as`), and without hanging (the limit catches a hang, it is not a speed target:
/// a debug build on a busy CI machine is slow).
enum BoundedRun {
    static let seconds: TimeInterval = 30

    static func run(_ arguments: [String], directory: URL, file: StaticString = #filePath, line: UInt = #line) throws
        -> CLIRunner.Result
    {
        XCTAssertTrue(
            CLIRunner.hasPrlimit, "prlimit (util-linux) is missing: memory bound not checked", file: file, line: line)
        let start = Date()
        let result = try CLIRunner.run(arguments, directory: directory, limits: CLIRunner.hostileLimits)
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertLessThan(elapsed, seconds, "took \(elapsed) s", file: file, line: line)
        XCTAssertNotEqual(result.status, 134, "aborted (out of memory?): \(result.stderr)", file: file, line: line)
        return result
    }
}
