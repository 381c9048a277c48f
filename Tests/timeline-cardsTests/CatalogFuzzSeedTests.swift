import Foundation
import XCTest

/// The catalog fuzz target's seeds (links to a secret, to a folder outside, a linked Resources)
/// replay through the plain build of timeline-fuzz without a crash, and without the secret in
/// any message or image (the target checks both).
final class CatalogFuzzSeedTests: XCTestCase {
    func testTheCatalogSeedsReplay() throws {
        let fuzzer = CLIRunner.executable.deletingLastPathComponent().appendingPathComponent("timeline-fuzz")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: fuzzer.path), "timeline-fuzz is not built")
        let seeds = CLIRunner.root.appendingPathComponent("fuzz/catalog")
        let names = try FileManager.default.contentsOfDirectory(atPath: seeds.path).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 2)
        var environment = ProcessInfo.processInfo.environment
        environment["TIMELINE_FUZZ_TARGET"] = "catalog"
        let result = try CLIRunner.run(
            names.map { seeds.appendingPathComponent($0).path }, environment: environment, executable: fuzzer)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            String(decoding: result.stdout, as: UTF8.self), "replayed \(names.count) inputs without a crash\n")
    }
}
