import Foundation
import XCTest

/// The fuzz targets' seeds replay through the plain build of timeline-fuzz without a crash: the
/// catalog's (links to a secret, to a folder outside, a linked Resources; the target checks that
/// the secret reaches no message or image) and the preview server's requests (the target checks
/// that framing does not depend on how the bytes arrive, and what a parsed request may hold).
final class FuzzSeedTests: XCTestCase {
    func replay(target: String, seeds folder: String, atLeast: Int) throws {
        let fuzzer = CLIRunner.executable.deletingLastPathComponent().appendingPathComponent("timeline-fuzz")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: fuzzer.path), "timeline-fuzz is not built")
        let seeds = CLIRunner.root.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: seeds.path).sorted()
        XCTAssertGreaterThanOrEqual(names.count, atLeast)
        var environment = ProcessInfo.processInfo.environment
        environment["TIMELINE_FUZZ_TARGET"] = target
        let result = try CLIRunner.run(
            names.map { seeds.appendingPathComponent($0).path }, environment: environment, executable: fuzzer)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            String(decoding: result.stdout, as: UTF8.self), "replayed \(names.count) inputs without a crash\n")
    }

    func testTheCatalogSeedsReplay() throws {
        try replay(target: "catalog", seeds: "fuzz/catalog", atLeast: 2)
    }

    func testTheServeSeedsReplay() throws {
        try replay(target: "serve", seeds: "fuzz/serve", atLeast: 10)
    }
}
