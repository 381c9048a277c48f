import CPangoCairo
import TimelineScene
import XCTest

@testable import TimelineCairo

/// A large document written on two threads is the document one thread writes.
final class SVGWriterThreadsTests: XCTestCase {
    /// Rows of measured texts (kept lines), boxes, markers and links: enough glyphs for two threads.
    private func scene(measuringWith measurer: PangoTextMeasurer, rows: Int) -> Scene {
        var nodes: [Primitive] = []
        var top = 10.0
        for row in 0..<rows {
            let box = Rect(x: 5, y: top - 5, width: 230, height: 60)
            nodes.append(.box(BoxNode(rect: box, corners: CornerRadii(all: 6), fill: RGBA(r: 250, g: 250, b: 250))))
            nodes.append(
                .marker(
                    MarkerNode(
                        center: Point(x: 12, y: top + 8), size: 10, shape: .circle, fill: RGBA(r: 0, g: 134, b: 128),
                        stroke: nil, glyph: row % 3 == 0 ? .check : nil, glyphColor: RGBA(r: 255, g: 255, b: 255))))
            for (font, text) in [
                ("Inter Semi-Bold 14", "Milestone \(row) — a long title that wraps & café “quotes”"),
                ("Inter 12", "Owner team \(row)"),
            ] {
                let measured = measurer.measure(text, font: font, maxWidth: 200, maxLines: nil)
                let lines = measured.lines.map { line -> PlacedLine in
                    top += 18
                    return PlacedLine(text: line.text, x: 24, baseline: top, width: line.width)
                }
                nodes.append(.text(TextNode(font: font, color: RGBA(r: 20, g: 20, b: 30), lines: lines)))
            }
            nodes.append(.link(LinkNode(rect: box, url: "https://example.com/\(row)?a=1&b=2", label: "Row \(row)")!))
            top += 30
        }
        return Scene(
            width: 240, height: top, background: RGBA(r: 255, g: 255, b: 255), nodes: nodes, title: "rows",
            description: ["rows"])
    }

    func testTwoThreadsWriteTheBytesOfOne() throws {
        let fonts = try FontLibrary()
        let scene = scene(measuringWith: PangoTextMeasurer(fonts: fonts), rows: 120)
        let renderer = SceneRenderer(fonts: fonts)
        let one = try renderer.render(scene, format: .svg, name: "rows")
        renderer.threads = 2
        let two = try renderer.render(scene, format: .svg, name: "rows")
        XCTAssertEqual(one.count, two.count)
        XCTAssertTrue(one == two, "the same bytes")
        let scaled = try renderer.render(scene, format: .svg, scale: 0.5, name: "rows")
        renderer.threads = 1
        XCTAssertTrue(try renderer.render(scene, format: .svg, scale: 0.5, name: "rows") == scaled)
    }

    func testTheSecondThreadIsUsedOnlyWhenEveryLineWasKept() throws {
        let fonts = try FontLibrary()
        let large = scene(measuringWith: PangoTextMeasurer(fonts: fonts), rows: 120)
        let layout = try XCTUnwrap(pango_layout_new(fonts.context))
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let writer = SVGWriter(fonts: fonts, layout: layout, glyphs: SVGGlyphs())
        var state = SVGWriter.State(body: SVGBytes())
        let parts = try XCTUnwrap(writer.writeNodesInParallel(large, &state))
        XCTAssertEqual(parts.count, 3, "the nodes' halves and the text layer")
        XCTAssertTrue(parts.allSatisfy { !$0.isEmpty })

        let small = scene(measuringWith: PangoTextMeasurer(fonts: fonts), rows: 3)
        var smallState = SVGWriter.State(body: SVGBytes())
        XCTAssertNil(writer.writeNodesInParallel(small, &smallState), "too few glyphs")
        XCTAssertEqual(smallState.body.count, 0)

        var unkept = large
        unkept.nodes.append(
            .text(
                TextNode(
                    font: "Inter 12", color: RGBA(r: 0, g: 0, b: 0),
                    lines: [PlacedLine(text: "never measured", x: 0, baseline: 10, width: 50)])))
        var unkeptState = SVGWriter.State(body: SVGBytes())
        XCTAssertNil(writer.writeNodesInParallel(unkept, &unkeptState), "a line drawn through a layout")
        XCTAssertEqual(unkeptState.glyphCount, 0, "no glyph given an id")
    }

    func testSplitBalancesThePartsByWeight() {
        XCTAssertEqual(SVGWriter.split([1, 1, 1, 1]), 2)
        XCTAssertEqual(SVGWriter.split([10, 1, 1, 1]), 1)
        XCTAssertEqual(SVGWriter.split([1, 1, 1, 10]), 4)
        XCTAssertEqual(SVGWriter.split([]), 0)
        // The first part's thread writes the text layer too: its part is lighter by as much.
        XCTAssertEqual(SVGWriter.split([1, 1, 1, 1, 1, 1, 1, 1], extra: 2), 3)
        XCTAssertEqual(SVGWriter.split([1, 1], extra: 5), 1, "at least the first node")
    }
}
