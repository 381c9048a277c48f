import Foundation
import XCTest

@testable import timeline_cards

/// `render --serve`: the page, the state of the last round, its images, and nothing for a request
/// sent under another host name. (scripts/serve-check.py drives the page in Chromium;
/// ServeHostileTests, the attacks.)
final class ServeTests: XCTestCase {
    func testServesTheLastRoundToItsOwnHostOnly() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try Data(WatchTests.card.utf8).write(to: folder.appendingPathComponent("a.yaml"))
        let lines = try LongRun(
            ["render", "a.yaml", "-o", "out", "--serve", "--port", "0", "--format", "svg", "--format", "png"],
            in: folder)
        defer { lines.stop() }
        XCTAssertTrue(lines.wait(for: "render 1: 2 images written"), lines.text)
        let port = try PreviewClient.port(of: lines)
        XCTAssertTrue(lines.text.contains("and http://[::1]:\(port)/"), "both loopback addresses: \(lines.text)")

        let page = try PreviewClient.get("/", port: port)
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("<script src=\"/preview.js\""), page.text)
        XCTAssertTrue(page.head.contains("Content-Security-Policy: default-src 'none'; script-src 'self'"), page.head)
        let script = try PreviewClient.get("/preview.js", port: port)
        XCTAssertTrue(script.text.contains("new EventSource(\"/events\")"))
        XCTAssertTrue(script.text.contains("document.createElement(\"img\")"), "SVGs are shown as images")
        XCTAssertFalse(script.text.contains("innerHTML"), "nothing is inserted as markup")
        let state = try PreviewClient.get("/state", port: port)
        XCTAssertTrue(state.text.contains("\"name\":\"c.png\""), state.text)
        XCTAssertTrue(state.text.contains("\"url\":\"\\/file\\/1\\/1\""), state.text)
        let image = try PreviewClient.get("/file/1/1", port: port)
        XCTAssertEqual(image.status, 200)
        XCTAssertTrue(image.text.contains("<svg"), "files in name order: c.png, c.svg")
        XCTAssertTrue(image.head.contains("Content-Type: image/svg+xml"), image.head)
        XCTAssertTrue(image.head.contains("sandbox"), "an SVG opened on its own runs nothing: \(image.head)")
        XCTAssertEqual(
            image.body, try Data(contentsOf: folder.appendingPathComponent("out/c.svg")), "the bytes written")
        XCTAssertEqual(try PreviewClient.get("/file/1/2", port: port).status, 404)
        XCTAssertEqual(try PreviewClient.get("/file/0/0", port: port).status, 404, "no other round's files")
        XCTAssertEqual(try PreviewClient.get("/file/../../etc/passwd", port: port).status, 404)
        XCTAssertEqual(try PreviewClient.get("/state", port: port, host: "attacker.example:\(port)").status, 421)
        for host in ["localhost:\(port)", "[::1]:\(port)"] {
            XCTAssertEqual(try PreviewClient.get("/state", port: port, host: host, ipv6: true).status, 200, host)
        }

        // Silent clients cost the server no thread: with 40 connections that never finish a head,
        // another page is still answered at once.
        let idle = (0..<40).map { _ in PreviewClient.connect(port: port) }
        defer { for connection in idle { close(connection) } }
        let started = Date()
        XCTAssertEqual(try PreviewClient.get("/state", port: port).status, 200)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "answered beside 40 idle connections")

        try Data("version: 1\ncards:\n  - id: c\n    items:\n      - titel: b\n".utf8)
            .write(to: folder.appendingPathComponent("a.yaml"))
        XCTAssertTrue(lines.wait(for: "render 2:"), lines.text)
        let bad = try PreviewClient.get("/state", port: port)
        XCTAssertTrue(bad.text.contains("a.yaml:5:9: error: unknown key 'titel'"), bad.text)
        XCTAssertTrue(bad.text.contains("\"name\":\"c.svg\""), "the last good images stay: \(bad.text)")
        XCTAssertEqual(try PreviewClient.get("/file/1/1", port: port).body, image.body, "round 1's, still")
    }

    /// A Markdown page's images and the page, and a single file (`-o NAME.svg`), are served as
    /// written too: each way of writing keeps its bytes for the preview.
    func testServesAPagesFilesAndASingleFileAsWritten() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try CLIRunner.write("# Plan\n\n```timeline\n\(WatchTests.card)```\n", "page.md", in: folder)
        try CLIRunner.write(WatchTests.card, "a.yaml", in: folder)
        for (arguments, names) in [
            (["page.md", "-o", "out/page.md"], ["c.svg", "page.md"]),
            (["a.yaml", "-o", "one.svg"], ["one.svg"]),
        ] {
            let lines = try LongRun(["render"] + arguments + ["--serve", "--port", "0"], in: folder)
            defer { lines.stop() }
            XCTAssertTrue(lines.wait(for: "render 1: 1 image written"), lines.text)
            let port = try PreviewClient.port(of: lines)
            let state = try PreviewClient.get("/state", port: port).text
            for (index, name) in names.enumerated() {
                XCTAssertTrue(state.contains("\"name\":\"\(name)\""), state)
                let path = arguments[2].hasSuffix(name) ? arguments[2] : "out/\(name)"
                XCTAssertEqual(
                    try PreviewClient.get("/file/1/\(index)", port: port).body,
                    try Data(contentsOf: folder.appendingPathComponent(path)), name)
            }
        }
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
}
