import Foundation
import XCTest

/// An input named like a document is read only if it is a regular file: a FIFO would block
/// forever and a link to /dev/zero would never end.
final class HostileInputFileTests: XCTestCase {
    func testFIFOsAndDevicesNamedLikeInputsAreRefusedWithoutWaiting() throws {
        let folder = try CLIRunner.temporaryDirectory()
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.yaml").path, 0o644), 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("zero.json").path, withDestinationPath: "/dev/zero")
        for (argument, message) in [
            ("pipe.yaml", "pipe.yaml: error: the input is a FIFO, not a regular file"),
            ("zero.json", "zero.json: error: the input is a device, not a regular file"),
            (".", "pipe.yaml: error: the input is a FIFO, not a regular file"),
        ] {
            for command in ["validate", "render"] {
                let result = try BoundedRun.run([command, argument], directory: folder)
                XCTAssertEqual(result.status, 3, result.stderr)
                XCTAssertTrue(result.stderr.contains(message), result.stderr)
            }
        }
    }
}
