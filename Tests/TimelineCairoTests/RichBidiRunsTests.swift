import TimelineScene
import XCTest

@testable import TimelineCairo

/// The real engine's rich lines of both directions: ICU's levels, Pango's shaping, the runs in the
/// order of UAX #9 and abutting, each one's letters where its width says.
final class RichBidiRunsTests: XCTestCase {
    private func drawn(_ runs: [TextRun], rightToLeft: Bool) throws -> [MeasuredRun] {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let line = try XCTUnwrap(measurer.measure(runs: runs, maxWidth: 1000, rightToLeft: rightToLeft).lines.first)
        let sorted = line.runs.sorted { $0.x < $1.x }
        for (first, next) in zip(sorted, sorted.dropFirst()) {
            XCTAssertLessThanOrEqual(first.x + first.width, next.x + 0.01, "no overlap: \(sorted.map(\.text))")
        }
        let last = try XCTUnwrap(sorted.last)
        XCTAssertLessThanOrEqual(last.x + last.width, line.width + 0.01, "within the line")
        for run in sorted { XCTAssertNotNil(run.glyphs, "shaped: \(run.text)") }
        return sorted.filter { !$0.text.allSatisfy(\.isWhitespace) }
    }

    func testABoldHebrewPhraseAndTheHebrewAfterItReadAsOneGroup() throws {
        let runs = [
            TextRun(text: "The phrase ", font: "Inter 12"), TextRun(text: "שלום עולם", font: "Inter Bold 12"),
            TextRun(text: " נכתב here first.", font: "Inter 12"),
        ]
        XCTAssertEqual(
            try drawn(runs, rightToLeft: false).map(\.text), ["The phrase ", "נכתב", "שלום עולם", " here first."])
    }

    func testABoldEnglishWordAndTheEnglishAfterItInArabic() throws {
        let runs = [
            TextRun(text: "شغّل ", font: "Inter 12"), TextRun(text: "Beta", font: "Inter Bold 12"),
            TextRun(text: " build قبل الموعد", font: "Inter 12"),
        ]
        XCTAssertEqual(try drawn(runs, rightToLeft: true).map(\.text), ["قبل الموعد", "Beta", " build", "شغّل"])
    }
}
