import Foundation
import XCTest

/// What the command line says on standard error: quiet by default in CI, files and a summary with
/// --verbose, phase timings with --timings; shell completions.
final class ReportingTests: XCTestCase {
    func testQuietWithoutVerboseAndListsFilesWithIt() throws {
        let out = try CLIRunner.temporaryDirectory()
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        let quiet = try CLIRunner.run(
            ["render", CLIRunner.fixture("plain.yaml"), CLIRunner.fixture("groups.yaml"), "-o", out.path],
            environment: environment)
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stderr, "", "nothing on stderr in CI without --verbose")
        let verbose = try CLIRunner.run(
            [
                "render", CLIRunner.fixture("plain.yaml"), CLIRunner.fixture("groups.yaml"), "-o", out.path,
                "--verbose", "--format", "png",
            ], environment: environment)
        XCTAssertEqual(verbose.status, 0, verbose.stderr)
        XCTAssertTrue(verbose.stderr.contains("wrote \(out.path)/plain/plain.png"), verbose.stderr)
        XCTAssertTrue(verbose.stderr.contains("wrote \(out.path)/groups/groups.png"), verbose.stderr)
        XCTAssertNotNil(
            verbose.stderr.range(of: #"2 images in [0-9]+\.[0-9] s"#, options: .regularExpression), verbose.stderr)
    }

    func testTimingsNamePhases() throws {
        let result = try CLIRunner.run(["render", CLIRunner.fixture("plain.yaml"), "-o", "-", "--timings"])
        XCTAssertEqual(result.status, 0, result.stderr)
        for phase in ["read", "decode", "layout", "shape", "paint", "encode", "write"] {
            XCTAssertTrue(result.stderr.contains(phase), "--timings names \(phase): \(result.stderr)")
        }
        XCTAssertTrue(
            String(decoding: result.stdout, as: UTF8.self).hasPrefix("<?xml"), "the image still goes to stdout")
    }

    func testShellCompletions() throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try CLIRunner.run(["--generate-completion-script", shell])
            XCTAssertEqual(result.status, 0, result.stderr)
            let script = String(decoding: result.stdout, as: UTF8.self)
            XCTAssertTrue(
                script.contains("timeline-cards") && script.contains("render"), "\(shell) completion names the command")
        }
    }
}
