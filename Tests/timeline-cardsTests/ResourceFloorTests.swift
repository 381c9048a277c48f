import Foundation
import XCTest

/// Under process limits too small to render in, a run ends at once with exit 3 and a message
/// that names the limit: never a signal, a hang, or "bad input" for an environment problem.
final class ResourceFloorTests: XCTestCase {
    func testLimitsBelowTheFloorEndWithExit3NamingTheLimit() throws {
        try XCTSkipUnless(CLIRunner.hasPrlimit, "needs prlimit")
        let folder = try CLIRunner.temporaryDirectory()
        try Data("version: 1\ncards:\n  - items:\n      - title: a\n".utf8).write(
            to: folder.appendingPathComponent("in.yaml"))
        let cases: [(limits: [String], flags: [String], message: String)] = [
            (["--as=\(400 << 20)"], [], "error: the address space limit (ulimit -v) is 400 MiB"),
            (["--as=\(100 << 20)"], [], "error: the address space limit (ulimit -v) is 100 MiB"),
            (["--nofile=8"], [], "error: the limit of open files (ulimit -n) is 8"),
            (["--stack=\(256 << 10)"], [], "error: the stack limit (ulimit -s) is 256 KiB"),
            (
                ["--stack=\(2 << 20)"], ["--max-nesting", "499", "--max-depth", "999"],
                "for --max-nesting 499"
            ),
        ]
        for (limits, flags, message) in cases {
            for command in ["render", "validate", "check"] {
                var arguments = [command, "in.yaml"] + flags
                if command == "render" { arguments += ["-o", "out", "--format", "png"] }
                if command == "check" { arguments += ["--expected", "expected"] }
                let result = try CLIRunner.run(arguments, directory: folder, limits: limits)
                XCTAssertEqual(result.status, 3, "\(limits) \(command): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains(message), "\(limits) \(command): \(result.stderr)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        // At the floor, a run works.
        let atFloor = try CLIRunner.run(
            ["render", "in.yaml", "-o", "out", "--format", "png"], directory: folder,
            limits: ["--as=\(512 << 20)", "--nofile=32"])
        XCTAssertEqual(atFloor.status, 0, atFloor.stderr)
    }
}
