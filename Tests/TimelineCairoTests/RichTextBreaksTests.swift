import TimelineBreaks
import TimelineScene
import XCTest

@testable import TimelineCairo

/// A rich paragraph (a description with inline markup: runs of several fonts) breaks exactly where
/// its plain text would: at our opportunities over the whole paragraph, a run boundary being none,
/// and a word too wide broken by the same word pieces (dictionary points, then graphemes).
final class RichTextBreaksTests: XCTestCase {
    static let cases: [(language: String?, text: String)] = [
        (nil, "Purchase requisition approved by the procurement team after the design review"),
        ("de-DE", "Datenschutzfolgenabschätzung und Anforderungsanalyse im Projekt"),
        (nil, "Kickoff on Sep 10, 8:15 AM, then Nov 24 – Dec 2 with 25 km of cable"),
        (nil, "Run it with --max-columns-preview and --engine=pcre2 on WP-2026-11-000123"),
        (nil, "See https://example.com/a/very/long/path/to/the/document for details"),
        ("ko-KR", "첫 프로젝트 회의는 다음 주 월요일에 열립니다"),
        ("ja-JP", "要件定義と承認の発表は来週の月曜日に行います"),
    ]

    /// `text` as runs of one font, as markup would cut it: a run every `step` words (every `step`
    /// characters in a text without spaces, inside words).
    static func runs(_ text: String, font: String, step: Int) -> [TextRun] {
        guard text.contains(" ") else {
            let characters = Array(text)
            return stride(from: 0, to: characters.count, by: step).map {
                TextRun(text: String(characters[$0..<min(characters.count, $0 + step)]), font: font)
            }
        }
        let words = text.split(separator: " ").map { $0 + " " }
        return stride(from: 0, to: words.count, by: step).map {
            let text = words[$0..<min(words.count, $0 + step)].joined()
            return TextRun(text: $0 + step >= words.count ? String(text.dropLast()) : text, font: font)
        }
    }

    func testRunsOfOneFontBreakWherePlainTextBreaks() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let font = "Inter 12"
        for (language, text) in Self.cases {
            LineBreaks.$language.withValue(language) {
                for width in stride(from: 30.0, through: 330, by: 11) {
                    let plain = measurer.measure(text, font: font, maxWidth: width, maxLines: nil).lines.map(\.text)
                    for step in [1, 2, 3] {
                        let rich = measurer.measure(runs: Self.runs(text, font: font, step: step), maxWidth: width)
                        let lines = rich.lines.map { $0.runs.map(\.text).joined() }
                        XCTAssertEqual(lines, plain, "\(text) at \(width), runs of \(step)")
                    }
                }
            }
        }
    }

    /// With bold and code runs, every line holds whole words or a word's dictionary pieces: the
    /// lines read the text back, each within the width when its words allow.
    func testMixedFontsKeepWordsWholeOrAtDictionaryPoints() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let runs = [
            TextRun(text: "Die ", font: "Inter 12"),
            TextRun(text: "Datenschutzfolgenabschätzung", font: "Inter Bold 12"),
            TextRun(text: " prüft ", font: "Inter 12"), TextRun(text: "--engine=pcre2", font: "DejaVu Sans Mono 11"),
            TextRun(text: " am Sep 10, 8:15 AM.", font: "Inter Italic 12"),
        ]
        let text = runs.map(\.text).joined()
        let words = Set(text.split(separator: " ").map(String.init))
        LineBreaks.$language.withValue("de-DE") {
            for width in stride(from: 60.0, through: 300, by: 9) {
                let measured = measurer.measure(runs: runs, maxWidth: width)
                let lines = measured.lines.map { $0.runs.map(\.text).joined() }
                // Read back without hyphens (a broken word's or the flag's own): every letter, in order.
                let read = lines.joined(separator: " ").filter { $0 != "-" && $0 != " " }
                XCTAssertEqual(read, text.filter { $0 != "-" && $0 != " " }, "\(width): \(lines)")
                for line in lines where !line.hasSuffix("-") {
                    for word in line.split(separator: " ").dropFirst().dropLast() {
                        XCTAssertTrue(words.contains(String(word)), "'\(word)' broken at \(width): \(lines)")
                    }
                }
                for line in measured.lines {
                    XCTAssertLessThanOrEqual(line.width, width + 0.01, "\(width): \(lines)")
                    let ends = zip(line.runs, line.runs.dropFirst()).map { ($0.x + $0.width, $1.x) }
                    for (end, next) in ends { XCTAssertEqual(end, next, accuracy: 0.01, "runs abut: \(lines)") }
                }
            }
        }
    }

    /// A right-to-left paragraph's runs read from the right, the space between two runs kept
    /// between their letters (shaped on its own, a run's trailing space fell on its right: "راجعالوثيقة").
    func testRightToLeftRunsKeepTheSpaceBetweenThem() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let runs = [
            TextRun(text: "راجع ", font: "Inter 12"), TextRun(text: "الوثيقة", font: "Inter Bold 12"),
            TextRun(text: " هنا", font: "Inter 12"),
        ]
        let line = try XCTUnwrap(measurer.measure(runs: runs, maxWidth: 400).lines.first)
        XCTAssertEqual(line.runs.map(\.text), ["راجع", "الوثيقة", "هنا"], "letters only")
        let space =
            measurer.measure("x x", font: "Inter 12", maxWidth: 400, maxLines: 1).width
            - measurer.measure("xx", font: "Inter 12", maxWidth: 400, maxLines: 1).width
        for (first, next) in zip(line.runs, line.runs.dropFirst()) {
            XCTAssertEqual(first.x - (next.x + next.width), space, accuracy: 1, "a space between: \(line.runs)")
        }
        XCTAssertEqual(line.runs[0].x + line.runs[0].width, line.width, accuracy: 0.01, "the first at the right")
        XCTAssertEqual(line.runs[2].x, 0, accuracy: 0.01, "the last at the left")
    }
}
