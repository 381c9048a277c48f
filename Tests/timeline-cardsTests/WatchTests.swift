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

/// `render --serve`: the page, the state of the last round, its images, and nothing for a request
/// sent under another host name. (scripts/serve-check.py drives the page in Chromium.)
final class ServeTests: XCTestCase {
    func testServesTheLastRoundToItsOwnHostOnly() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try Data(WatchTests.card.utf8).write(to: folder.appendingPathComponent("a.yaml"))
        let lines = try LongRun(
            ["render", "a.yaml", "-o", "out", "--serve", "--port", "0", "--format", "svg", "--format", "png"],
            in: folder)
        defer { lines.stop() }
        XCTAssertTrue(lines.wait(for: "render 1: 2 images written"), lines.text)
        let address = try XCTUnwrap(lines.text.firstMatch(of: /serving http:\/\/127\.0\.0\.1:(\d+)\//))
        let port = try XCTUnwrap(Int(address.1))

        let page = try Self.get("/", port: port)
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.body.contains("new EventSource(\"/events\")"))
        let state = try Self.get("/state", port: port)
        XCTAssertTrue(state.body.contains("\"name\":\"c.png\""), state.body)
        XCTAssertTrue(state.body.contains("\"name\":\"c.svg\""), state.body)
        let image = try Self.get("/file/1", port: port)
        XCTAssertEqual(image.status, 200)
        XCTAssertTrue(image.body.contains("<svg"), "files listed in name order: c.png, c.svg")
        XCTAssertEqual(try Self.get("/file/2", port: port).status, 404)
        XCTAssertEqual(try Self.get("/file/../../etc/passwd", port: port).status, 404)
        XCTAssertEqual(try Self.get("/state", port: port, host: "attacker.example:\(port)").status, 421)

        // Silent clients cost the server no thread: with 40 connections that never finish a head,
        // another page is still answered at once.
        let idle = (0..<40).map { _ in Self.openConnection(port: port) }
        defer { for connection in idle { close(connection) } }
        let started = Date()
        XCTAssertEqual(try Self.get("/state", port: port).status, 200)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "answered beside 40 idle connections")

        try Data("version: 1\ncards:\n  - id: c\n    items:\n      - titel: b\n".utf8)
            .write(to: folder.appendingPathComponent("a.yaml"))
        XCTAssertTrue(lines.wait(for: "render 2:"), lines.text)
        let bad = try Self.get("/state", port: port)
        XCTAssertTrue(bad.body.contains("a.yaml:5:9: error: unknown key 'titel'"), bad.body)
        XCTAssertTrue(bad.body.contains("\"name\":\"c.svg\""), "the last good images stay: \(bad.body)")
    }

    func testServeRefusesWhatItCannotDo() throws {
        let input = CLIRunner.fixture("plain.yaml")
        for (arguments, message) in [
            (["--serve", "-o", "-"], "error: --serve writes files; it cannot write to standard output (-o -)"),
            (["--port", "8000"], "error: --port 8000 is for --serve"),
            (["--serve", "--port", "70000"], "error: --port must be between 0 and 65535"),
        ] {
            let result = try CLIRunner.run(["render", input] + arguments)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix(message), result.stderr)
        }
    }

    /// A connection to the preview, sending nothing yet.
    static func openConnection(port: Int) -> Int32 {
        let connection = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        XCTAssertEqual(connected, 0)
        return connection
    }

    /// A GET over a plain socket, with any Host header (URLSession sets its own).
    static func get(_ path: String, port: Int, host: String? = nil) throws -> (status: Int, body: String) {
        let connection = openConnection(port: port)
        defer { close(connection) }
        let request = "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\r\n"
        _ = request.withCString { send(connection, $0, strlen($0), 0) }
        var response = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case let count = recv(connection, &buffer, buffer.count, 0), count > 0 { response += buffer[..<count] }
        let text = String(decoding: response, as: UTF8.self)
        let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return (status, body)
    }
}
