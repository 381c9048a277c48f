import CPangoCairo
import TimelineScene
import TimelineTestSupport
import XCTest

@testable import TimelineCairo

/// Measuring shapes each line once into glyph runs the scene carries; the painters draw those
/// runs and nothing else (no text is looked up or shaped again while painting).
final class GlyphRunsTests: XCTestCase {
    let font = "Inter 14"

    private func lines(_ text: String, width: Double = 1000, maxLines: Int? = nil, measurer: PangoTextMeasurer)
        -> [MeasuredLine]
    {
        measurer.measure(text, font: font, maxWidth: width, maxLines: maxLines).lines
    }

    /// The run's bytes of the line's text, its clusters inside them, in order for left to right.
    private func assertCovers(_ line: MeasuredLine, file: StaticString = #filePath, lineNumber: UInt = #line) throws {
        let glyphs = try XCTUnwrap(line.glyphs, line.text, file: file, line: lineNumber)
        XCTAssertFalse(glyphs.runs.isEmpty, line.text, file: file, line: lineNumber)
        let bytes = line.text.utf8.count
        XCTAssertEqual(
            glyphs.runs.map { Int($0.textLength) }.reduce(0, +), bytes, line.text, file: file, line: lineNumber)
        for run in glyphs.runs {
            XCTAssertFalse(run.face.isEmpty, line.text, file: file, line: lineNumber)
            XCTAssertEqual(run.size, 14 * 96 / 72, accuracy: 0.5, run.face, file: file, line: lineNumber)
            for index in 0..<run.count {
                let cluster = Int(run[index].cluster)
                XCTAssertTrue(
                    (Int(run.textStart)..<Int(run.textStart + run.textLength)).contains(cluster), line.text,
                    file: file, line: lineNumber)
            }
        }
        let advances = glyphs.runs.map { Double($0.width) }.reduce(0, +) / Double(LineGlyphs.unitsPerPoint)
        XCTAssertEqual(advances, line.width, accuracy: 0.01, line.text, file: file, line: lineNumber)
    }

    func testEveryMeasuredLineCarriesTheGlyphsOfItsText() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let all =
            lines("Kickoff", measurer: measurer)
            + lines("Milestone 12 — a long title that wraps around the card", width: 120, measurer: measurer)
            + lines("Supercalifragilisticexpialidocious plans", width: 60, maxLines: 2, measurer: measurer)
            + lines("Two\nparagraphs", measurer: measurer)
        XCTAssertGreaterThan(all.count, 5)
        for line in all { try assertCovers(line) }
        let cut = try XCTUnwrap(all.first { $0.text.hasSuffix("…") }, "a line cut with an ellipsis")
        try assertCovers(cut)
    }

    /// Texts a layout lays out (right to left, fallback fonts) are runs too: Hebrew reads right to
    /// left, and a Japanese word in a Latin text is a run of another face.
    func testLaidOutTextsAreRunsOfTheirFaces() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let hebrew = try XCTUnwrap(lines("שלום עולם", measurer: measurer).first)
        XCTAssertTrue(try XCTUnwrap(hebrew.glyphs).runs.allSatisfy(\.isRightToLeft))
        XCTAssertFalse(try XCTUnwrap(hebrew.glyphs).isLeftToRight)
        let mixed = try XCTUnwrap(lines("Launch 東京 office", measurer: measurer).first)
        let faces = Set(try XCTUnwrap(mixed.glyphs).runs.map(\.face))
        XCTAssertGreaterThan(faces.count, 1, "\(faces)")
        for line in [hebrew, mixed] { try assertCovers(line) }
    }

    private func scene(_ text: String, glyphs: LineGlyphs?) -> Scene {
        let line = PlacedLine(text: text, x: 10, baseline: 30, width: 100, glyphs: glyphs)
        return Scene(
            width: 160, height: 50, background: RGBA(r: 255, g: 255, b: 255),
            nodes: [.text(TextNode(font: font, color: RGBA(r: 0, g: 0, b: 0), lines: [line]))], title: "t",
            description: [])
    }

    /// A line whose glyphs are another text's draws those glyphs: painting reads the runs only.
    func testPaintersDrawTheRunsNotTheText() throws {
        let fonts = try FontLibrary()
        let measurer = PangoTextMeasurer(fonts: fonts)
        let renderer = SceneRenderer(fonts: fonts)
        let launch = try XCTUnwrap(lines("Launch", measurer: measurer).first?.glyphs)
        let kickoff = try XCTUnwrap(lines("Kickoff", measurer: measurer).first?.glyphs)
        let honest = try renderer.render(scene("Launch", glyphs: launch), format: .png)
        let swapped = try renderer.render(scene("Kickoff", glyphs: launch), format: .png)
        let own = try renderer.render(scene("Kickoff", glyphs: kickoff), format: .png)
        XCTAssertEqual(swapped, honest)
        XCTAssertNotEqual(swapped, own)
        let svg = String(decoding: try renderer.render(scene("Kickoff", glyphs: launch), format: .svg), as: UTF8.self)
        let launchSVG = String(
            decoding: try renderer.render(scene("Launch", glyphs: launch), format: .svg), as: UTF8.self)
        func paths(_ svg: String) -> [Substring] { svg.split(separator: "\n").filter { $0.hasPrefix("<path id=") } }
        XCTAssertEqual(paths(svg), paths(launchSVG))
    }

    /// A line measured on its own for its width (a wrapped line that ended in a space, laid out
    /// by a paragraph layout) is not laid out again for its glyphs: the single-line layout holds
    /// it already (#48: 1,000 wrapped Arabic titles laid 1,000 lines out twice). Its runs are
    /// those a fresh layout gives, and another text is laid out anew. A text the paragraph layout
    /// did not wrap takes its runs from that layout, and is not laid out on its own at all.
    func testALineMeasuredOnItsOwnIsLaidOutOnceForItsGlyphs() throws {
        let fonts = try FontLibrary()
        let measurer = PangoTextMeasurer(fonts: fonts)
        let arabic = "المرحلة 12 — مراجعة التصميم مع فريق تجربة المستخدم قبل الإطلاق"
        let wrapped = lines(arabic, width: 160, measurer: measurer)
        XCTAssertGreaterThan(wrapped.count, 1)
        try TextThread.run {
            let fresh = try XCTUnwrap(pango_layout_new(fonts.context))
            defer { g_object_unref(UnsafeMutableRawPointer(fresh)) }
            for line in wrapped {
                XCTAssertEqual(line.glyphs, fonts.laidOutGlyphs(line.text, font: font, layout: fresh), line.text)
                try assertCovers(line)
            }
            let line = "مراجعة التصميم"
            let width = measurer.singleLineWidth(line, fonts.description(font))
            let serial = pango_layout_get_serial(measurer.singleLine)
            let glyphs = fonts.laidOutGlyphs(line, font: font, layout: measurer.singleLine)
            XCTAssertEqual(pango_layout_get_serial(measurer.singleLine), serial, "laid out again")
            XCTAssertEqual(glyphs, fonts.laidOutGlyphs(line, font: font, layout: fresh))
            let advances = glyphs.runs.map { Double($0.width) }.reduce(0, +) / Double(LineGlyphs.unitsPerPoint)
            XCTAssertEqual(advances, width, accuracy: 0.01)
            let other = fonts.laidOutGlyphs("الفريق 12", font: font, layout: measurer.singleLine)
            XCTAssertNotEqual(pango_layout_get_serial(measurer.singleLine), serial)
            XCTAssertEqual(other, fonts.laidOutGlyphs("الفريق 12", font: font, layout: fresh))
        }
        // A text the paragraph layout does not wrap is the line it shaped: its runs are read
        // there, and no layout of the line alone is made.
        let before = TextThread.run { pango_layout_get_serial(measurer.singleLine) }
        let short = try XCTUnwrap(lines("فريق 7", measurer: measurer).first)
        TextThread.run {
            XCTAssertEqual(pango_layout_get_serial(measurer.singleLine), before, "laid out on its own")
            XCTAssertEqual(short.glyphs, fonts.laidOutGlyphs(short.text, font: font, layout: measurer.singleLine))
        }
        try assertCovers(short)
    }

    /// Over seeded texts that a layout lays out (Hebrew, Arabic, Persian figures, Han and Korean
    /// beside Latin, times, emoji, runs of spaces) at widths from one word to the whole text, every
    /// measured line's runs are the runs of its text laid out on its own in a fresh layout: what
    /// they were before measuring kept its layouts' lines (whether read from the paragraph, from
    /// the single-line layout, or laid out again), and what painting draws.
    func testGeneratedLaidOutLinesCarryTheRunsOfTheirTextAlone() throws {
        let fonts = try FontLibrary()
        let measurer = PangoTextMeasurer(fonts: fonts)
        let words = [
            "שלום", "עולם", "مراجعة", "التصميم", "فريق", "۱۲:۳۰", "٣:١٤", "東京", "設計", "評審", "검토", "출시",
            "3월", "12일", "18:19", "Launch", "office", "v2.1", "12", "—", "😀", "(draft)", "«Q3»",
        ]
        var generator = SeededGenerator(seed: 48)
        var compared = 0
        for _ in 0..<120 {
            let text = (0..<Int.random(in: 1...9, using: &generator)).map { _ in
                words.randomElement(using: &generator)!
            }.reduce(into: "") { text, word in
                if !text.isEmpty { text += Bool.random(using: &generator) ? " " : "  " }
                text += word
            }
            let width = Double.random(in: 30...400, using: &generator)
            let measured = lines(text, width: width, measurer: measurer)
            try TextThread.run {
                let fresh = try XCTUnwrap(pango_layout_new(fonts.context))
                defer { g_object_unref(UnsafeMutableRawPointer(fresh)) }
                for line in measured where !line.text.isEmpty {
                    XCTAssertEqual(
                        line.glyphs, fonts.laidOutGlyphs(line.text, font: font, layout: fresh), "\(text) | \(line.text)"
                    )
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 200)
    }

    /// A scene laid out without fonts (by hand here) is shaped before painting, as measuring
    /// shapes: the same bytes as the measured scene.
    func testASceneWithoutGlyphsIsShapedAsMeasuringShapes() throws {
        let fonts = try FontLibrary()
        let renderer = SceneRenderer(fonts: fonts)
        for text in ["Kickoff", "שלום עולם", "Launch 東京 🚀"] {
            let measured = try XCTUnwrap(lines(text, measurer: PangoTextMeasurer(fonts: fonts)).first?.glyphs)
            for format in [ImageFormat.svg, .png, .pdf] {
                XCTAssertEqual(
                    try renderer.render(scene(text, glyphs: nil), format: format),
                    try renderer.render(scene(text, glyphs: measured), format: format), "\(text) \(format)")
            }
        }
    }

    /// Glyphs shaped by one library are drawn by another alike: faces are found by name, also by
    /// a library that never measured a text (it loads the font the name describes).
    func testRunsShapedElsewhereAreDrawnAlike() throws {
        let here = try FontLibrary()
        let elsewhere = try FontLibrary()
        let glyphs = try XCTUnwrap(lines("Launch 東京", measurer: PangoTextMeasurer(fonts: elsewhere)).first?.glyphs)
        let mine = try XCTUnwrap(lines("Launch 東京", measurer: PangoTextMeasurer(fonts: here)).first?.glyphs)
        XCTAssertEqual(glyphs, mine)
        let drawn = try SceneRenderer(fonts: elsewhere).render(scene("Launch 東京", glyphs: glyphs), format: .svg)
        XCTAssertEqual(try SceneRenderer(fonts: here).render(scene("Launch 東京", glyphs: glyphs), format: .svg), drawn)
        let fresh = try FontLibrary()
        XCTAssertEqual(try SceneRenderer(fonts: fresh).render(scene("Launch 東京", glyphs: glyphs), format: .svg), drawn)
        XCTAssertEqual(
            try SceneRenderer(fonts: fresh).render(scene("Launch 東京", glyphs: glyphs), format: .png),
            try SceneRenderer(fonts: elsewhere).render(scene("Launch 東京", glyphs: glyphs), format: .png))
    }

    /// `--format scene` shows each line's runs, and they read back the same.
    func testTheSceneJSONCarriesTheRuns() throws {
        let glyphs = try XCTUnwrap(
            lines("Kickoff", measurer: PangoTextMeasurer(fonts: try FontLibrary())).first?.glyphs)
        let data = try SceneJSON(scene("Kickoff", glyphs: glyphs)).encoded()
        let json = String(decoding: data, as: UTF8.self)
        for key in ["\"glyphs\"", "\"advances\"", "\"clusters\"", "\"face\"", "\"ascent\"", "Inter"] {
            XCTAssertTrue(json.contains(key), key)
        }
        let decoded = try SceneJSON.decoded(from: data)
        guard case .text(let text) = try XCTUnwrap(decoded.nodes.first) else { return XCTFail("no text node") }
        XCTAssertEqual(text.lines.first?.glyphs, glyphs)
    }

    /// A run written in place into its numbers (#48, how measuring reads a line) is the run
    /// its glyphs appended one by one make, over seeded runs of 0 to 80 glyphs with every
    /// number's full range (ids with the shaper's flags, negative offsets and clusters).
    func testARunWrittenInPlaceIsTheRunOfItsGlyphs() {
        var generator = SeededGenerator(seed: 48)
        for round in 0..<500 {
            let glyphs = (0..<Int.random(in: 0...80, using: &generator)).map { _ in
                GlyphRun.Glyph(
                    id: UInt32.random(in: 0...UInt32.max, using: &generator),
                    advance: Int32.random(in: Int32.min...Int32.max, using: &generator),
                    xOffset: Int32.random(in: -5_000...5_000, using: &generator),
                    yOffset: Int32.random(in: -5_000...5_000, using: &generator),
                    cluster: Int32.random(in: -10...10_000, using: &generator))
            }
            let (x, start) = (Int32.random(in: -99...99, using: &generator), Int32(round))
            // Glyph by glyph, as runs were made before.
            var expected = GlyphRun(
                face: "face \(round)", size: 18.667, x: x, baseline: 17_408, isRightToLeft: round % 3 == 0,
                textStart: start, textLength: 40, glyphs: [])
            for glyph in glyphs { expected.append(glyph) }
            let written = GlyphRun(
                face: "face \(round)", size: 18.667, x: x, baseline: 17_408, isRightToLeft: round % 3 == 0,
                textStart: start, textLength: 40, count: glyphs.count
            ) { glyphs[$0] }
            XCTAssertEqual(written, expected, "round \(round)")
            XCTAssertEqual(written.count, glyphs.count)
            XCTAssertEqual((0..<written.count).map { written[$0] }, glyphs)
        }
    }
}
