import Foundation
import XCTest

/// Under a limit on processes that leaves room for the libraries' own threads (Pango starts a few
/// to match fonts), a batch on two threads and one on a single thread both end, with every image:
/// the batch's threads are started for it (`Lanes`), so a start that fails is known at once and
/// never waited for. That such a failure is counted, its work done here, is
/// `PoolThreadsTests.testAThreadThatCannotStartIsCountedAndItsIndicesRunHere`.
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

    func testTwoThreadsRenderEveryImageUnderALimit() throws {
        let folder = try folderWithInputs()
        let result = try runAsNobody(
            ["render", "first.yaml", "second.yaml", "-o", "out", "--format", "svg", "--format", "png", "--jobs", "2"],
            processes: 16, in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
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
