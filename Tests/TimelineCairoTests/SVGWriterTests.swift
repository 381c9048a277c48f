import Foundation
import TimelineScene
import XCTest

@testable import TimelineCairo

/// The SVG writer's number formatting and glyph reuse.
final class SVGWriterTests: XCTestCase {
    private func formatted(_ value: Double) -> String {
        var out = SVGBytes()
        out.append(number: value)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    func testNumbersHaveAtMostThreeDecimalsAndNoExponent() {
        XCTAssertEqual(formatted(0), "0")
        XCTAssertEqual(formatted(-0.0), "0")
        XCTAssertEqual(formatted(-0.0004), "0", "never -0")
        XCTAssertEqual(formatted(0.0004), "0")
        XCTAssertEqual(formatted(0.0005), "0.001")
        XCTAssertEqual(formatted(1), "1")
        XCTAssertEqual(formatted(10), "10")
        XCTAssertEqual(formatted(1.5), "1.5")
        XCTAssertEqual(formatted(-1.5), "-1.5")
        XCTAssertEqual(formatted(0.1), "0.1")
        XCTAssertEqual(formatted(0.25), "0.25")
        XCTAssertEqual(formatted(0.05), "0.05")
        XCTAssertEqual(formatted(0.007), "0.007")
        XCTAssertEqual(formatted(12.3456), "12.346")
        XCTAssertEqual(formatted(99.9999), "100")
        XCTAssertEqual(formatted(-250.10), "-250.1")
        XCTAssertEqual(formatted(1234567.891), "1234567.891")
        XCTAssertEqual(formatted(1e20), "1000000000000", "clamped, no exponent")
        XCTAssertEqual(formatted(1e-9), "0")
        XCTAssertEqual(formatted(.nan), "0")
        XCTAssertEqual(formatted(.infinity), "0")
    }

    func testIntegersAndColors() {
        var out = SVGBytes()
        out.append(integer: 0)
        out.append(" ")
        out.append(integer: 1209)
        out.append(" ")
        out.append(color: RGBA(r: 255, g: 45, b: 85))
        out.append(" ")
        out.append(color: RGBA(r: 0, g: 134, b: 128))
        XCTAssertEqual(
            String(decoding: out.bytes, as: UTF8.self),
            "0 1209 rgb(100%,17.647059%,33.333333%) rgb(0%,52.54902%,50.196078%)")
    }

    /// Every digit count, both sides of each power of ten, and the largest integer.
    func testIntegersMatchSwiftsDecimalText() {
        var values: [Int] = [0, 1, 9, Int.max]
        var power = 10
        while power <= Int.max / 10 {
            values += [power - 1, power, power + 1]
            power *= 10
        }
        values += [power - 1, power]
        for value in values {
            var out = SVGBytes()
            out.append(integer: value)
            XCTAssertEqual(String(decoding: out.bytes, as: UTF8.self), String(value))
        }
    }

    private func render(_ texts: [String], font: String = "Inter 14") throws -> String {
        let fonts = try FontLibrary()
        let renderer = SceneRenderer(fonts: fonts)
        let lines = texts.enumerated().map { PlacedLine(text: $1, x: 10, baseline: 20 + 20 * Double($0), width: 100) }
        let scene = Scene(
            width: 200, height: 100, background: RGBA(r: 255, g: 255, b: 255),
            nodes: [.text(TextNode(font: font, color: RGBA(r: 0, g: 0, b: 0), lines: lines))],
            title: "t & <t>", description: ["a", "b"])
        return String(decoding: try renderer.render(scene, format: .svg), as: UTF8.self)
    }

    private func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// Colors are written as cairo's SVG surface wrote them, printf's `%f` without trailing zeros.
    func testChannelPercentsMatchPrintf() {
        for value in 0...255 {
            var expected = String(format: "%f", Double(value) * 100 / 255)
            while expected.hasSuffix("0") { expected.removeLast() }
            if expected.hasSuffix(".") { expected.removeLast() }
            XCTAssertEqual(
                String(decoding: SVGBytes.channelPercent(value), as: UTF8.self), expected + "%", "channel \(value)")
        }
    }

    func testIdenticalGlyphsAreDefinedOnceAndUsedTwice() throws {
        let svg = try render(["oo"])
        XCTAssertEqual(count("<path id=\"", in: svg), 1, svg)
        XCTAssertEqual(count("-g0\" x=\"", in: svg), 2, svg)
        XCTAssertTrue(svg.contains("-title\">t &amp; &lt;t&gt;</title>\n<desc id=\"timeline-"), svg)
        XCTAssertTrue(svg.contains("-desc\">a\nb</desc>"), svg)
    }

    /// A word seen a second time is defined once as a group of its glyphs' uses, placed with one
    /// `<use>` from then on; the first time, and a word of one glyph, are placed glyph by glyph.
    func testRepeatedWordsAreDefinedOnceAndPlacedWhole() throws {
        let svg = try render(["design review a", "review design a", "review"])
        XCTAssertEqual(count("<g id=\"", in: svg), 2, "review and design, not a: \(svg)")
        XCTAssertEqual(count("-w0\" x=\"", in: svg), 2, "review on the second and third lines")
        XCTAssertEqual(count("-w1\" x=\"", in: svg), 1, "design on the second")
        let group = try XCTUnwrap(svg.range(of: "-w0\">\n")).upperBound
        let definition = String(svg[group...].split(separator: "</g>")[0])
        XCTAssertEqual(count("<use xlink:href=\"#", in: definition), 6, definition)
        XCTAssertTrue(definition.hasPrefix("<use xlink:href=\"#"), "its first glyph at 0: \(definition)")
    }

    /// A word kept in the table takes its own numbers only, whatever the longest run before it:
    /// a card of long runs then short words must not keep every word at the long runs' size.
    func testKeptWordsHoldOnlyTheirGlyphs() {
        var run = SVGWord()
        for glyph in 0..<300 { run.append(id: glyph, x: glyph * 1024, y: 0) }
        run.clear()
        run.append(id: 1, x: 0, y: 0)
        run.append(id: 2, x: 700, y: 0)
        var table = SVGWordTable()
        table.add(run, value: -1)
        XCTAssertEqual(table.keptNumbers, 6, "not the 900 numbers of the long run")
        XCTAssertNotNil(table.find(run))
    }

    /// A word's group puts its glyphs where the glyph-by-glyph line put them, to a thousandth.
    func testAWordsGroupPlacesItsGlyphsAsTheLineDid() throws {
        let svg = try render(["Milestone", "Milestone"])
        func numbers(_ pattern: String, in text: Substring) throws -> [Double] {
            let text = String(text)
            return try NSRegularExpression(pattern: pattern).matches(
                in: text, range: NSRange(text.startIndex..., in: text)
            )
            .map { Double((text as NSString).substring(with: $0.range(at: 1)))! }
        }
        let firstLine = try XCTUnwrap(svg.range(of: "translate(10 20)\">\n")).upperBound
        let direct = try numbers(" x=\"([-\\d.]+)\"", in: svg[firstLine...].split(separator: "</g>")[0])
        let group = try XCTUnwrap(svg.range(of: "-w0\">\n")).upperBound
        let inner = try numbers(" x=\"([-\\d.]+)\"", in: svg[group...].split(separator: "</g>")[0])
        let placed = try numbers("-w0\" x=\"([-\\d.]+)\"", in: svg[...])
        XCTAssertEqual(direct.count, 9)
        XCTAssertEqual(placed.count, 1)
        XCTAssertEqual(inner.count, direct.count)
        for (glyph, alone) in zip(inner, direct) { XCTAssertEqual(placed[0] + glyph, alone, accuracy: 0.0011) }
    }

    func testSpacesDrawNothingAndGlyphsAreSharedAcrossLines() throws {
        let svg = try render(["a b", "ba"])
        XCTAssertEqual(count("<path id=\"", in: svg), 2, "a and b once each; the space has no outline")
        XCTAssertEqual(count("<use ", in: svg), 4)
        // Glyphs are placed left to right from each line's start on its baseline.
        XCTAssertTrue(svg.contains("<g transform=\"translate(10 20)\">\n<use xlink:href=\"#"), svg)
        XCTAssertTrue(svg.contains(" 40)\">\n<use "), svg)
    }

    func testOutputIsTheSameForARenderAfterOthers() throws {
        let fonts = try FontLibrary()
        let renderer = SceneRenderer(fonts: fonts)
        func scene(_ text: String) -> Scene {
            Scene(
                width: 100, height: 40, background: nil,
                nodes: [
                    .text(
                        TextNode(
                            font: "Inter 12", color: RGBA(r: 1, g: 2, b: 3),
                            lines: [PlacedLine(text: text, x: 0, baseline: 12, width: 90)]))
                ],
                title: "x", description: [])
        }
        let first = try renderer.render(scene("zebra"), format: .svg)
        _ = try renderer.render(scene("quick fox"), format: .svg)
        _ = try renderer.render(scene("quick fox"), format: .png, scale: 2)
        let again = try renderer.render(scene("zebra"), format: .svg)
        XCTAssertEqual(first, again, "ids are numbered per document")
        let fresh = try SceneRenderer(fonts: FontLibrary()).render(scene("zebra"), format: .svg)
        XCTAssertEqual(first, fresh)
    }

    /// A scene big enough to have its text layer written beside its drawing (on a thread of its
    /// own) writes the layer a small scene writes here, after the drawing and before the links,
    /// with every text node's lines in the scene's order.
    func testABigScenesTextLayerIsTheOneWrittenHere() throws {
        let renderer = SceneRenderer(fonts: try FontLibrary())
        func scene(_ count: Int) -> Scene {
            var nodes: [Primitive] = (0..<count).map { index in
                .text(
                    TextNode(
                        font: index % 3 == 0 ? "Inter Bold 13" : "Inter 12", color: RGBA(r: 1, g: 2, b: 3),
                        lines: [PlacedLine(text: "Row \(index) & <b>", x: 4, baseline: Double(index) * 16, width: 90)]))
            }
            nodes.append(.link(LinkNode(rect: Rect(x: 1, y: 2, width: 3, height: 4), url: "https://x.org/")!))
            return Scene(
                width: 100, height: Double(count) * 16, background: nil, nodes: nodes, title: "t",
                description: ["Row 0 & <b>", "", "Row \(count - 1)"])
        }
        func layer(_ svg: String) throws -> Substring {
            let start = try XCTUnwrap(svg.range(of: "<g fill=\"#000\" fill-opacity=\"0\""))
            let end = try XCTUnwrap(svg.range(of: "<a href="))
            XCTAssertLessThan(start.lowerBound, end.lowerBound, "the links after the layer")
            return svg[start.lowerBound..<end.lowerBound]
        }
        let big = scene(SVGWriter.textLayerAlongsideMinimum + 10)
        XCTAssertGreaterThanOrEqual(big.nodes.count, SVGWriter.textLayerAlongsideMinimum)
        let bigSVG = String(decoding: try renderer.render(big, format: .svg), as: UTF8.self)
        let bigLayer = try layer(bigSVG)
        var expected = SVGBytes()
        let glyphs = SVGGlyphs()
        let fonts = TextThread.run { SVGWriter(fonts: renderer.fonts, glyphs: glyphs).textLayerFonts(big) }
        SVGWriter.writeTextLayer(big, fonts: fonts, into: &expected)
        XCTAssertEqual(String(bigLayer), String(decoding: expected.bytes, as: UTF8.self))
        XCTAssertEqual(count("<text x=", in: String(bigLayer)), big.nodes.count - 1)
        XCTAssertTrue(bigLayer.contains("Row 0 &amp; &lt;b&gt;</text>"))
        XCTAssertTrue(bigLayer.contains("font-weight=\"700\""), "the bold rows' attributes")
        let small = String(decoding: try renderer.render(scene(3), format: .svg), as: UTF8.self)
        XCTAssertEqual(count("<text x=", in: String(try layer(small))), 3)
        // The head, written beside the drawing in a big scene: its description's lines escaped,
        // joined by newlines, as a small scene's.
        let description = "\">Row 0 &amp; &lt;b&gt;\n\nRow "
        XCTAssertTrue(bigSVG.contains(description + "\(big.nodes.count - 2)</desc>"), String(bigSVG.prefix(600)))
        XCTAssertTrue(small.contains(description + "2</desc>"), String(small.prefix(600)))
        XCTAssertTrue(bigSVG.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    }

    /// The hash an SVG's ids start with is the CRC-32 of what the card shows, its lines joined by
    /// newlines, then of the options: computed line by line, the same as over the joined bytes.
    func testTheInputHashIsTheCRCOfTheLinesJoinedThenOfTheOptions() {
        func crc(_ bytes: [UInt8], _ start: UInt32 = 0) -> UInt32 {
            var value = ~start
            for byte in bytes {
                value ^= UInt32(byte)
                for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
            }
            return ~value
        }
        for lines in [[], [""], ["", ""], ["Launch"], ["Kickoff", "", "Крайний срок ✅", "締め切り"], ["a\nb", "&"]] {
            for options in ["", "list\n1.0\n\n\n\n\nfalse"] {
                let joined = Array(lines.joined(separator: "\n").utf8)
                XCTAssertEqual(
                    SceneRenderer.inputHash(lines: lines, options: options), crc(Array(options.utf8), crc(joined)),
                    "\(lines) \(options)")
            }
        }
        XCTAssertNotEqual(
            SceneRenderer.inputHash(lines: ["a", "b"], options: ""), SceneRenderer.inputHash(lines: ["ab"], options: "")
        )
    }

    func testShapesAndScale() throws {
        let renderer = SceneRenderer(fonts: try FontLibrary())
        let scene = Scene(
            width: 100, height: 50, background: nil,
            nodes: [
                .box(
                    BoxNode(
                        rect: Rect(x: 0, y: 0, width: 40, height: 20),
                        corners: CornerRadii(topLeft: 4, topRight: 4, bottomRight: 0, bottomLeft: 0),
                        fill: RGBA(r: 255, g: 0, b: 0, a: 128))),
                .line(
                    LineNode(
                        from: Point(x: 0, y: 30), to: Point(x: 50, y: 30),
                        stroke: Stroke(color: RGBA(r: 0, g: 0, b: 0), width: 2, dash: [3, 2]),
                        fadeTo: RGBA(r: 0, g: 0, b: 0, a: 0))),
                .link(LinkNode(rect: Rect(x: 1, y: 2, width: 3, height: 4), url: "https://x.org/?a=1&b=2")!),
            ], title: "s", description: [])
        let svg = String(decoding: try renderer.render(scene, format: .svg, scale: 2), as: UTF8.self)
        XCTAssertTrue(svg.contains("width=\"200\" height=\"100\" viewBox=\"0 0 200 100\""), svg)
        XCTAssertTrue(svg.contains("<g transform=\"scale(2)\">"), svg)
        XCTAssertTrue(
            svg.contains(
                "<path d=\"M36 0 A4 4 0 0 1 40 4 L40 20 L0 20 L0 4 A4 4 0 0 1 4 0 Z\" fill=\"rgb(100%,0%,0%)\" "
                    + "fill-opacity=\"0.502\"/>"
            ), svg)
        XCTAssertTrue(
            svg.contains("-grad0\" gradientUnits=\"userSpaceOnUse\" x1=\"0\" y1=\"30\" x2=\"50\" y2=\"30\">"), svg)
        XCTAssertTrue(svg.contains("-grad0)\" stroke-width=\"2\" stroke-dasharray=\"3,2\""), svg)
        XCTAssertTrue(svg.contains("<a href=\"https://x.org/?a=1&amp;b=2\""), svg)
        // Ids aside (`timeline-0d09…` holds "e-0").
        let numbers = svg.replacing(/timeline-[0-9a-f]{8}-/, with: "")
        XCTAssertFalse(numbers.contains("e+") || numbers.contains("e-0") || numbers.contains("\"-0\""), svg)
    }
}
