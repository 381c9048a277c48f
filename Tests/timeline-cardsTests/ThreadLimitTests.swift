import Foundation
import XCTest

/// Under a process limit that leaves room for the libraries' own threads but not for Dispatch's
/// pool, a render says so and renders on one thread, and `--jobs 1` renders without a word: the
/// pool, asked for a thread it cannot start, would retry for ever (`ThreadRoom`).
final class ThreadLimitTests: XCTestCase {
    private static let twoItems = "version: 1\ncards:\n  - items:\n      - title: a\n      - title: b\n"

    /// The run as nobody, with at most `processes` tasks for that user, within a minute.
    private func runAsNobody(_ arguments: [String], processes: Int, in folder: URL) throws -> CLIRunner.Result {
        try CLIRunner.run(
            [
                "60", "/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", CLIRunner.prlimit,
                "--nproc=\(processes)", CLIRunner.executable.path,
            ] + arguments, directory: folder, executable: URL(fileURLWithPath: "/usr/bin/timeout"))
    }

    private func folderWithInputs() throws -> URL {
        let tools = ["/usr/bin/timeout", "/usr/bin/setpriv", CLIRunner.prlimit]
        guard getuid() == 0, tools.allSatisfy(FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("needs root, timeout, setpriv and prlimit to run as another user with a process limit")
        }
        let folder = try CLIRunner.temporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        try Data(Self.twoItems.utf8).write(to: folder.appendingPathComponent("first.yaml"))
        try Data(Self.twoItems.utf8).write(to: folder.appendingPathComponent("second.yaml"))
        return folder
    }

    func testAFailedThreadStartIsReportedAndTheRenderGoesOnOnOneThread() throws {
        let folder = try folderWithInputs()
        let result = try runAsNobody(
            ["render", "first.yaml", "second.yaml", "-o", "out", "--format", "svg", "--format", "png", "--jobs", "2"],
            processes: 16, in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("warning: cannot start threads ("), result.stderr)
        XCTAssertTrue(result.stderr.contains("ulimit -u"), result.stderr)
        XCTAssertTrue(result.stderr.contains("rendering on one thread"), result.stderr)
        for name in ["first", "second"] {
            for format in ["svg", "png"] {
                let path = folder.appendingPathComponent("out/\(name)/card-1.\(format)").path
                XCTAssertTrue(FileManager.default.fileExists(atPath: path), path)
            }
        }
    }

    func testJobsOneRendersUnderTheSameLimitWithoutAWord() throws {
        let folder = try folderWithInputs()
        let result = try runAsNobody(
            ["render", "first.yaml", "second.yaml", "-o", "out", "--format", "png", "--jobs", "1"],
            processes: 16, in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/second").path))
    }
}
