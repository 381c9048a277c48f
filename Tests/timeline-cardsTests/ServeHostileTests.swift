import Foundation
import XCTest

@testable import timeline_cards

/// `render --serve` against a hostile neighbour on the machine: it serves only the bytes its round
/// wrote (a file replaced by a link to a secret after the round is never read), slow and silent
/// clients do not stall it, it neither spins nor stops when out of descriptors, and it does not
/// start when another process holds either loopback address of its port. All on the loopback,
/// every loop bounded.
final class ServeHostileTests: XCTestCase {
    static let secret = "SECRET-9f2c-do-not-serve"

    /// A card of `items` items: its SVG is about 1 KiB an item.
    static func card(items: Int, title: String = "item") -> String {
        "version: 1\ncards:\n  - id: c\n    items:\n"
            + (0..<items).map { "      - title: \(title) \($0)\n        event: \"2026-01-\(1 + $0 % 28)\"\n" }.joined()
    }

    func testAFileReplacedByALinkAfterTheRoundIsNeverServed() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let secret = folder.appendingPathComponent("secret.txt")
        try Data(Self.secret.utf8).write(to: secret)
        let project = folder.appendingPathComponent("project")
        try CLIRunner.write(Self.card(items: 2), "a.yaml", in: project)
        let lines = try LongRun(["render", "a.yaml", "-o", "out", "--serve", "--port", "0"], in: project)
        defer { lines.stop() }
        XCTAssertTrue(lines.wait(for: "render 1: 1 image written"), lines.text)
        let port = try PreviewClient.port(of: lines)
        let image = project.appendingPathComponent("out/c.svg")
        let written = try Data(contentsOf: image)

        // After the round: the image replaced by a link to the secret, then by the secret itself.
        try FileManager.default.removeItem(at: image)
        try FileManager.default.createSymbolicLink(at: image, withDestinationURL: secret)
        let linked = try PreviewClient.get("/file/1/0", port: port)
        XCTAssertEqual(linked.status, 200)
        XCTAssertEqual(linked.body, written, "the round's bytes, not the link's target")
        try FileManager.default.removeItem(at: image)
        try Data(Self.secret.utf8).write(to: image)
        XCTAssertEqual(try PreviewClient.get("/file/1/0", port: port).body, written, "nor a replaced file")

        // The next round writes its own image over the planted file; a link planted after it is
        // not read either, and no answer to anything holds the secret.
        try CLIRunner.write(Self.card(items: 3), "a.yaml", in: project)
        XCTAssertTrue(lines.wait(for: "render 2: 1 image written"), lines.text)
        let second = try Data(contentsOf: image)
        try FileManager.default.removeItem(at: image)
        try FileManager.default.createSymbolicLink(at: image, withDestinationURL: secret)
        for path in ["/", "/preview.js", "/state", "/events-not", "/file/1/0", "/file/2/0", "/file/2/1"] {
            let response = try PreviewClient.get(path, port: port)
            XCTAssertFalse(response.text.contains(Self.secret), path)
            if path == "/file/2/0" { XCTAssertEqual(response.body, second, path) }
        }
    }

    func testAHundredSlowReadersDoNotStallIt() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try CLIRunner.write(Self.card(items: 5000), "a.yaml", in: folder)
        let lines = try LongRun(["render", "a.yaml", "-o", "out", "--serve", "--port", "0"], in: folder)
        defer { lines.stop() }
        XCTAssertTrue(lines.wait(for: "render 1: 1 image written", seconds: 60), lines.text)
        let port = try PreviewClient.port(of: lines)
        let size = try Data(contentsOf: folder.appendingPathComponent("out/c.svg")).count
        // More than the largest send buffer the kernel gives (4 MiB): a reader that takes it
        // slowly holds its answer open, as it held a thread of the server that stalled.
        XCTAssertGreaterThan(size, 4 << 20)

        let readers = SlowReaders(count: 100, port: port, path: "/file/1/0", seconds: 6)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            readers.run()
            done.signal()
        }
        XCTAssertTrue(readers.waitUntilConnected(seconds: 10), "the slow readers could not connect")
        for _ in 0..<8 {
            let started = Date()
            let state = try PreviewClient.get("/state", port: port, seconds: 3)
            let image = try PreviewClient.get("/file/1/0", port: port, seconds: 3)
            XCTAssertEqual(state.status, 200)
            XCTAssertEqual(image.body.count, size, "the whole image")
            XCTAssertLessThan(Date().timeIntervalSince(started), 2, "answered beside 100 slow readers")
            Thread.sleep(forTimeInterval: 0.3)
        }
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success, "the slow readers stopped")
        XCTAssertGreaterThan(readers.received, 0, "the slow readers were being answered")
        XCTAssertEqual(try PreviewClient.get("/state", port: port).status, 200)
        XCTAssertTrue(lines.process.isRunning)
    }

    /// Under `ulimit -n 48` with more clients than descriptors: no spinning (the server that
    /// spun kept a core busy), and a new page is still answered while they stay connected.
    func testUnderFortyEightOpenFilesItNeitherSpinsNorStops() throws {
        try XCTSkipUnless(CLIRunner.hasPrlimit, "needs prlimit")
        let folder = try CLIRunner.temporaryDirectory()
        try CLIRunner.write(Self.card(items: 1500), "a.yaml", in: folder)
        let lines = try LongRun(
            ["render", "a.yaml", "-o", "out", "--serve", "--port", "0"], in: folder, limits: ["--nofile=48"])
        defer { lines.stop() }
        XCTAssertTrue(lines.wait(for: "render 1: 1 image written", seconds: 60), lines.text)
        let port = try PreviewClient.port(of: lines)
        var clients: [Int32] = []
        defer { for client in clients { close(client) } }
        for index in 0..<60 {
            let client = PreviewClient.connect(port: port, receiveBuffer: 4096)
            guard client >= 0 else { continue }
            if index.isMultiple(of: 2) { PreviewClient.request("/file/1/0", on: client, port: port) }
            clients.append(client)
        }
        Thread.sleep(forTimeInterval: 0.5)
        let pid = lines.process.processIdentifier
        let before = try XCTUnwrap(PreviewClient.processorSeconds(of: pid))
        Thread.sleep(forTimeInterval: 2)
        let used = try XCTUnwrap(PreviewClient.processorSeconds(of: pid)) - before
        XCTAssertLessThan(used, 0.5, "\(used) s of processor time in 2 s of 60 clients it cannot all hold")
        XCTAssertEqual(try PreviewClient.get("/state", port: port, seconds: 5).status, 200, "answered meanwhile")
        for client in clients { close(client) }
        clients = []
        XCTAssertEqual(try PreviewClient.get("/state", port: port).status, 200)
        XCTAssertTrue(lines.process.isRunning, lines.text)
    }

    func testItDoesNotStartWhenAnotherProcessHoldsEitherLoopbackAddress() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try CLIRunner.write(Self.card(items: 1), "a.yaml", in: folder)
        for ipv6 in [false, true] {
            guard let held = PreviewClient.hold(ipv6: ipv6) else {
                XCTAssertTrue(ipv6, "127.0.0.1 can be bound")
                continue
            }
            defer { close(held.descriptor) }
            let run = try LongRun(
                ["render", "a.yaml", "-o", "out", "--serve", "--port", "\(held.port)"], in: folder)
            defer { run.stop() }
            let host = ipv6 ? "[::1]" : "127.0.0.1"
            XCTAssertTrue(
                run.wait(for: "error: --serve cannot listen on \(host):\(held.port): another process holds it"),
                run.text)
            XCTAssertTrue(run.wait(seconds: 10) { _ in !run.process.isRunning }, "it stops: \(run.text)")
            XCTAssertEqual(run.process.terminationStatus, 3, run.text)
            XCTAssertFalse(run.text.contains("serving"), run.text)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        }
    }

    /// In this process, with the open-file limit lowered under the clients waiting to be
    /// accepted: the loop pauses between tries instead of polling a listener it cannot accept
    /// from, and answers again once descriptors are back.
    func testOutOfDescriptorsTheLoopPausesInsteadOfSpinning() throws {
        var limits = PreviewLimits()
        limits.maxConnections = 10_000 // the cap would otherwise keep it from the limit
        let server = try PreviewServer(port: 0, limits: limits)
        defer { server.stop() }
        server.publish(round: 1, summary: "render 1", problems: [], images: [:])
        let waiting = (0..<40).map { _ in PreviewClient.connect(port: server.port) }
        defer { for client in waiting where client >= 0 { close(client) } }
        XCTAssertFalse(waiting.contains(-1))
        var original = rlimit()
        XCTAssertEqual(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &original), 0)
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        var lowered = original
        lowered.rlim_cur = rlim_t(open + 4)
        XCTAssertEqual(setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &lowered), 0)
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let before = Self.seconds(usage)
        server.start()
        Thread.sleep(forTimeInterval: 1.5)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let used = Self.seconds(usage) - before
        XCTAssertEqual(setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &original), 0)
        XCTAssertLessThan(used, 0.3, "\(used) s of processor time in 1.5 s out of descriptors")
        XCTAssertEqual(try PreviewClient.get("/state", port: server.port, seconds: 5).status, 200)
    }

    private static func seconds(_ usage: rusage) -> Double {
        Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

/// Clients that each ask for a large file and take it a little at a time, all on one thread,
/// for a bounded time; every connection closed at the end.
final class SlowReaders: @unchecked Sendable {
    let count: Int
    let port: Int
    let path: String
    let seconds: Double
    private let lock = NSLock()
    private var connected = 0
    private var bytes = 0

    init(count: Int, port: Int, path: String, seconds: Double) {
        (self.count, self.port, self.path, self.seconds) = (count, port, path, seconds)
    }

    /// Bytes all of them took.
    var received: Int { lock.withLock { bytes } }

    func waitUntilConnected(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, lock.withLock({ connected }) < count { Thread.sleep(forTimeInterval: 0.05) }
        return lock.withLock { connected } == count
    }

    func run() {
        var clients: [Int32] = []
        for _ in 0..<count {
            let client = PreviewClient.connect(port: port, receiveBuffer: 4096)
            guard client >= 0 else { continue }
            PreviewClient.request(path, on: client, port: port)
            clients.append(client)
            lock.withLock { connected += 1 }
        }
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 64)
        while Date() < deadline {
            for client in clients {
                let count = recv(client, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if count > 0 { lock.withLock { bytes += count } }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        for client in clients { close(client) }
    }
}
