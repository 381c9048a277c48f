import Foundation
import XCTest

/// `--watch` is not woken by what it writes itself, and keeps watching a folder that is deleted
/// and made again (git checkout, git stash, a generator).
final class WatchTests: XCTestCase {
    static let card = "version: 1\ncards:\n  - id: c\n    items:\n      - title: a\n"

    final class Lines: @unchecked Sendable {
        let lock = NSLock()
        var text = ""
        func contains(_ needle: String) -> Bool { lock.withLock { text.contains(needle) } }
        func wait(for needle: String, seconds: Double = 20) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if contains(needle) { return true }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return false
        }
    }

    private func start(_ arguments: [String], in folder: URL) throws -> (Process, Lines) {
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let lines = Lines()
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            lines.lock.withLock { lines.text += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        return (process, lines)
    }

    func testItsOwnOutputsInTheWatchedFolderWakeNoRound() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data(Self.card.utf8).write(to: input.appendingPathComponent("a.yaml"))
        let (process, lines) = try start(
            ["render", "in", "-o", "in", "--format", "scene", "--format", "svg", "--watch"], in: folder)
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        XCTAssertTrue(lines.wait(for: "render 1: 2 images written"), lines.text)
        try Data(Self.card.replacingOccurrences(of: "title: a", with: "title: b").utf8)
            .write(to: input.appendingPathComponent("a.yaml"))
        XCTAssertTrue(lines.wait(for: "render 2: 2 images written"), lines.text)
        // Round 2 wrote into the watched folder: nothing may follow from that.
        XCTAssertFalse(lines.wait(for: "render 3", seconds: 2), lines.text)
    }

    func testAWatchedFolderDeletedAndMadeAgainIsStillWatched() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data(Self.card.utf8).write(to: input.appendingPathComponent("a.yaml"))
        let (process, lines) = try start(["render", "in", "-o", "out", "--watch"], in: folder)
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        XCTAssertTrue(lines.wait(for: "render 1: 1 image written"), lines.text)
        // Moved away (a watch follows the folder it was set on), not deleted: the harder case.
        try FileManager.default.moveItem(at: input, to: folder.appendingPathComponent("in.old"))
        Thread.sleep(forTimeInterval: 0.5)
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data(Self.card.replacingOccurrences(of: "title: a", with: "title: again").utf8)
            .write(to: input.appendingPathComponent("a.yaml"))
        // Whatever rounds the deletion caused, a later edit is still seen.
        Thread.sleep(forTimeInterval: 1)
        let before = lines.lock.withLock { lines.text.components(separatedBy: "image written").count }
        try Data(Self.card.replacingOccurrences(of: "title: a", with: "title: edited").utf8)
            .write(to: input.appendingPathComponent("a.yaml"))
        let deadline = Date().addingTimeInterval(20)
        var after = before
        while Date() < deadline, after == before {
            Thread.sleep(forTimeInterval: 0.05)
            after = lines.lock.withLock { lines.text.components(separatedBy: "image written").count }
        }
        XCTAssertGreaterThan(after, before, lines.text)
        let svg = try String(contentsOf: folder.appendingPathComponent("out/c.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains("edited"), "the image shows the last edit")
        XCTAssertTrue(process.isRunning)
    }
}
