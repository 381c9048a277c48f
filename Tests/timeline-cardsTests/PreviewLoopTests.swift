import Foundation
import TimelineCairo
import XCTest

@testable import timeline_cards

/// The preview server's bounds, in this process with small limits: a head's deadline, an
/// answer's deadline, the cap on connections and on event streams, and the answers by route.
final class PreviewLoopTests: XCTestCase {
    private func server(_ adjust: (inout PreviewLimits) -> Void = { _ in }) throws -> PreviewServer {
        var limits = PreviewLimits()
        adjust(&limits)
        let server = try PreviewServer(port: 0, limits: limits)
        server.publish(
            round: 1, summary: "render 1", problems: [],
            images: ["out/c.svg": .bytes(Data("<svg/>".utf8)), "out/big.png": .bytes(Data(count: 8 << 20))])
        server.start()
        return server
    }

    /// Whether the server closed `connection` within `seconds` (what it sent before is read and
    /// dropped).
    private func closes(_ connection: Int32, within seconds: Int) -> Bool {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count == 0 || (count < 0 && errno == ECONNRESET) { return true }
            if count < 0 { return false }
        }
    }

    func testAnswersByRoute() throws {
        let server = try server()
        defer { server.stop() }
        let port = server.port
        XCTAssertEqual(try PreviewClient.get("/file/1/1", port: port).text, "<svg/>", "in name order: big.png, c.svg")
        XCTAssertEqual(try PreviewClient.get("/file/1/0", port: port).body.count, 8 << 20)
        XCTAssertEqual(try PreviewClient.get("/file/1/2", port: port).status, 404)
        XCTAssertEqual(try PreviewClient.get("/file/1/-1", port: port).status, 404)
        XCTAssertEqual(try PreviewClient.get("/file/1/1/", port: port).status, 404)
        // A bad round keeps the good round's files; a good one replaces them.
        server.publish(round: 2, summary: "render 2: 1 problem", problems: ["a.yaml:1:1: error: x"], images: nil)
        XCTAssertEqual(try PreviewClient.get("/file/1/1", port: port).text, "<svg/>")
        XCTAssertEqual(try PreviewClient.get("/file/2/0", port: port).status, 404)
        server.publish(round: 3, summary: "render 3", problems: [], images: ["out/d.svg": .bytes(Data("<svg>d".utf8))])
        XCTAssertEqual(try PreviewClient.get("/file/1/1", port: port).status, 404, "no earlier round's files")
        XCTAssertEqual(try PreviewClient.get("/file/3/0", port: port).text, "<svg>d")
        let state = try PreviewClient.get("/state", port: port).text
        XCTAssertTrue(state.contains("\"round\":3") && state.contains("\"name\":\"d.svg\""), state)

        let post = PreviewClient.connect(port: port)
        defer { close(post) }
        _ = "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".withCString { send(post, $0, strlen($0), 0) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = recv(post, &buffer, buffer.count, 0)
        XCTAssertTrue(String(decoding: buffer[..<max(count, 0)], as: UTF8.self).hasPrefix("HTTP/1.1 400"))
        XCTAssertEqual(try PreviewClient.get("/", port: port, host: "127.0.0.1.nip.io:\(port)").status, 421)
        XCTAssertEqual(try PreviewClient.get("/", port: port, host: "localhost:\(port + 1)").status, 421)
    }

    func testAHeadNotSentInTimeIsDropped() throws {
        let server = try server { $0.headSeconds = 1 }
        defer { server.stop() }
        let silent = PreviewClient.connect(port: server.port)
        defer { close(silent) }
        let started = Date()
        XCTAssertTrue(closes(silent, within: 5))
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 0.8)
        let slow = PreviewClient.connect(port: server.port)
        defer { close(slow) }
        _ = "GET / HTTP/1.1\r\n".withCString { send(slow, $0, strlen($0), 0) }
        XCTAssertTrue(closes(slow, within: 5), "a head begun but not finished")
    }

    func testAnAnswerNotTakenInTimeIsDropped() throws {
        let server = try server { $0.sendSeconds = 1 }
        defer { server.stop() }
        let reader = PreviewClient.connect(port: server.port, receiveBuffer: 4096)
        defer { close(reader) }
        PreviewClient.request("/file/1/0", on: reader, port: server.port)
        Thread.sleep(forTimeInterval: 2)
        XCTAssertTrue(closes(reader, within: 5), "8 MiB not taken in a second")
        var received = 0
        let again = PreviewClient.connect(port: server.port)
        defer { close(again) }
        PreviewClient.request("/file/1/0", on: again, port: server.port)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while case let count = recv(again, &buffer, buffer.count, 0), count > 0 { received += count }
        XCTAssertGreaterThan(received, 8 << 20, "a reader that takes it gets it all")
    }

    func testPastTheCapTheIdlestGoes() throws {
        let server = try server { $0.maxConnections = 8 }
        defer { server.stop() }
        let idle = (0..<8).map { _ in PreviewClient.connect(port: server.port) }
        defer { for connection in idle { close(connection) } }
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(try PreviewClient.get("/state", port: server.port, seconds: 3).status, 200)
        XCTAssertTrue(closes(idle[0], within: 3), "the idlest made room")
    }

    func testEventStreamsFollowRoundsUpToTheirCap() throws {
        let server = try server { $0.maxListeners = 2 }
        defer { server.stop() }
        func stream() -> Int32 {
            let connection = PreviewClient.connect(port: server.port)
            PreviewClient.request("/events", on: connection, port: server.port)
            return connection
        }
        let first = stream()
        defer { close(first) }
        Thread.sleep(forTimeInterval: 0.2)
        let second = stream()
        defer { close(second) }
        Thread.sleep(forTimeInterval: 0.2)
        server.publish(round: 2, summary: "render 2", problems: [], images: nil)
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(second, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !text.contains("data: 2\n\n"), case let count = recv(second, &buffer, buffer.count, 0), count > 0 {
            text += String(decoding: buffer[..<count], as: UTF8.self)
        }
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream"), text)
        XCTAssertTrue(text.contains("data: 1\n\n") && text.contains("data: 2\n\n"), text)
        let third = stream()
        defer { close(third) }
        XCTAssertTrue(closes(first, within: 3), "the oldest stream makes room")
    }

    /// Mutated request heads (a seeded generator: the same cases every run): every one is
    /// answered with a status of the server's few, or opens an event stream; none crashes.
    func testMutatedHeadsGetOneOfTheServersAnswers() throws {
        let content = PreviewContent(port: 8100)
        content.publish(round: 1, summary: "render 1", problems: [], images: ["out/c.svg": .bytes(Data("<svg/>".utf8))])
        let seeds = [
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:8100", "GET /file/1/0 HTTP/1.1\r\nHost: localhost:8100",
            "GET /state?x=1 HTTP/1.1\r\nHost: [::1]:8100\r\nAccept: */*", "GET /events HTTP/1.1\r\nhost:localhost:8100",
        ].map { Array($0.utf8) }
        let pieces = [
            "\r\n", "Host: a:8100", " ", "/", "..", "%00", "?", "/file/", "99999999999999999999", "\u{FF}", ":",
        ]
        .map { Array($0.utf8) }
        var random = SeededRandom(seed: 49)
        var statuses: [String: Int] = [:]
        for _ in 0..<3000 {
            var head = seeds[Int(random.next() % UInt64(seeds.count))]
            for _ in 0..<(1 + random.next() % 4) {
                let at = Int(random.next() % UInt64(head.count + 1))
                switch random.next() % 3 {
                case 0: head.insert(contentsOf: pieces[Int(random.next() % UInt64(pieces.count))], at: at)
                case 1: if at < head.count { head.remove(at: at) }
                default: if at < head.count { head[at] = UInt8(truncatingIfNeeded: random.next()) }
                }
            }
            switch content.answer(head) {
            case .events(let bytes):
                XCTAssertTrue(bytes.starts(with: Data("HTTP/1.1 200 OK".utf8)))
                statuses["events", default: 0] += 1
            case .response(let response):
                let status = String(decoding: response.head.prefix(12).dropFirst(9), as: UTF8.self)
                XCTAssertTrue(["200", "400", "404", "421"].contains(status), String(decoding: head, as: UTF8.self))
                statuses[status, default: 0] += 1
            }
        }
        XCTAssertEqual(statuses.count, 5, "every kind of answer was reached: \(statuses)")
    }
}

/// SplitMix64: a generator whose cases are the same on every run and machine.
private struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
