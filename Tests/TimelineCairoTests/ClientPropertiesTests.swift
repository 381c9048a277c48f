import Foundation
import TimelineGolden
import TimelineScene
import TimelineTestSupport
import XCTest

@testable import TimelineCairo

/// What SVG, PNG and PDF clients other than ours need from an image to show it as we draw it: SVG 1.1
/// references, ids of the image's own, whole canvas sizes, a density and background in PNG,
/// real text and accessible names in SVG.
final class ClientPropertiesTests: XCTestCase {
    private let black = RGBA(r: 0, g: 0, b: 0)

    private func scene(
        _ text: String = "Kickoff & <review>", width: Double = 200.25, height: Double = 80.002,
        backdrop: RGBA? = nil
    ) -> Scene {
        Scene(
            width: width, height: height, background: nil,
            nodes: [
                .text(
                    TextNode(
                        font: "Inter Semi-Bold 14", color: black,
                        lines: [PlacedLine(text: text, x: 10, baseline: 30, width: 120)])),
                .line(
                    LineNode(
                        from: Point(x: 0, y: 40), to: Point(x: 50, y: 40), stroke: Stroke(color: black, width: 1),
                        fadeTo: RGBA(r: 0, g: 0, b: 0, a: 0))),
                .link(
                    LinkNode(
                        rect: Rect(x: 10, y: 10, width: 120, height: 30), url: "https://example.com/", label: text)!
                ),
            ], title: "Card", description: ["one"], backdrop: backdrop)
    }

    private func svg(_ scene: Scene, name: String = "card-1", scale: Double = 1, inputHash: UInt32 = 0) throws -> String
    {
        String(
            decoding: try SceneRenderer(fonts: FontLibrary()).render(
                scene, format: .svg, scale: scale, name: name, inputHash: inputHash),
            as: UTF8.self)
    }

    private func matches(_ pattern: String, in text: String) throws -> [[String]] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    /// Glyphs are placed with SVG 1.1's `xlink:href` alone (every browser reads it as well); the
    /// rarer icons and links carry SVG 2's `href` beside it.
    func testUseCarriesXlinkHref() throws {
        let svg = try svg(scene())
        let uses = try matches("<use xlink:href=\"#([^\"]+)\" x=\"[^\"]+\"/>", in: svg)
        XCTAssertFalse(uses.isEmpty, svg)
        XCTAssertEqual(try matches("<use ", in: svg).count, uses.count, "every <use> has it")
        XCTAssertFalse(svg.contains("<use href="), svg)
    }

    func testIdsCarryAPrefixOfTheImageNameItsInputAndScale() throws {
        let first = try svg(scene())
        let ids = try matches(" id=\"([^\"]+)\"", in: first).map { $0[1] }
        XCTAssertFalse(ids.isEmpty)
        let prefix = try XCTUnwrap(try matches("^(card-1-[0-9a-f]{8}-)", in: ids[0]).first?[1])
        for id in ids { XCTAssertTrue(id.hasPrefix(prefix), id) }
        for reference in try matches("(?:href=\"#|url\\(#)([^\")]+)", in: first).map({ $0[1] }) {
            XCTAssertTrue(ids.contains(reference), "\(reference) is defined")
        }
        XCTAssertEqual(try svg(scene()), first, "the same scene gives the same bytes")
        XCTAssertFalse(try svg(scene("Launch"), inputHash: 1).contains(prefix), "another input's ids differ")
        XCTAssertFalse(try svg(scene(), scale: 2).contains(prefix), "another scale's ids differ")
        XCTAssertTrue(
            try svg(scene(), name: "2024 plan/ü").contains(" id=\"_2024_plan__"), "ids start with a letter or _")
    }

    func testCanvasIsWholeUnitsInEveryFormat() throws {
        let renderer = SceneRenderer(fonts: try FontLibrary())
        let svg = try svg(scene())
        XCTAssertTrue(svg.contains("width=\"201\" height=\"81\" viewBox=\"0 0 201 81\""), svg)
        XCTAssertTrue(
            try self.svg(scene(), scale: 1.5).contains("width=\"302\" height=\"122\" viewBox=\"0 0 302 122\""),
            "201 × 81 points at 1.5, rounded up")
        // cairo 1.18 writes the page's dictionary into a compressed object stream.
        let pdf = try renderer.render(scene(), format: .pdf)
        let text = PDFObjects([UInt8](pdf)).text
        XCTAssertTrue(text.contains("/MediaBox [ 0 0 201 81 ]"), "whole points")
        let png = try PNGCoding.decode(renderer.render(scene(), format: .png, scale: 2))
        XCTAssertEqual([png.width, png.height], [402, 162], "the SVG's whole points at scale 2")
    }

    /// The chunks of a PNG file by type, in order.
    private func chunks(_ data: Data) -> [(type: String, data: [UInt8])] {
        let bytes = [UInt8](data)
        var chunks: [(String, [UInt8])] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            chunks.append(
                (
                    String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self),
                    Array(bytes[offset + 8..<offset + 8 + length])
                ))
            offset += 12 + length
        }
        return chunks
    }

    func testPNGSaysItsDensityColorSpaceAndBackground() throws {
        let renderer = SceneRenderer(fonts: try FontLibrary())
        let dark = RGBA(r: 0x1C, g: 0x1C, b: 0x1E)
        for (scale, perMetre) in [(1.0, 2835), (2.0, 5669), (3.0, 8504)] {
            let png = chunks(try renderer.render(scene(backdrop: dark), format: .png, scale: scale))
            XCTAssertEqual(png.map(\.type), ["IHDR", "sRGB", "bKGD", "pHYs", "IDAT", "IEND"])
            let density = try XCTUnwrap(png.first { $0.type == "pHYs" }?.data)
            let metre: [UInt8] = [
                UInt8(perMetre >> 24), UInt8(perMetre >> 16 & 0xFF), UInt8(perMetre >> 8 & 0xFF),
                UInt8(perMetre & 0xFF),
            ]
            XCTAssertEqual(density, metre + metre + [1], "\(Int(72 * scale)) dpi")
            XCTAssertEqual(png.first { $0.type == "sRGB" }?.data, [0])
            XCTAssertEqual(
                png.first { $0.type == "bKGD" }?.data, [0, 0x1C, 0, 0x1C, 0, 0x1E], "the theme's background")
        }
        let plain = chunks(try renderer.render(scene(), format: .png))
        XCTAssertEqual(plain.first { $0.type == "bKGD" }?.data, [0, 255, 0, 255, 0, 255], "white without a backdrop")
    }

    func testTextIsAlsoRealInvisibleTextOverItsOutlines() throws {
        let svg = try svg(scene())
        XCTAssertTrue(
            svg.contains("<g fill=\"#000\" fill-opacity=\"0\" xml:space=\"preserve\" aria-hidden=\"true\">"),
            svg)
        XCTAssertTrue(
            svg.contains("<g font-family=\"Inter, sans-serif\" font-size=\"18.667\" font-weight=\"600\">"),
            "14 pt at Pango's 96 dpi, as the outlines are drawn")
        XCTAssertTrue(
            svg.contains(
                "<text x=\"10\" y=\"30\" textLength=\"120\" lengthAdjust=\"spacingAndGlyphs\">Kickoff &amp; "
                    + "&lt;review&gt;</text>"
            ), svg)
        let layer = try XCTUnwrap(svg.range(of: "fill-opacity=\"0\" xml:space"))
        let lastGlyph = try XCTUnwrap(svg.range(of: "<use ", options: .backwards))
        let link = try XCTUnwrap(svg.range(of: "<a href"))
        XCTAssertTrue(
            lastGlyph.lowerBound < layer.lowerBound && layer.lowerBound < link.lowerBound,
            "over the outlines, under the links")
    }

    /// A card without links is one image, named by its title and desc; a card with links is a
    /// graphics document (an image's children, links included, are presentational), named by its
    /// title, its links named by their items.
    func testRootAndLinksHaveAccessibleNames() throws {
        let withoutLinks = try svg(
            Scene(
                width: 100, height: 40, background: nil,
                nodes: scene().nodes.filter {
                    if case .link = $0 { false } else { true }
                }, title: "Card", description: ["one"]))
        let labelled = try XCTUnwrap(
            try matches(
                "role=\"img\" aria-labelledby=\"([^ ]+) ([^\"]+)\"",
                in: withoutLinks
            ).first)
        XCTAssertTrue(withoutLinks.contains("<title id=\"\(labelled[1])\">Card</title>"), withoutLinks)
        XCTAssertTrue(withoutLinks.contains("<desc id=\"\(labelled[2])\">one</desc>"), withoutLinks)

        let svg = try svg(scene())
        XCTAssertFalse(svg.contains("role=\"img\""), "links inside an image would be presentational")
        let title = try XCTUnwrap(
            try matches(
                "role=\"graphics-document\" aria-labelledby=\"([^ \"]+)\"",
                in: svg
            ).first)
        XCTAssertTrue(svg.contains("<title id=\"\(title[1])\">Card</title>"), svg)
        XCTAssertTrue(svg.contains("<desc id=\"") && svg.contains("\">one</desc>"), svg)
        XCTAssertTrue(
            svg.contains("xlink:href=\"https://example.com/\" aria-label=\"Kickoff &amp; &lt;review&gt;\""), svg)
        XCTAssertEqual(
            LinkNode(rect: Rect(x: 0, y: 0, width: 1, height: 1), url: "https://x.org")!.label, "https://x.org",
            "a link without text is named by its URL")
    }

    /// Where a reader puts each glyph of a long line: it moves on by the font's written `/Widths`
    /// and the `TJ` adjustments, and must land the last glyph where the SVG (our outlines) has it.
    func testPDFReaderPlacesTheLastGlyphOfALongLineWhereTheSVGHasIt() throws {
        let renderer = SceneRenderer(fonts: try FontLibrary())
        let text = "A title long enough that it has to wrap over several lines inside a narrow card"
        let scene = Scene(
            width: 700, height: 60, background: nil,
            nodes: [
                .text(
                    TextNode(
                        font: "Inter Semi-Bold 14", color: black,
                        lines: [PlacedLine(text: text, x: 10, baseline: 30, width: 600)]))
            ], title: "t", description: [])
        let pdf = try renderer.render(scene, format: .pdf)
        let objects = PDFObjects([UInt8](pdf))
        let content = objects.streams.joined()
        // The font cairo names in `Tf`, its first code and widths in thousandths of an em.
        let fontName = try XCTUnwrap(try matches("/(f-\\d+-\\d+) 1 Tf", in: content).first?[1])
        let object = try XCTUnwrap(try matches("/\(fontName) (\\d+) 0 R", in: objects.text).first?[1])
        let font = try XCTUnwrap(Int(object).flatMap { objects.objects[$0] })
        let firstChar = try XCTUnwrap(Int(try XCTUnwrap(try matches("/FirstChar (\\d+)", in: font).first?[1])))
        let widths = try XCTUnwrap(try matches("/Widths \\[([^\\]]*)\\]", in: font).first?[1])
            .split(separator: " ").compactMap { Double($0) }
        let matrix = try XCTUnwrap(try matches("([-\\d.]+) 0 0 [-\\d.]+ ([-\\d.]+) [-\\d.]+ Tm", in: content).first)
        let size = try XCTUnwrap(Double(matrix[1]))
        let start = try XCTUnwrap(Double(matrix[2]))
        let array = try XCTUnwrap(try matches("(?s)\\[(.*)\\]\\s*TJ", in: content).first?[1])
        // Walk the TJ array: strings of one-byte codes (with \\ escapes) and adjustments.
        var x = start
        var lastGlyph = start
        var index = array.startIndex
        while index < array.endIndex {
            if array[index] == "(" {
                index = array.index(after: index)
                while array[index] != ")" {
                    var code = Int(array[index].asciiValue ?? 0)
                    if array[index] == "\\" {
                        index = array.index(after: index)
                        let digits = array[index...].prefix { $0.isNumber }.prefix(3)
                        if digits.isEmpty {
                            code = Int(array[index].asciiValue ?? 0)
                        } else {
                            code = Int(digits, radix: 8) ?? 0
                            index = array.index(index, offsetBy: digits.count - 1)
                        }
                    }
                    lastGlyph = x
                    x += widths[code - firstChar] / 1000 * size
                    index = array.index(after: index)
                }
                index = array.index(after: index)
            } else {
                let number = array[index...].prefix { "-0123456789.".contains($0) }
                if let adjustment = Double(number), !number.isEmpty {
                    x -= adjustment / 1000 * size
                    index = array.index(index, offsetBy: number.count)
                } else {
                    index = array.index(after: index)
                }
            }
        }
        let svg = try svg(scene)
        let lineStart = try XCTUnwrap(Double(try XCTUnwrap(try matches("translate\\(([-\\d.]+) ", in: svg).last?[1])))
        let lastUse = try XCTUnwrap(try matches("<use [^>]* x=\"([-\\d.]+)\"", in: svg).last?[1])
        let svgLast = lineStart + (try XCTUnwrap(Double(lastUse)))
        XCTAssertEqual(
            lastGlyph, svgLast, accuracy: 0.05,
            "the reader's last glyph at \(lastGlyph), the outlines' at \(svgLast)")
    }

    /// A PDF at another scale draws the lines kept from measuring, as at scale 1: each line's
    /// glyph adjustments are those of scale 1, not those of the text shaped again at the new scale.
    func testScaledPDFDrawsTheLinesOfScaleOne() throws {
        let fonts = try FontLibrary()
        let measurer = PangoTextMeasurer(fonts: fonts)
        let title = "Milestone 12 — a long title that wraps around the card and over several lines"
        let measured = measurer.measure(title, font: "Inter Semi-Bold 14", maxWidth: 160, maxLines: nil)
        XCTAssertGreaterThan(measured.lines.count, 2)
        let lines = measured.lines.map { PlacedLine(text: $0.text, x: 10, baseline: 20 + $0.baseline, width: $0.width) }
        let scene = Scene(
            width: 200, height: 30 + measured.height, background: nil,
            nodes: [
                .text(TextNode(font: "Inter Semi-Bold 14", color: black, lines: lines))
            ], title: "t", description: [])
        let renderer = SceneRenderer(fonts: fonts)
        func adjustments(scale: Double) throws -> [String] {
            let content = PDFObjects([UInt8](try renderer.render(scene, format: .pdf, scale: scale))).streams.joined()
            return try matches("(?s)\\[([^\\]]*)\\]\\s*TJ", in: content).map { $0[1] }
        }
        let atOne = try adjustments(scale: 1)
        XCTAssertEqual(atOne.count, measured.lines.count)
        for scale in [0.17, 0.5, 3] { XCTAssertEqual(try adjustments(scale: scale), atOne, "scale \(scale)") }
    }

    /// A bold CJK line is drawn in the fallback font emboldened; cairo embeds its outlines 1/24 em
    /// lower than it draws them, so its glyphs are written that much higher than a regular line's.
    func testPDFRaisesEmboldenedGlyphsByTheEmboldeningStrength() throws {
        let renderer = SceneRenderer(fonts: try FontLibrary())
        func textMatrixY(_ font: String) throws -> Double {
            let scene = Scene(
                width: 200, height: 60, background: nil,
                nodes: [
                    .text(
                        TextNode(
                            font: font, color: black,
                            lines: [PlacedLine(text: "新产品", x: 10, baseline: 30, width: 60)]))
                ], title: "t", description: [])
            let content = PDFObjects([UInt8](try renderer.render(scene, format: .pdf))).streams.joined()
            let y = try XCTUnwrap(try matches("[-\\d.]+ 0 0 [-\\d.]+ [-\\d.]+ ([-\\d.]+) Tm", in: content).first?[1])
            return try XCTUnwrap(Double(y))
        }
        XCTAssertEqual(try textMatrixY("Inter 14") - textMatrixY("Inter Bold 14"), 14 * 96 / 72 / 24, accuracy: 0.01)
    }

    /// A bold CJK text after a regular one: the fallback font emboldened is the same face and
    /// description, and its glyphs still get outlines of their own (the bold ones).
    func testEmboldenedGlyphsHaveOutlinesOfTheirOwnInSVG() throws {
        let lines = [PlacedLine(text: "本日", x: 10, baseline: 30, width: 40)]
        let svg = try svg(
            Scene(
                width: 100, height: 60, background: nil,
                nodes: [
                    .text(TextNode(font: "Inter 14", color: black, lines: lines)),
                    .text(TextNode(font: "Inter Bold 14", color: black, lines: lines)),
                ], title: "t", description: []))
        let outlines = try matches("<path id=\"[^\"]+\" d=\"([^\"]+)\"", in: svg).map { $0[1] }
        XCTAssertEqual(outlines.count, 4, svg)
        XCTAssertEqual(Set(outlines).count, 4, "bold outlines differ from regular ones")
    }

    /// Right-to-left runs are marked with their text, in the order poppler reads glyphs in
    /// (it puts right-to-left text back into logical order itself); left-to-right lines are not.
    func testPDFMarksRightToLeftRunsWithTheirText() throws {
        let renderer = SceneRenderer(fonts: try FontLibrary())
        let lines = [
            PlacedLine(text: "שלום", x: 10, baseline: 20, width: 40),
            PlacedLine(text: "Hello", x: 10, baseline: 40, width: 40),
        ]
        let scene = Scene(
            width: 100, height: 60, background: nil,
            nodes: [.text(TextNode(font: "DejaVu Sans 12", color: black, lines: lines))], title: "t", description: [])
        let content = PDFObjects([UInt8](try renderer.render(scene, format: .pdf))).streams.joined()
        XCTAssertEqual(content.components(separatedBy: "/ActualText").count - 1, 1, content)
        // UTF-16BE with a byte order mark: ם ו ל ש, the glyphs' order from left to right.
        XCTAssertTrue(content.contains("/ActualText <feff05dd05d505dc05e9>"), content)
    }
}
