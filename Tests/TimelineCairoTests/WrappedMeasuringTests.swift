import CPangoCairo
import TimelineScene
import XCTest

@testable import TimelineCairo

/// Texts wider than their column are broken into lines by `LineBreaker` exactly as a
/// `PangoLayout` given the same opportunities (ours, `OwnLineBreaks.layoutAttributes`) breaks
/// them: the same lines, widths, baselines and heights, and the same SVG drawn from the kept lines
/// as from layouts of each line. Where lines may break is the engine's, not Pango's.
final class WrappedMeasuringTests: XCTestCase {
    private static let fonts = [
        "Inter Semi-Bold 14", "Inter 12", "Inter Bold 11", "DejaVu Sans 12", "sans-serif 13", "Inter Medium 17px",
    ]
    private static let widths: [Double] = [30, 61.5, 90, 120, 157.25, 200, 248, 333.3]

    /// Sentences, ligatures and kerning pairs, accents, several spaces in a row, leading spaces,
    /// no-break and zero-width spaces, hyphens and slashes, digits, Greek, Cyrillic, Han, a word
    /// longer than the column (left on its line, then cut with an ellipsis), explicit newlines
    /// (a layout's), Arabic (right to left: a layout's) and several fonts in one text.
    static let texts = [
        "Milestone 12 — a long title that wraps around the card",
        "Owner team 7, reviewed with the platform group and signed off by the release managers",
        "AVA Type office fi ffl affluent fjord waffle Toyota WAVE",
        "Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherung and more",
        "A title Donaudampfschifffahrtsgesellschaft",
        "新版本的设计评审与用户体验团队一起完成并发布新版本的设计评审",
        "里程碑 12：新版本的设计评审与用户体验团队一起完成并发布",
        "日本語のテキスト：東京で会議があります",
        "Crème brûlée à Zürich — Łódź, Ærøskøbing and more words here",
        "a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-s-t-u-v-w-x-y-z",
        "well-known state-of-the-art long-running re-engineering",
        "path/to/some/very/long/file/name.swift is here and/or there",
        "two  spaces   between    words here and     there",
        "   leading spaces then words that wrap around",
        "word\u{A0}joined\u{A0}by\u{A0}no-break spaces and more words",
        "Кириллица текст который переносится на новую строку",
        "Ελληνικά κείμενο που αναδιπλώνεται σε νέα γραμμή",
        "1234567890 1234567890 1234567890 1234567890 12345",
        "Tiny\u{200B}space\u{200B}separated\u{200B}words\u{200B}here\u{200B}and\u{200B}there",
        "Qu'est-ce que c'est ? « Guillemets » et ponctuation ! (entre parenthèses) [crochets]",
        "W W W W W W W W W W W W W W W W W W W W",
        "i i i i i i i i i i i i i i i i i i i i i i i i i i i i i i",
        "line one\nline two that is long enough to wrap",
        "المرحلة 12 — مراجعة التصميم مع فريق تجربة المستخدم قبل الإطلاق",
        "Launch 🚀 party 🎉 with everyone from the team and friends",
        "x",
        "Sprint review, demo and retro: 2026-11-21 09:30 – 11:00, room 4.2",
    ]

    private func measureAll(_ measurer: PangoTextMeasurer, maxLines: Int?) -> [[String]] {
        var all: [[String]] = []
        for font in Self.fonts {
            for width in Self.widths {
                for text in Self.texts {
                    let measured = measurer.measure(text, font: font, maxWidth: width, maxLines: maxLines)
                    var row = [
                        "\(font) @\(width) \(maxLines.map(String.init) ?? "-"): \(text)",
                        "height \(measured.height) line \(measured.lineHeight) truncated \(measured.isTruncated)",
                    ]
                    for line in measured.lines {
                        row.append(
                            "\(line.text.debugDescription) w \(line.width) b \(line.baseline) rtl \(line.isRightToLeft)"
                        )
                    }
                    all.append(row)
                }
            }
        }
        return all
    }

    func testLinesWidthsAndBaselinesAreALayouts() throws {
        for maxLines in [nil, 1, 2] as [Int?] {
            let ours = PangoTextMeasurer(fonts: try FontLibrary())
            let layouts = PangoTextMeasurer(fonts: try FontLibrary())
            layouts.wrapsWithoutLayout = false
            let expected = measureAll(layouts, maxLines: maxLines)
            let actual = measureAll(ours, maxLines: maxLines)
            XCTAssertEqual(expected.count, actual.count)
            for (want, got) in zip(expected, actual) where want != got {
                XCTFail("\(want[0])\nlayout: \(want.dropFirst())\nours:   \(got.dropFirst())")
            }
            XCTAssertEqual(layouts.wrappedWithoutLayout, 0)
            // Most of these texts and columns go the new way; the rest are a layout's on purpose.
            print("wrapped without a layout: \(ours.wrappedWithoutLayout) of \(actual.count)")
            XCTAssertGreaterThan(ours.wrappedWithoutLayout, Self.fonts.count * Self.widths.count * Self.texts.count / 3)
        }
    }

    /// Arabic, several fonts and newlines need a layout: none of these go through `LineBreaker`.
    func testTextsOnlyALayoutBreaksAreLeftToIt() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        for text in [
            "line one\nline two that is long enough to wrap", "المرحلة 12 — مراجعة التصميم مع فريق تجربة المستخدم",
            "Launch 🚀 party 🎉 with everyone from the team",
        ] {
            // Wide enough for every word: a word broken inside measures the rest as a text of its own.
            _ = measurer.measure(text, font: "Inter 14", maxWidth: 120, maxLines: nil)
        }
        XCTAssertEqual(measurer.wrappedWithoutLayout, 0)
        _ = measurer.measure(
            "Milestone 12 — a long title that wraps around the card", font: "Inter 14", maxWidth: 160, maxLines: nil)
        XCTAssertEqual(measurer.wrappedWithoutLayout, 1)
    }

    /// The SVG and the PDF drawn from the kept lines are those of layouts of the same lines.
    func testSVGFromKeptLinesIsTheSVGOfLayouts() throws {
        try compareKeptWithLayouts(format: .svg)
    }

    func testPDFFromKeptLinesIsThePDFOfLayouts() throws {
        try compareKeptWithLayouts(format: .pdf)
    }

    /// At scale 1 a PNG fills the kept glyphs' outlines: the same pixels as layouts' outlines.
    func testPNGAtScaleOneFromKeptLinesIsThePNGOfLayouts() throws {
        try compareKeptWithLayouts(format: .png, sceneEachFont: true)
    }

    /// A PNG of every font at once would be taller than PNG allows: `sceneEachFont` draws each
    /// font's lines in a scene of its own.
    private func compareKeptWithLayouts(format: ImageFormat, sceneEachFont: Bool = false) throws {
        let kept = try FontLibrary()
        let fresh = try FontLibrary()
        let measurer = PangoTextMeasurer(fonts: kept)
        let widths = [61.5, 120, 248, 1000]
        var requests: [TextRequest] = []
        for font in Self.fonts {
            for width in widths {
                for text in Self.texts {
                    requests.append(TextRequest(text: text, font: font, maxWidth: width, maxLines: nil))
                }
            }
        }
        var answers = measurer.measure(requests).makeIterator()
        var scenes: [(nodes: [Primitive], height: Double)] = [([], 0)]
        var y = 20.0
        for font in Self.fonts {
            if sceneEachFont, !scenes[scenes.count - 1].nodes.isEmpty {
                scenes.append(([], 0))
                y = 20
            }
            var lines: [PlacedLine] = []
            for _ in widths {
                for _ in Self.texts {
                    let measured = try XCTUnwrap(answers.next())
                    for line in measured.lines {
                        lines.append(PlacedLine(text: line.text, x: 5, baseline: y + line.baseline, width: line.width))
                    }
                    y += measured.height + 4
                }
            }
            let node = TextNode(font: font, color: RGBA(r: 0, g: 0, b: 0), lines: lines)
            scenes[scenes.count - 1].nodes.append(.text(node))
            scenes[scenes.count - 1].height = y
        }
        XCTAssertGreaterThan(measurer.wrappedWithoutLayout, 300)
        for (nodes, height) in scenes {
            func scene() -> Scene {
                Scene(width: 260, height: height, background: nil, nodes: nodes, title: "t", description: [])
            }
            let fromKept = try SceneRenderer(fonts: kept).render(scene(), format: format)
            let fromLayouts = try SceneRenderer(fonts: fresh).render(scene(), format: format)
            XCTAssertEqual(fromKept.count, fromLayouts.count)
            XCTAssertTrue(fromKept == fromLayouts, "\(format) differs")
        }
    }
}
