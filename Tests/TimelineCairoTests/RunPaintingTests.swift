import TimelineGolden
import TimelineScene
import XCTest

@testable import TimelineCairo

/// Every line is painted from its glyph runs, in PNG at every scale and in PDF for every kind of
/// line (right to left, mixed scripts, fallback fonts, emoji): a line whose runs are another
/// text's draws that text's glyphs, so nothing shaped the line's own text while painting. A PDF
/// still carries each line's text, so it can be searched and copied.
final class RunPaintingTests: XCTestCase {
    private let font = "Inter 14"
    private let black = RGBA(r: 0, g: 0, b: 0)

    private func glyphs(_ text: String, fonts: FontLibrary) throws -> LineGlyphs {
        let measured = PangoTextMeasurer(fonts: fonts).measure(text, font: font, maxWidth: 1000, maxLines: nil)
        return try XCTUnwrap(measured.lines.first?.glyphs, text)
    }

    private func scene(_ lines: [(text: String, glyphs: LineGlyphs?)]) -> Scene {
        let placed = lines.enumerated().map { index, line in
            PlacedLine(text: line.text, x: 10, baseline: 30 + 30 * Double(index), width: 300, glyphs: line.glyphs)
        }
        return Scene(
            width: 340, height: 20 + 30 * Double(lines.count), background: RGBA(r: 255, g: 255, b: 255),
            nodes: [.text(TextNode(font: font, color: black, lines: placed))], title: "t", description: [])
    }

    /// At scales other than 1 too, a PNG draws the scene's runs, scaled: a line holding another
    /// text's runs gives the pixels of that text, not of its own.
    func testPNGAtEveryScaleDrawsTheRunsNotTheText() throws {
        let fonts = try FontLibrary()
        let renderer = SceneRenderer(fonts: fonts)
        let launch = try glyphs("Launch 東京 🚀", fonts: fonts)
        let kickoff = try glyphs("Kickoff", fonts: fonts)
        for scale in [2.0, 1.5, 3, 0.75] {
            let honest = try renderer.render(scene([("Launch 東京 🚀", launch)]), format: .png, scale: scale)
            let swapped = try renderer.render(scene([("Kickoff", launch)]), format: .png, scale: scale)
            let own = try renderer.render(scene([("Kickoff", kickoff)]), format: .png, scale: scale)
            XCTAssertEqual(swapped, honest, "scale \(scale)")
            XCTAssertNotEqual(swapped, own, "scale \(scale)")
        }
    }

    /// Lines a PDF used to hand back to a Pango layout (right to left, mixed directions, several
    /// fonts) are drawn from their runs: swapped runs draw the other text's glyphs.
    func testPDFDrawsTheRunsOfEveryLine() throws {
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftoppm"), "poppler-utils is installed by make test"
        )
        let fonts = try FontLibrary()
        let renderer = SceneRenderer(fonts: fonts)
        // Pairs of texts of the same length in bytes, so that each one's clusters fit the other.
        let pairs = [
            ("שלום עולם", "עולם שלום"), ("שלום and English", "עולם and Spanish"), ("Launch 東京", "Kickof 京東"),
            ("مرحبا 123", "مرحبا 789"), ("Party 🚀 now", "Later 🎉 won"),
        ]
        for (first, second) in pairs {
            XCTAssertEqual(first.utf8.count, second.utf8.count)
            let runs = try glyphs(first, fonts: fonts)
            let honest = try raster(try renderer.render(scene([(first, runs)]), format: .pdf))
            let swapped = try raster(try renderer.render(scene([(second, runs)]), format: .pdf))
            let own = try raster(
                try renderer.render(scene([(second, try glyphs(second, fonts: fonts))]), format: .pdf))
            XCTAssertEqual(swapped, honest, first)
            XCTAssertNotEqual(swapped, own, first)
        }
    }

    /// The PDF keeps each line's text with its glyphs: `pdftotext` gives every line back as
    /// written, right-to-left lines in their logical order, fallback fonts' characters included.
    func testPDFTextIsExtractedAsWritten() throws {
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext"),
            "poppler-utils is installed by make test")
        let fonts = try FontLibrary()
        let texts = [
            "Crème brûlée à Zürich", "שלום עולם", "مراجعة التصميم", "混合 Latin and 中文", "Weather ☀ ☂ — status ✔",
        ]
        let lines = try texts.map { ($0, Optional(try glyphs($0, fonts: fonts))) }
        let pdf = try SceneRenderer(fonts: fonts).render(scene(lines), format: .pdf)
        let extracted = try run("/usr/bin/pdftotext", [Self.pdfArgument, "-"], pdf: pdf)
        // poppler wraps right-to-left lines in embedding marks (U+202B … U+202C).
        let found = String(decoding: extracted, as: UTF8.self).split(separator: "\n").map {
            String($0.unicodeScalars.filter { $0 != "\u{202B}" && $0 != "\u{202C}" })
                .trimmingCharacters(in: .whitespaces)
        }
        for text in texts { XCTAssertTrue(found.contains(text), "\(text) not in \(found)") }
    }

    /// The PDF drawn at 72 dpi by poppler, as PNG bytes.
    private func raster(_ pdf: Data) throws -> Data {
        try run("/usr/bin/pdftoppm", ["-r", "72", "-png", "-singlefile", Self.pdfArgument], pdf: pdf)
    }

    /// The argument `run` replaces with the PDF's path.
    private static let pdfArgument = "{pdf}"

    /// What `tool` writes to its standard output when run on `pdf`, saved to a file.
    private func run(_ tool: String, _ arguments: [String], pdf: Data) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("run-painting-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("in.pdf")
        try pdf.write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments.map { $0 == Self.pdfArgument ? file.path : $0 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, tool)
        XCTAssertFalse(bytes.isEmpty, tool)
        return bytes
    }
}
