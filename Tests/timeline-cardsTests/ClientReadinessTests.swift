import Foundation
import TimelineTestSupport
import XCTest

/// Every fixture, rendered by the CLI in all three formats, has what other clients need, so
/// that `make clients` shows it in Chromium, Inkscape, librsvg and poppler.
final class ClientReadinessTests: XCTestCase {
    private struct RenderFailed: Error, CustomStringConvertible { var description: String }

    /// `fixtures/` rendered once into a temporary folder: `<input-name>/<card-id>.{svg,png,pdf}`.
    private static let rendered = Result { () throws -> [URL] in
        let out = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run([
            "render", CLIRunner.fixture(""), "-o", out.path, "--format", "svg", "--format", "png", "--format", "pdf",
        ])
        guard result.status == 0 else { throw RenderFailed(description: result.stderr) }
        let found = FileManager.default.enumerator(at: out, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return found.filter { ["svg", "png", "pdf"].contains($0.pathExtension) }.sorted { $0.path < $1.path }
    }

    private func files(_ ext: String) throws -> [URL] {
        let files = try Self.rendered.get().filter { $0.pathExtension == ext }
        XCTAssertGreaterThan(files.count, 15, "every fixture's cards")
        return files
    }

    private func all(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    func testSVGsAreWholeSizedPrefixedLinkedAndReadable() throws {
        var prefixes: Set<String> = []
        for file in try files("svg") {
            let svg = try String(contentsOf: file, encoding: .utf8)
            let name = file.lastPathComponent
            let size =
                try all("<svg [^>]*?width=\"([^\"]+)\"", in: svg) + all("<svg [^>]*?height=\"([^\"]+)\"", in: svg)
            XCTAssertEqual(size.count, 2, name)
            for value in size { XCTAssertNotNil(Int(value), "\(name): whole size, not \(value)") }
            let role = svg.contains("<a ") ? "graphics-document" : "img"
            let root = "role=\"\(role)\" aria-labelledby=\""
            XCTAssertTrue(svg.contains(root), "\(name): an image, or a graphics document whose links stay reachable")

            let ids = try all(" id=\"([^\"]+)\"", in: svg)
            let prefix = try XCTUnwrap(try all("^(.+-[0-9a-f]{8}-)title$", in: ids[0]).first, "\(name): \(ids[0])")
            XCTAssertTrue(
                prefix.hasPrefix(file.deletingPathExtension().lastPathComponent), "\(name): named by its card")
            for id in ids { XCTAssertTrue(id.hasPrefix(prefix), "\(name): \(id)") }
            XCTAssertTrue(prefixes.insert(prefix).inserted, "\(name): prefix \(prefix) is its own")
            let definedIDs = Set(ids)
            for reference in try all("(?:href=\"#|url\\(#)([^\")]+)", in: svg) {
                XCTAssertTrue(definedIDs.contains(reference), "\(name): #\(reference) is defined")
            }

            let referenced = try all("(<use (?:href=\"[^\"]+\" )?xlink:href=)", in: svg).count
            XCTAssertEqual(try all("(<use )", in: svg).count, referenced, "\(name): every <use> has xlink:href")
            XCTAssertEqual(
                try all("(<a )", in: svg).count,
                try all("(<a href=\"[^\"]*\" xlink:href=\"[^\"]*\" aria-label=\"[^\"]+\")", in: svg).count,
                "\(name): every link has an accessible name")
            if svg.contains("<use ") { XCTAssertTrue(svg.contains("<text x="), "\(name): text drawn is also text") }
        }
    }

    func testTitlesAreTextInTheSVG() throws {
        let svg = try String(
            contentsOf: try XCTUnwrap(files("svg").first { $0.lastPathComponent == "release-2.svg" }), encoding: .utf8)
        for title in ["Release 2.0", "Kickoff", "Design review", "Public beta"] {
            XCTAssertTrue(svg.contains("lengthAdjust=\"spacingAndGlyphs\">\(title)</text>"), title)
        }
        XCTAssertTrue(
            svg.contains("<desc id=\"") && svg.contains("Release 2.0 — From kickoff to launch\n"),
            "the header's subtitle is described")
    }

    func testPNGsSayDensityColorSpaceAndBackground() throws {
        for file in try files("png") {
            let bytes = [UInt8](try Data(contentsOf: file))
            var chunks: [String: [UInt8]] = [:]
            var order: [String] = []
            var offset = 8
            while offset + 8 <= bytes.count {
                let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
                let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
                order.append(type)
                chunks[type] = Array(bytes[offset + 8..<offset + 8 + length])
                offset += 12 + length
            }
            XCTAssertEqual(order, ["IHDR", "sRGB", "bKGD", "pHYs", "IDAT", "IEND"], file.lastPathComponent)
            XCTAssertEqual(
                chunks["pHYs"], [0, 0, 0x16, 0x25, 0, 0, 0x16, 0x25, 1],
                "\(file.lastPathComponent): 5669 px/m, 144 dpi at scale 2")
            if file.lastPathComponent == "dark.png" {
                XCTAssertEqual(chunks["bKGD"], [0, 0x1C, 0, 0x1C, 0, 0x1E], "the dark theme's background")
            }
        }
    }

    /// Every object a PDF refers to is in it (cairo 1.16's link tags referred to structure
    /// elements it never wrote), its page is whole points, and its links are URI actions.
    func testPDFsAreCompleteWholeSizedAndLinked() throws {
        for file in try files("pdf") {
            // The objects' text, not the streams' (a font's bytes may read "5 0 R").
            let objects = PDFObjects([UInt8](try Data(contentsOf: file)))
            let pdf = objects.dictionaries
            let name = file.lastPathComponent
            let defined = Set(objects.objects.keys.map(String.init))
            for reference in Set(try all("(\\d+) 0 R\\b", in: pdf)) {
                XCTAssertTrue(defined.contains(reference), "\(name): object \(reference) is referred to and written")
            }
            for resources in try all("/XObject << ([^>]*) >>", in: pdf) {
                let names = try all("(/x\\d+) ", in: resources + " ")
                XCTAssertEqual(
                    names.count, Set(names).count, "\(name): an icon drawn twice is listed once (\(resources))")
            }
            let box = try all("/MediaBox \\[ 0 0 ([^\\]]+) \\]", in: pdf)
            XCTAssertEqual(box.count, 1, name)
            for value in box.first?.split(separator: " ") ?? [] {
                XCTAssertNotNil(Int(value), "\(name): whole points, not \(value)")
            }
            if name == "links.pdf" {
                XCTAssertEqual(
                    try all("/S /URI\\s+/URI \\(([^)]*)\\)", in: pdf),
                    ["https://example.com/kickoff", "https://example.com/a?b=1&c=%272%27", "mailto:team@example.com"])
                XCTAssertTrue(pdf.contains("/StructTreeRoot"), name)
            }
        }
    }

    /// Images are drawn on whole points: a card 16,383.2 points wide is 16,384 points, 32,768 px
    /// at scale 2, one more than PNG allows, and is refused as bad input before drawing.
    func testSizeLimitsCountWholePoints() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try "version: 1\ncards:\n  - id: wide\n    style: { width: 16383.2 }\n    items:\n      - { title: A }\n"
            .write(to: folder.appendingPathComponent("wide.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["render", "wide.yaml", "-o", "out", "--format", "png"], directory: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("would be 32768×"), result.stderr)
    }
}
