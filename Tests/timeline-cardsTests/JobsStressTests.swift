import Foundation
import XCTest

/// The command line's batch on four threads, run after run, writes the files one thread writes:
/// documents in many scripts, emoji, rich descriptions and an SVG icon with text, in every format.
/// Every thread's renderer shares one font library, and Pango works on one thread alone.
final class JobsStressTests: XCTestCase {
    static let fixtures = [
        "scripts.yaml", "rtl.yaml", "emoji.yaml", "descriptions.yaml", "locale-words.yaml", "icons-svg-text.yaml",
        "time-calendars.yaml", "demo.yaml",
    ]

    func testFourJobsWriteWhatOneJobWrites() throws {
        let inputs = Self.fixtures.map(CLIRunner.fixture)
        let one = try files(rendering: inputs, jobs: 1)
        XCTAssertGreaterThanOrEqual(one.count, inputs.count * 3)
        for run in 0..<3 {
            let four = try files(rendering: inputs, jobs: 4)
            XCTAssertEqual(four.keys.sorted(), one.keys.sorted())
            XCTAssertEqual(one.keys.filter { four[$0] != one[$0] }.sorted(), [], "run \(run): files that differ")
        }
    }

    private func files(rendering inputs: [String], jobs: Int) throws -> [String: Data] {
        let out = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try CLIRunner.run(
            ["render"] + inputs + ["-o", out.path, "--format", "svg", "--format", "png", "--format", "pdf"]
                + ["--jobs", "\(jobs)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: out, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard !url.hasDirectoryPath, let data = try? Data(contentsOf: url) else { continue }
            files[String(url.path.dropFirst(out.path.count))] = data
        }
        return files
    }
}
