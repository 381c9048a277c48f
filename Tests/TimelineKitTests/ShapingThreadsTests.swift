import Foundation
import XCTest

@testable import TimelineKit

/// A document's images do not depend on the threads it is drawn on: its new texts are shaped on
/// several (`ShapingAhead`).
final class ShapingThreadsTests: XCTestCase {
    private static let source = source(items: 300)

    /// `items` items whose titles wrap and subtitles do not, long and short texts alternating.
    private static func source(items: Int) -> InputSource {
        var yaml = "version: 1\ncards:\n  - id: many\n    items:\n"
        for number in 1...items {
            yaml += "      - { title: \"Milestone \(number) — a long title that wraps around the card\","
            yaml += " subtitle: \"Owner team \(number)\", status: complete }\n"
        }
        return InputSource(
            displayName: "many.yaml", baseName: "many", data: Data(yaml.utf8), format: .yaml,
            directory: NSTemporaryDirectory())
    }

    private func images(threads: Int) throws -> [Data] {
        var options = RenderOptions()
        options.formats = [.svg, .pdf]
        // A scaled PDF draws the measured glyphs in the fonts measuring used, not its scaled ones.
        options.scale = 0.17
        options.threadsPerInput = threads
        return try TimelineRenderer(options: options).render(Self.source).map(\.data)
    }

    func testTheSVGAndAScaledPDFAreTheSameMadeOnOneThreadOrTwo() throws {
        let one = try images(threads: 1)
        XCTAssertEqual(one.count, 2)
        XCTAssertEqual(try images(threads: 2), one)
        XCTAssertEqual(try images(threads: 2), one, "whichever thread shapes which text")
    }

    /// A big document's SVG written in parts on two threads is the SVG one thread writes.
    func testABigSVGIsTheSameWrittenOnOneThreadOrTwo() throws {
        var yaml = "version: 1\ncards:\n  - id: big\n    items:\n"
        for number in 1...700 {
            yaml += "      - { title: \"Step \(number): plan, build — ship \(number * 7)\","
            yaml += " subtitle: \"Team \(number)\" }\n"
        }
        let source = InputSource(
            displayName: "big.yaml", baseName: "big", data: Data(yaml.utf8), format: .yaml,
            directory: NSTemporaryDirectory())
        func svg(threads: Int) throws -> Data? {
            var options = RenderOptions()
            options.formats = [.svg]
            options.threadsPerInput = threads
            return try TimelineRenderer(options: options).render(source).first?.data
        }
        let one = try svg(threads: 1)
        XCTAssertNotNil(one)
        XCTAssertEqual(try svg(threads: 2), one)
    }

    /// A big card of every kind of text and node (icons, colour emoji, links, right-to-left lines,
    /// marks, a description with markup, statuses, a dark style) is the same SVG made on one
    /// thread or two: texts word pieces refuse are measured as they come, in their turn.
    func testABigSVGOfEveryKindOfNodeIsTheSameMadeOnOneThreadOrTwo() throws {
        let fixtures = Fixtures.folder.path
        var yaml = "version: 1\ncards:\n  - id: kinds\n    header: { title: \"Kinds 🚀\", subtitle: Every node }\n"
        yaml += "    items:\n"
        let titles = [
            "Launch 🚀 day", "مرحلة الإطلاق", "Ölçüm x\u{301} review", "Kickoff — plan", "里程碑 review", "A\u{200F}B",
        ]
        for number in 0..<160 {
            yaml += "      - title: \"\(titles[number % titles.count]) \(number)\"\n"
            yaml += "        subtitle: \"Owner team \(number) 👍🏽\"\n"
            yaml += "        status: \(["complete", "open", "in-progress", "start", "end"][number % 5])\n"
            let icon = number % 2 == 0 ? "sun.svg" : "rain.png"
            if number % 3 == 0 { yaml += "        icon: icons/\(icon)\n" }
            if number % 4 == 0 { yaml += "        link: \"https://example.com/\(number)?a=1&b=2\"\n" }
            if number % 5 == 0 {
                yaml += "        description: \"Some **bold** and *italic* words, [a link](https://example.com)\"\n"
            }
        }
        let source = InputSource(
            displayName: "kinds.yaml", baseName: "kinds", data: Data(yaml.utf8), format: .yaml,
            directory: fixtures)
        var options = RenderOptions()
        options.formats = [.svg]
        options.theme = "auto"
        func svg(threads: Int) throws -> Data? {
            options.threadsPerInput = threads
            return try TimelineRenderer(options: options).render(source).first?.data
        }
        let one = try XCTUnwrap(try svg(threads: 1))
        let text = String(decoding: one, as: UTF8.self)
        for kind in ["<image id=", "<clipPath id=", "<a href=", "prefers-color-scheme", "font-weight=\"700\""] {
            XCTAssertTrue(text.contains(kind), kind)
        }
        XCTAssertEqual(try svg(threads: 2), one)
        XCTAssertEqual(try svg(threads: 2), one, "whichever lane shapes which text")
    }

    /// A PNG draws the kept lines too, on an image surface, at scale 1 and at another (1.25). Of 60
    /// items: their 120 texts are shaped ahead (64 at least) and the image is compressed in several
    /// parts, at a fifth of the 300 items' pixels (which took 85 s of `make tsan`).
    func testAPNGAtScaleOneIsTheSameMadeOnOneThreadOrTwo() throws {
        let source = Self.source(items: 60)
        func png(threads: Int, scale: Double) throws -> Data? {
            var options = RenderOptions()
            options.formats = [.png]
            options.scale = scale
            options.threadsPerInput = threads
            return try TimelineRenderer(options: options).render(source).first?.data
        }
        for scale in [1.0, 1.25] {
            let one = try png(threads: 1, scale: scale)
            XCTAssertNotNil(one)
            XCTAssertEqual(try png(threads: 2, scale: scale), one, "scale \(scale)")
        }
    }
}
