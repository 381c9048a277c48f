import TimelineBreaks
import TimelineScene
import XCTest

/// Rich text breaks where plain text breaks, with the fake measurer: at our opportunities across
/// runs (a run boundary is none), a word too wide at its dictionary points in the card's language,
/// the same hyphen marks.
final class RichLineBreaksTests: XCTestCase {
    let measurer = FakeTextMeasurer()

    private func lines(_ runs: [TextRun], _ width: Double) -> [String] {
        measurer.measure(runs: runs, maxWidth: width).lines.map { $0.runs.map(\.text).joined() }
    }

    func testRunsBreakAsTheirPlainText() {
        let texts: [(String?, String)] = [
            ("de-DE", "Die Datenschutzfolgenabschätzung und die Anforderungsanalyse"),
            (nil, "Kickoff on Sep 10, 8:15 AM with --max-columns-preview at https://example.com/a/b/c"),
            ("ko-KR", "첫 프로젝트 회의는 다음 주 월요일에 열립니다"),
        ]
        for (language, text) in texts {
            LineBreaks.$language.withValue(language) {
                let words = text.split(separator: " ", omittingEmptySubsequences: false)
                // A run every second word, the space between them at a run's end.
                let runs = stride(from: 0, to: words.count, by: 2).map { index in
                    let last = min(words.count, index + 2)
                    let piece = words[index..<last].joined(separator: " ") + (last < words.count ? " " : "")
                    return TextRun(text: piece, font: "Inter 12")
                }
                for width in stride(from: 30.0, through: 400, by: 12) {
                    let plain = measurer.measure(text, font: "Inter 12", maxWidth: width, maxLines: nil)
                    XCTAssertEqual(lines(runs, width), plain.lines.map(\.text), "\(text) at \(width)")
                }
            }
        }
    }

    /// A bold compound too wide for the line breaks at its dictionary points, its hyphen in its run.
    func testABoldCompoundBreaksAtItsDictionaryPoints() {
        let runs = [
            TextRun(text: "Die ", font: "Inter 12"), TextRun(text: "Anforderungsanalyse", font: "Inter Bold 12"),
            TextRun(text: " folgt.", font: "Inter 12"),
        ]
        let measured = LineBreaks.$language.withValue("de-DE") { measurer.measure(runs: runs, maxWidth: 70) }
        let texts = measured.lines.map { $0.runs.map(\.text) }
        XCTAssertEqual(texts, [["Die"], ["Anforde-"], ["rungsana-"], ["lyse", " folgt."]])
        guard texts.count == 4, texts[3].count == 2 else { return }
        XCTAssertEqual(measured.lines[1].runs[0].font, "Inter Bold 12", "the hyphen in the word's run")
        XCTAssertEqual(measured.lines[3].runs[1].x, measured.lines[3].runs[0].width, "the runs abut")
    }
}
