import CCairo
import Foundation
import TimelineGolden
import TimelineScene
import XCTest

@testable import TimelineCairo

/// A PNG's parts compressed while it is painted make the file `PNGEncoder.encode` makes of the
/// finished pixels, whether or not a drawing reached rows already given out.
final class PNGPartsWhilePaintingTests: XCTestCase {
    private let black = RGBA(r: 0, g: 0, b: 0)

    /// A surface of several parts (`PNGEncoder.partBytes`) and a context on it.
    private func canvas() -> (CairoSurface, CairoContext) {
        let height = 3 * PNGEncoder.partBytes / (4 * 400 + 1) + 11
        let surface = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 400, Int32(height)))
        return (surface, CairoContext(surface: surface))
    }

    /// Paints stripes of `band` rows, each a disc and a square in its own colors.
    private func paintBand(_ context: CairoContext, rows: Range<Int>, seed: Int) {
        let cr = context.pointer
        let hue = Double(seed % 7) / 7
        cairo_set_source_rgba(cr, hue, 1 - hue, 0.5, seed % 3 == 0 ? 0.6 : 1)
        cairo_rectangle(cr, Double(seed % 50), Double(rows.lowerBound), 120, Double(rows.count))
        cairo_fill(cr)
        cairo_arc(cr, 200 + Double(seed % 90), Double(rows.lowerBound + rows.count / 2), Double(rows.count) / 2.5, 0, 7)
        cairo_fill(cr)
    }

    private func encoded(_ surface: CairoSurface) throws -> [UInt8] {
        try PNGEncoder.encode(
            pixels: cairo_image_surface_get_data(surface.pointer)!,
            width: Int(cairo_image_surface_get_width(surface.pointer)),
            height: Int(cairo_image_surface_get_height(surface.pointer)),
            stride: Int(cairo_image_surface_get_stride(surface.pointer)), compression: .fast, threads: 1)
    }

    private func whilePainting(_ surface: CairoSurface, threads: Int) -> PNGPartsWhilePainting? {
        PNGPartsWhilePainting(
            pixels: cairo_image_surface_get_data(surface.pointer)!,
            width: Int(cairo_image_surface_get_width(surface.pointer)),
            height: Int(cairo_image_surface_get_height(surface.pointer)),
            stride: Int(cairo_image_surface_get_stride(surface.pointer)), compression: .fast, threads: threads)
    }

    func testRowsGivenOutAsPaintedMakeTheEncodersFile() throws {
        for threads in [2, 3] {
            let (surface, context) = canvas()
            let parts = try XCTUnwrap(whilePainting(surface, threads: threads))
            let height = Int(cairo_image_surface_get_height(surface.pointer))
            for (seed, top) in stride(from: 0, to: height, by: 37).enumerated() {
                let rows = top..<min(height, top + 37)
                parts.touching(fromRow: rows.lowerBound)
                paintBand(context, rows: rows, seed: seed)
                cairo_surface_flush(surface.pointer)
                parts.finished(rowsAbove: rows.upperBound)
            }
            let joined = try parts.compressed()
            let file = PNGEncoder.file(
                width: 400, height: height, scale: 1, background: RGBA(r: 255, g: 255, b: 255), compressed: joined)
            XCTAssertEqual(file, try encoded(surface), "\(threads) threads")
        }
    }

    /// Rows given out and then painted again (the painter's guess of a text's reach was short)
    /// are compressed again: the file shows the pixels as they end.
    func testDrawingOnRowsGivenOutCompressesThemAgain() throws {
        let (surface, context) = canvas()
        let parts = try XCTUnwrap(whilePainting(surface, threads: 2))
        let height = Int(cairo_image_surface_get_height(surface.pointer))
        paintBand(context, rows: 0..<height / 2, seed: 1)
        cairo_surface_flush(surface.pointer)
        parts.finished(rowsAbove: height / 2)
        parts.touching(fromRow: 3)
        paintBand(context, rows: 3..<height, seed: 5)
        cairo_surface_flush(surface.pointer)
        let file = PNGEncoder.file(
            width: 400, height: height, scale: 1, background: RGBA(r: 255, g: 255, b: 255),
            compressed: try parts.compressed())
        XCTAssertEqual(file, try encoded(surface))
    }

    /// A drawing reaching rows given out but in no part taken yet (the first part needs more
    /// rows), or above the image, spoils nothing: those rows are held back while it paints.
    func testDrawingOnRowsOfNoPartTakenSpoilsNothing() throws {
        let (surface, context) = canvas()
        let parts = try XCTUnwrap(whilePainting(surface, threads: 2))
        let height = Int(cairo_image_surface_get_height(surface.pointer))
        parts.touching(fromRow: -3)
        paintBand(context, rows: 0..<20, seed: 4)
        parts.finished(rowsAbove: 20)
        parts.touching(fromRow: 5)
        paintBand(context, rows: 5..<height, seed: 6)
        cairo_surface_flush(surface.pointer)
        XCTAssertFalse(parts.isSpoiled)
        let file = PNGEncoder.file(
            width: 400, height: height, scale: 1, background: RGBA(r: 255, g: 255, b: 255),
            compressed: try parts.compressed())
        XCTAssertFalse(parts.isSpoiled)
        XCTAssertEqual(file, try encoded(surface))
    }

    func testNothingToDoMeanwhileOnOneThreadOrInOnePart() {
        let (surface, _) = canvas()
        XCTAssertNil(whilePainting(surface, threads: 1))
        let small = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 40, 30))
        XCTAssertNil(whilePainting(small, threads: 2))
    }

    #if os(Linux)
    /// An image with nothing to do meanwhile (every PNG rendered on one thread) keeps no memory:
    /// its lock was once allocated before the init gave up, and a failed init runs no deinit.
    func testNothingToDoMeanwhileKeepsNoMemory() throws {
        func residentBytes() throws -> Int {
            let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
            return (Int(statm.split(separator: " ")[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
        }
        let surface = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 40, 30))
        for _ in 0..<1_000 { _ = whilePainting(surface, threads: 1) }
        let before = try residentBytes()
        for _ in 0..<200_000 { _ = whilePainting(surface, threads: 1) }
        // A lock and a condition kept each time would be over 20 MB.
        XCTAssertLessThan(try residentBytes() - before, 8_000_000)
    }
    #endif

    /// Cancelling stops the other threads (it returns); what they compressed is not used.
    func testCancelledPartsAreNotUsed() throws {
        let (surface, context) = canvas()
        let parts = try XCTUnwrap(whilePainting(surface, threads: 3))
        let height = Int(cairo_image_surface_get_height(surface.pointer))
        parts.finished(rowsAbove: height)
        parts.cancel()
        paintBand(context, rows: 0..<height, seed: 2)
        cairo_surface_flush(surface.pointer)
        let file = PNGEncoder.file(
            width: 400, height: height, scale: 1, background: RGBA(r: 255, g: 255, b: 255),
            compressed: try parts.compressed())
        XCTAssertEqual(file, try encoded(surface))
    }

    /// Text reaches twice its font's size or a line's height above its lines; other nodes any
    /// row until painted; links none.
    func testRowsFinishedAfterEachNode() {
        func text(top: Double, height: Double) -> Primitive {
            .text(
                TextNode(
                    font: "Inter 10", color: black,
                    lines: [PlacedLine(text: "a", x: 0, baseline: top + 10, width: 5, top: top, height: height)]))
        }
        let line = Primitive.line(
            LineNode(from: Point(x: 0, y: 90), to: Point(x: 10, y: 90), stroke: Stroke(color: black, width: 1)))
        let link = Primitive.link(
            LinkNode(rect: Rect(x: 0, y: 0, width: 5, height: 5), url: "https://a.example", label: "a")!)
        let scene = Scene(
            width: 100, height: 200, background: nil,
            nodes: [line, text(top: 50, height: 12), text(top: 100, height: 30), link, text(top: 150, height: 0)],
            title: "t", description: [])
        let rows = PNGPartsWhilePainting.rowsFinished(after: scene, scale: 2, height: 400, fontSize: { _ in 10 })
        // (50 - 20) × 2 - 2, (100 - 30) × 2 - 2, (150 - 20) × 2 - 2.
        XCTAssertEqual(rows, [58, 138, 258, 258, 400])
    }

    /// A card painted while its top is compressed and its text is laid out on another thread
    /// (`TextOutlines`) makes the file it makes on one thread, at any scale; text far below the
    /// top included, which cairo leaves out of a smaller surface.
    func testRendererMakesTheSameFileOnOneThreadAndTwo() throws {
        var nodes: [Primitive] = []
        for index in 0..<40 {
            let top = 10 + Double(index) * 30
            nodes.append(
                .text(
                    TextNode(
                        font: "Inter Semi-Bold 14", color: black,
                        lines: [
                            PlacedLine(
                                text: "Milestone \(index) ÅÉ gjpq", x: 12, baseline: top + 18, width: 150, top: top,
                                height: 22)
                        ])))
        }
        let scene = Scene(
            width: 240, height: 1_230, background: RGBA(r: 250, g: 250, b: 245), nodes: nodes, title: "t",
            description: [])
        let renderer = SceneRenderer(fonts: try FontLibrary())
        for scale in [1.0, 2, 3] {
            renderer.threads = 1
            let alone = try renderer.render(scene, format: .png, scale: scale)
            renderer.threads = 2
            XCTAssertEqual(try renderer.render(scene, format: .png, scale: scale), alone, "scale \(scale)")
            XCTAssertEqual(try PNGCoding.decode(alone).width, Int(240 * scale))
        }
    }
}
