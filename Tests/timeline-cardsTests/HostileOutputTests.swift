import Foundation
import XCTest

/// The output half of hostile input (issue #15), end to end: flags, folders and files around the
/// output that must not crash, hang, exhaust memory or leave a half-updated set of images. Each
/// case runs in 1 GiB of address space.
final class HostileOutputTests: XCTestCase {
    static let hangLimit: TimeInterval = 30
    static let oneItem = "version: 1\ncards:\n  - items:\n      - title: a\n"

    private func run(_ arguments: [String], in folder: URL, file: StaticString = #filePath, line: UInt = #line) throws -> CLIRunner.Result {
        let start = Date()
        let result = try CLIRunner.run(arguments, directory: folder, addressSpace: CLIRunner.hostileAddressSpace)
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertLessThan(elapsed, Self.hangLimit, "took \(elapsed) s: a hang", file: file, line: line)
        return result
    }

    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    // MARK: --jobs

    func testHugeJobsCountIsClampedToTheCores() throws {
        let folder = try CLIRunner.temporaryDirectory()
        // Over 32 KB: its text is shaped on every thread left over from whole inputs.
        let items = (0..<3000).map { "      - {title: Item \($0) with a few words, subtitle: subtitle \($0)}\n" }.joined()
        try write("version: 1\ncards:\n  - items:\n" + items, to: folder.appendingPathComponent("in/big.yaml"))
        for index in 1...5 { try write(Self.oneItem, to: folder.appendingPathComponent("in/small-\(index).yaml")) }
        let result = try run(["render", "in", "-o", "out", "--jobs", "10000"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/big/card-1.svg").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/small-5/card-1.svg").path))
    }
}
