import TimelineScene
import XCTest

@testable import TimelineCairo

/// A word wider than its line breaks at characters with a hyphen mark: every character kept, in
/// order, each line within the width, and no orphan of one or two characters at its end.
final class WordBreakingTests: XCTestCase {
    func testAWordTooWideKeepsEveryCharacterAtEveryWidth() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let word = "Donaudampfschifffahrtsgesellschaftskapitän"
        for width in stride(from: 40.0, through: 240, by: 7) {
            let measured = measurer.measure(word, font: "Inter Semi-Bold 14", maxWidth: width, maxLines: nil)
            let lines = measured.lines.map(\.text)
            XCTAssertFalse(measured.isTruncated, "\(width): \(lines)")
            XCTAssertGreaterThan(measured.overflow, width, "the word's width is reported: \(width)")
            XCTAssertEqual(lines.map { $0.hasSuffix("-") ? String($0.dropLast()) : $0 }.joined(), word, "\(width)")
            XCTAssertTrue(lines.dropLast().allSatisfy { $0.hasSuffix("-") }, "\(width): \(lines)")
            XCTAssertGreaterThanOrEqual(lines.last?.count ?? 0, 3, "\(width): \(lines)")
            for line in measured.lines { XCTAssertLessThanOrEqual(line.width, width + 0.01, "\(width): \(lines)") }
            let baselines = measured.lines.map(\.baseline)
            XCTAssertEqual(baselines, baselines.sorted(), "lines go down: \(width)")
            XCTAssertEqual(measured.height, measured.lineHeight * Double(lines.count), accuracy: 0.5, "\(width)")
        }
    }

    /// The text after a broken word wraps on after its last piece, and a line limit still cuts.
    func testTheRestWrapsOnAndALineLimitStillCuts() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let text = "Postmortemanalysisdocument and the follow-up"
        let measured = measurer.measure(text, font: "Inter 12", maxWidth: 90, maxLines: nil)
        let joined = measured.lines.map { $0.text.hasSuffix("-") ? $0.text : $0.text + " " }.joined()
        XCTAssertTrue(joined.replacingOccurrences(of: "-", with: "").hasPrefix("Postmortemanalysisdocument and"))
        XCTAssertTrue(measured.lines.contains { $0.text.contains(" and") || $0.text.hasPrefix("and") })
        let limited = measurer.measure(text, font: "Inter 12", maxWidth: 90, maxLines: 2)
        XCTAssertEqual(limited.lines.count, 2)
        XCTAssertTrue(limited.isTruncated)
        XCTAssertTrue(limited.lines.last?.text.hasSuffix("…") ?? false)
    }
}
