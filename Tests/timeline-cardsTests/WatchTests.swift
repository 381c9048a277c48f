import Foundation
import XCTest

@testable import timeline_cards

/// `--watch` is not woken by what it writes itself, and keeps watching a folder that is deleted
/// and made again (git checkout, git stash, a generator).
final class WatchTests: XCTestCase {
    static let card = "version: 1\ncards:\n  - id: c\n    items:\n      - title: a\n"

    /// A save made while a round renders, before its changes are watched, has no inotify event:
    /// the modification time tells of it (CI once saved in that window and waited for ever).
    func testAFileSavedSinceTheRoundStartedCountsAsAChange() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let plan = folder.appendingPathComponent("plan.yaml")
        let theme = folder.appendingPathComponent("themes/brand.yaml")
        let image = folder.appendingPathComponent("plan.svg")
        try FileManager.default.createDirectory(
            at: theme.deletingLastPathComponent(), withIntermediateDirectories: true)
        for file in [plan, theme, image] { try Data("x".utf8).write(to: file) }
        let hourAgo = Date().addingTimeInterval(-3600)
        for file in [plan, theme, image] {
            try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: file.path)
        }
        var interest = FileWatcher.Interest()
        interest.files = [plan.path]
        interest.folders = [theme.deletingLastPathComponent().path, folder.path]
        interest.written = [image.path]
        let start = FileWatcher.Moment.now()
        XCTAssertFalse(FileWatcher.changed(since: start, interest), "nothing was written since")
        try Data("y".utf8).write(to: image)
        XCTAssertFalse(FileWatcher.changed(since: start, interest), "its own image wakes no round")
        try Data("y".utf8).write(to: theme)
        XCTAssertTrue(FileWatcher.changed(since: start, interest), "a theme in a watched folder")
        try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: theme.path)
        try Data("y".utf8).write(to: plan)
        XCTAssertTrue(FileWatcher.changed(since: start, interest), "a watched file")
        try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: plan.path)
        try Data("y".utf8).write(to: folder.appendingPathComponent("new.json"))
        XCTAssertTrue(FileWatcher.changed(since: start, interest), "an input made in a watched folder")
    }

    func testItsOwnOutputsInTheWatchedFolderWakeNoRound() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data(Self.card.utf8).write(to: input.appendingPathComponent("a.yaml"))
        let lines = try LongRun(
            ["render", "in", "-o", "in", "--format", "scene", "--format", "svg", "--watch"], in: folder)
        defer { lines.stop() }
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
        let lines = try LongRun(["render", "in", "-o", "out", "--watch"], in: folder)
        defer { lines.stop() }
        XCTAssertTrue(lines.wait(for: "render 1: 1 image written"), lines.text)
        // Moved away (a watch follows the folder it was set on), not deleted: the harder case.
        try FileManager.default.moveItem(at: input, to: folder.appendingPathComponent("in.old"))
        Thread.sleep(forTimeInterval: 0.5)
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data(Self.card.replacingOccurrences(of: "title: a", with: "title: again").utf8)
            .write(to: input.appendingPathComponent("a.yaml"))
        // Whatever rounds the deletion caused, a later edit is still seen.
        Thread.sleep(forTimeInterval: 1)
        let before = lines.text.components(separatedBy: "image written").count
        try Data(Self.card.replacingOccurrences(of: "title: a", with: "title: edited").utf8)
            .write(to: input.appendingPathComponent("a.yaml"))
        XCTAssertTrue(
            lines.wait { $0.components(separatedBy: "image written").count > before }, lines.text)
        let svg = try String(contentsOf: folder.appendingPathComponent("out/c.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains("edited"), "the image shows the last edit")
        XCTAssertTrue(lines.process.isRunning)
    }
}
