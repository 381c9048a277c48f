import Foundation
import TimelineTestSupport
import XCTest

/// Icons are files an untrusted input names: each is read once, bounded, and refused with a
/// located message when it cannot be drawn safely; nothing of an icon but its pixels reaches
/// our output.
final class HostileIconTests: XCTestCase {
    /// fixtures/hostile/icons copied into a fresh folder, with an empty `out`.
    private func workspace() throws -> URL {
        let folder = try CLIRunner.temporaryDirectory().appendingPathComponent("icons")
        try FileManager.default.copyItem(
            at: CLIRunner.root.appendingPathComponent("fixtures/hostile/icons"), to: folder)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        return folder
    }

    private func outputs(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
    }

    /// A document naming one icon.
    private func document(icon: String) -> String {
        "version: 1\ncards:\n  - items:\n      - {title: a, icon: \(icon)}\n"
    }

    private func assertRefused(
        _ yaml: String, in folder: URL, _ fragment: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try yaml.write(to: folder.appendingPathComponent("input.yaml"), atomically: true, encoding: .utf8)
        for command in [
            ["render", "input.yaml", "-o", "out", "--format", "svg", "--format", "png", "--format", "pdf"],
            ["validate", "input.yaml"],
        ] {
            let result = try BoundedRun.run(command, directory: folder, file: file, line: line)
            XCTAssertEqual(result.status, 2, result.stderr, file: file, line: line)
            XCTAssertTrue(result.stderr.hasPrefix("input.yaml:4:"), result.stderr, file: file, line: line)
            XCTAssertTrue(
                result.stderr.contains(fragment), "no '\(fragment)' in \(result.stderr)", file: file, line: line)
        }
        XCTAssertEqual(try outputs(folder), [], file: file, line: line)
    }

    func testEveryRefusedIconIsLocatedInOneRun() throws {
        let folder = try workspace()
        let result = try BoundedRun.run(["render", "refused.yaml", "-o", "out", "--format", "png"], directory: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.stderr.split(separator: "\n").map(String.init),
            [
                "refused.yaml:6:29: error: cards[0].items[0].icon: 'huge-header.png' is 16000×16000 pixels; icons may "
                    + "have at most 4096 on each side (raise with --max-icon-side)",
                "refused.yaml:7:32: error: cards[0].items[1].icon: 'corrupt.png' is not a PNG file cairo can read "
                    + "(damaged or unsupported image data)",
                "refused.yaml:8:30: error: cards[0].items[2].icon: 'empty.png' is empty",
                "refused.yaml:9:28: error: cards[0].items[3].icon: 'not-a-png.png' is not a valid PNG file (no PNG "
                    + "signature)",
                "refused.yaml:10:33: error: cards[0].items[4].icon: 'entities.svg' is refused: it declares XML "
                    + "entities",
                "refused.yaml:11:30: error: cards[0].items[5].icon: 'utf16.svg' is refused: only UTF-8 SVG files are "
                    + "read",
                "refused.yaml:12:29: error: cards[0].items[6].icon: 'not-svg.svg' is refused: it has no <svg> element",
                "refused.yaml:13:31: error: cards[0].items[7].icon: 'broken.svg' is not an SVG file librsvg can read "
                    + "(XML parse error: Error domain 1 code 77 on line 2 column 1 of data: "
                    + "Premature end of data in tag svg line 1)",
            ])
        XCTAssertEqual(try outputs(folder), [])
    }

    /// One 100 KB entity used 20,000 times would expand to 2 GB before anything is drawn.
    func testEntityExpansionIsRefusedBeforeParsing() throws {
        let folder = try workspace()
        let svg =
            "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY e \"" + String(repeating: "x", count: 100_000)
            + "\">]><svg xmlns=\"http://www.w3.org/2000/svg\"><text>" + String(repeating: "&e;", count: 20_000)
            + "</text></svg>"
        try svg.write(to: folder.appendingPathComponent("bomb.svg"), atomically: true, encoding: .utf8)
        try assertRefused(document(icon: "bomb.svg"), in: folder, "'bomb.svg' is refused: it declares XML entities")
    }

    func testDoctypeWithInternalSubsetIsRefused() throws {
        let folder = try workspace()
        try "<!DOCTYPE svg [ <!ATTLIST svg a CDATA 'b'> ]><svg xmlns=\"http://www.w3.org/2000/svg\"/>"
            .write(to: folder.appendingPathComponent("subset.svg"), atomically: true, encoding: .utf8)
        try assertRefused(document(icon: "subset.svg"), in: folder, "its DOCTYPE has an internal subset")
    }

    func testFIFOIconIsRefusedWithoutWaiting() throws {
        let folder = try workspace()
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o644), 0)
        try assertRefused(document(icon: "pipe.png"), in: folder, "'pipe.png' is a FIFO, not a regular file")
    }

    func testFolderIconIsRefused() throws {
        let folder = try workspace()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("dir.svg"), withIntermediateDirectories: true)
        try assertRefused(document(icon: "dir.svg"), in: folder, "'dir.svg' is a folder, not a regular file")
    }

    func testOversizedIconFileIsRefused() throws {
        let folder = try workspace()
        try Data(count: 3 * 1024 * 1024).write(to: folder.appendingPathComponent("big.png"))
        try assertRefused(
            document(icon: "big.png"), in: folder, "'big.png' is 3145728 bytes, more than the limit of 2097152")
    }

    /// Each PNG is within the per-icon limit; together they would take 192 MB to draw.
    func testDocumentIconBudgetIsEnforced() throws {
        let folder = try workspace()
        let header = try Data(contentsOf: folder.appendingPathComponent("huge-header.png"))
        var yaml = "version: 1\ncards:\n  - items:\n"
        for index in 0..<3 {
            var bytes = [UInt8](header)
            bytes.replaceSubrange(16..<24, with: [0, 0, 0x10, 0, 0, 0, 0x10, 0]) // 4096 × 4096
            try Data(bytes).write(to: folder.appendingPathComponent("big\(index).png"))
            yaml += "      - {title: a, icon: big\(index).png}\n"
        }
        try yaml.write(to: folder.appendingPathComponent("input.yaml"), atomically: true, encoding: .utf8)
        let result = try BoundedRun.run(["validate", "input.yaml"], directory: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.stderr.contains(
                "input.yaml:6:26: error: cards[0].items[2].icon: 'big2.png' takes the document's icons past their "
                    + "limit of 33554432 pixels in all"
            ), result.stderr)
    }

    /// Scripts, event handlers and outside references in an SVG icon never reach our SVG (the
    /// icon is embedded as librsvg's PNG), nor its links our PDF.
    func testScriptedSVGIconIsEmbeddedAsPixelsOnly() throws {
        let folder = try workspace()
        let result = try BoundedRun.run(
            ["render", "scripted.yaml", "-o", "out", "--format", "svg", "--format", "pdf", "--format", "png"],
            directory: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let svg = try String(contentsOf: folder.appendingPathComponent("out/scripted.svg"), encoding: .utf8)
        for word in ["<script", "onload", "onclick", "javascript:", "hostname", "image/svg"] {
            XCTAssertFalse(svg.lowercased().contains(word), "'\(word)' in our SVG")
        }
        XCTAssertEqual(
            svg.components(separatedBy: "data:image/png;base64,").count - 1, 2,
            "the icon is defined once, in both href forms")
        let pdf = try Data(contentsOf: folder.appendingPathComponent("out/scripted.pdf"))
        PDFActions.assertOnlyURIActions(pdf)
        XCTAssertFalse(PDFObjects([UInt8](pdf)).text.contains("javascript:"), "the icon's own link reached the PDF")
    }
}

/// What a PDF's annotations may do: open a URI, nothing else.
enum PDFActions {
    static func assertOnlyURIActions(_ pdf: Data, file: StaticString = #filePath, line: UInt = #line) {
        let text = PDFObjects([UInt8](pdf)).text
        for name in ["/OpenAction", "/AA", "/JS (", "/JS(", "/JS <"] {
            XCTAssertFalse(text.contains(name), "\(name) in the PDF", file: file, line: line)
        }
        var actions = text.components(separatedBy: "/S /").dropFirst().map { String($0.prefix { $0.isLetter }) }
        // A page group and the tagged PDF's structure elements (links sit in a Document), not actions.
        actions.removeAll { ["Transparency", "Document", "Link"].contains($0) }
        XCTAssertFalse(actions.isEmpty, "no link in the PDF", file: file, line: line)
        XCTAssertEqual(Set(actions), ["URI"], file: file, line: line)
        // Every URI string closes where the link ends: no '(' or ')' inside it.
        for uri in text.components(separatedBy: "/URI (").dropFirst() {
            let value = uri.prefix { $0 != ")" }
            XCTAssertFalse(
                value.contains("(") || value.contains("\\"), "unescaped URI: \(value)", file: file, line: line)
        }
    }
}
