import TimelineBreaks
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

    /// An Arabic, Persian or Hebrew word too wide for its line (no whole-word layout at that
    /// width) breaks between letters without a hyphen, every letter kept; an Arabic cut falls after
    /// a letter that joins nothing after it when one fits ("مرا" over "جعة"), else the line ends
    /// in a zero-width joiner that keeps its last letter's joined form.
    func testArabicAndHebrewBreakWithoutAHyphen() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let font = "Inter Semi-Bold 16"
        let joiner: Unicode.Scalar = "\u{200D}"
        for word in ["مراجعة", "تصميم", "طراحی", "בדיקה", "المستخدمين"] {
            let whole = measurer.measure(word, font: font, maxWidth: 1000, maxLines: nil).width
            for width in stride(from: (whole / 2).rounded(.up), to: whole - 1, by: 3) {
                let measured = measurer.measure(word, font: font, maxWidth: width, maxLines: nil)
                let lines = measured.lines.map(\.text)
                XCTAssertGreaterThan(lines.count, 1, "\(word) at \(width)")
                XCTAssertFalse(lines.contains { $0.contains("-") }, "no hyphen: \(lines)")
                let letters = lines.joined().unicodeScalars.filter { $0 != joiner }
                XCTAssertEqual(String(String.UnicodeScalarView(letters)), word, "\(width)")
                for (line, next) in zip(lines, lines.dropFirst()) {
                    let scalars = Array(line.unicodeScalars)
                    let ends = scalars.last == joiner
                    let last = Character(ends ? scalars[scalars.count - 2] : scalars[scalars.count - 1])
                    let parts = LineBreaks.cutParts(last, from: next.first!)
                    XCTAssertEqual(ends, parts, "a joiner where the cut parts two joined letters: \(lines)")
                }
                for line in measured.lines { XCTAssertLessThanOrEqual(line.width, width + 0.01, "\(width): \(lines)") }
            }
        }
        // Wide enough for "مراج" and its joiner, the cut still falls after alef.
        let review = measurer.measure("مراجعة", font: font, maxWidth: 44, maxLines: nil).lines.map(\.text)
        XCTAssertEqual(review.first, "مرا", "after alef, which joins nothing after it: \(review)")
    }
}

/// The rest of a text after a broken word wraps at the whole text's opportunities: the rest of a
/// URL is no URL on its own, yet still breaks after its `/`, never with a hyphen inside it.
final class RestAfterBrokenWordTests: XCTestCase {
    func testTheRestOfAURLBreaksAfterItsSlashes() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let text = "See https://example.com/a/very/long/path/to/the/document for details"
        for width in [63.0, 96, 107, 118] {
            let lines = measurer.measure(text, font: "Inter 12", maxWidth: width, maxLines: nil).lines.map(\.text)
            // From the line after the host's to the one before the document's.
            let first = try XCTUnwrap(lines.firstIndex { $0.contains(".com/") })
            let last = try XCTUnwrap(lines.firstIndex { $0.contains("doc") })
            XCTAssertGreaterThan(last, first + 1, "\(width): \(lines)")
            for line in lines[(first + 1)..<last] {
                XCTAssertTrue(line.hasSuffix("/"), "after a slash, unmarked, at \(width): \(lines)")
            }
            let letters = { (text: String) in text.filter { $0 != "-" && $0 != " " } }
            XCTAssertEqual(letters(lines.joined()), letters(text), "\(width)")
        }
    }
}
