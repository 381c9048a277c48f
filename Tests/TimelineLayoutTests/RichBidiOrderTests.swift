import TimelineModel
import XCTest

@testable import TimelineLayout
@testable import TimelineScene

/// A rich line of both directions, with the fake measurer (6 points a character at 12 points, the
/// embedding levels by its simple rule): its runs in the order of UAX #9 (rule L2), a run split
/// where its level changes, a group of one direction kept together.
final class RichBidiOrderTests: XCTestCase {
    let measurer = FakeTextMeasurer()

    /// The line's drawn pieces (white space alone is not drawn) from its left, and their offsets.
    private func drawn(_ runs: [TextRun], rightToLeft: Bool) throws -> [(text: String, x: Double)] {
        let measured = measurer.measure(runs: runs, maxWidth: 1000, rightToLeft: rightToLeft)
        let line = try XCTUnwrap(measured.lines.first)
        XCTAssertEqual(measured.lines.count, 1)
        let runs = line.runs.sorted { $0.x < $1.x }
        for (first, next) in zip(runs, runs.dropFirst()) {
            XCTAssertLessThanOrEqual(first.x + first.width, next.x + 0.001, "no overlap")
        }
        return runs.filter { !$0.text.allSatisfy(\.isWhitespace) }.map { ($0.text, $0.x) }
    }

    /// An English sentence with a bold Hebrew phrase and more Hebrew after it: the Hebrew reads as
    /// one group from the right, the plain run split where it turns back to English.
    func testALeftToRightParagraphKeepsARightToLeftGroupTogether() throws {
        let runs = [
            TextRun(text: "The ", font: "Inter 12"), TextRun(text: "אבג דה", font: "Inter Bold 12"),
            TextRun(text: " וז here.", font: "Inter 12"),
        ]
        let pieces = try drawn(runs, rightToLeft: false)
        XCTAssertEqual(pieces.map(\.text), ["The ", "וז", "אבג דה", " here."])
        // "The " is 4 characters; " וז" 3, its space on the right of its letters; the bold 6.
        XCTAssertEqual(pieces.map(\.x), [0, 24, 42, 78])
    }

    /// A Hebrew sentence with a bold English word and plain English after it: the English reads
    /// left to right as one group, in its place in the right-to-left sentence.
    func testARightToLeftParagraphKeepsALeftToRightGroupTogether() throws {
        let runs = [
            TextRun(text: "ראה ", font: "Inter 12"), TextRun(text: "Release", font: "Inter Bold 12"),
            TextRun(text: " notes עכשיו", font: "Inter 12"),
        ]
        let pieces = try drawn(runs, rightToLeft: true)
        XCTAssertEqual(pieces.map(\.text), ["עכשיו", "Release", " notes", "ראה"])
        XCTAssertEqual(pieces.map(\.x), [0, 36, 78, 120])
    }

    /// A card read right to left whose paragraph starts with code: the paragraph is right to left
    /// all the same (its first strong letter would have made it left to right), the code on the right.
    func testTheBaseDirectionIsTheOneAsked() throws {
        let runs = [TextRun(text: "npm", font: "DejaVu Sans Mono 11"), TextRun(text: " היא כלי", font: "Inter 12")]
        XCTAssertEqual(try drawn(runs, rightToLeft: true).map(\.text), ["היא כלי", "npm"])
        // Left to right, the Hebrew after the code: its space (at the paragraph's level) between them.
        let leftToRight = try drawn(runs, rightToLeft: false)
        XCTAssertEqual(leftToRight.map(\.text), ["npm", "היא כלי"])
        XCTAssertEqual(leftToRight.map(\.x), [0, 3 * 5.5 + 6])
    }

    /// Numbers in right-to-left text read left to right and keep their place; a line of one
    /// direction is set as before, each run whole with its own glyphs.
    func testNumbersInRightToLeftTextKeepTheirPlace() throws {
        let runs = [
            TextRun(text: "בשנת ", font: "Inter 12"), TextRun(text: "2026", font: "Inter Bold 12"),
            TextRun(text: " היו 12 גרסאות", font: "Inter 12"),
        ]
        let reordered = measurer.measure(runs: runs, maxWidth: 1000, rightToLeft: true)
        let unordered = measurer.measureRunsAsPlainText(runs, maxWidth: 1000)
        XCTAssertEqual(reordered, unordered, "one direction with numbers: placed as before")
        XCTAssertEqual(try drawn(runs, rightToLeft: true).map(\.text), ["היו 12 גרסאות", "2026", "בשנת"])
    }

    /// A character is never split between stretches: an emoji sequence whose joiners a measurer
    /// puts at another level than its pictures stays one piece.
    func testACharacterStaysWholeWhateverItsScalarsLevels() {
        let emoji = "👨\u{200D}👩\u{200D}👧"
        let piece = MeasuredRun(text: "א" + emoji + "b", font: "Inter 12", source: 0, x: 0, width: 0)
        let stretches = RichLineBreaks.stretches([piece], levels: [1, 0, 1, 0, 1, 0, 2])
        XCTAssertEqual(stretches.map(\.text), ["א", emoji, "b"])
        XCTAssertEqual(stretches.map(\.level), [1, 0, 2])
    }

    /// A line with no letter that reads right to left, in a left-to-right paragraph, is placed
    /// without asking for levels; one with Hebrew, or in a right-to-left paragraph, asks.
    func testALatinLineInALeftToRightParagraphAsksForNoLevels() {
        final class Asked: @unchecked Sendable { var texts: [String] = [] }
        struct Counting: TextMeasuring {
            let base = FakeTextMeasurer()
            let asked: Asked
            func measure(_ text: String, font: String, maxWidth: Double, maxLines: Int?) -> MeasuredText {
                base.measure(text, font: font, maxWidth: maxWidth, maxLines: maxLines)
            }
            func embeddingLevels(of text: String, rightToLeft: Bool) -> [UInt8]? {
                asked.texts.append(text)
                return base.embeddingLevels(of: text, rightToLeft: rightToLeft)
            }
        }
        let asked = Asked()
        let measurer = Counting(asked: asked)
        let latin = [TextRun(text: "Start ", font: "Inter 12"), TextRun(text: "é 40%", font: "Inter Bold 12")]
        _ = measurer.measure(runs: latin, maxWidth: 1000, rightToLeft: false)
        XCTAssertEqual(asked.texts, [])
        _ = measurer.measure(runs: latin, maxWidth: 1000, rightToLeft: true)
        _ = measurer.measure(runs: [TextRun(text: "Start א", font: "Inter 12")], maxWidth: 1000, rightToLeft: false)
        XCTAssertEqual(asked.texts, ["Start é 40%", "Start א"])
    }

    /// In a mirrored card, a Hebrew description's English link and code: each box, underline and
    /// clickable rectangle where its run is drawn, the runs in right-to-left sentence order.
    func testLinksAndCodeFollowTheirRunsInAMirroredCard() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - items:
                  - { title: סקירה }
                  - { title: השקה, description: "הריצו `make` ואז **Release** [notes](https://e.com) עכשיו" }
            """)
        let lines = scene.nodes.flatMap { node -> [PlacedLine] in
            if case .text(let text) = node { return text.lines } else { return [] }
        }
        func line(_ text: String) throws -> PlacedLine { try XCTUnwrap(lines.first { $0.text == text }, text) }
        let (run, make, then, release, notes, now) = (
            try line("הריצו"), try line("make"), try line("ואז"), try line("Release"), try line("notes"),
            try line("עכשיו")
        )
        XCTAssertEqual(
            [now, release, then, make, run].map(\.x), [now, release, then, make, run].map(\.x).sorted(),
            "read from the right: הריצו make ואז Release notes עכשיו")
        XCTAssertLessThan(release.x, notes.x, "English left to right")
        XCTAssertLessThan(notes.x, then.x)
        XCTAssertGreaterThan(notes.x, now.x)
        let link = try XCTUnwrap(scene.nodes.compactMap { if case .link(let link) = $0 { link } else { nil } }.first)
        XCTAssertEqual(link.rect.x, notes.x, accuracy: 0.001, "the link's rectangle on its run")
        XCTAssertEqual(link.rect.width, notes.width, accuracy: 0.001)
        let underline = try XCTUnwrap(
            scene.nodes.compactMap { if case .line(let line) = $0, line.from.y == line.to.y { line } else { nil } }
                .first { abs($0.from.y - notes.baseline - 1.5) < 0.001 })
        XCTAssertEqual(min(underline.from.x, underline.to.x), notes.x, accuracy: 0.001, "underlined under its run")
        let box = try XCTUnwrap(
            scene.nodes.compactMap { if case .box(let box) = $0, box.rect.height < 20 { box } else { nil } }.first {
                $0.rect.x < make.x && $0.rect.maxX > make.x + make.width
            })
        XCTAssertEqual(box.rect.x, make.x - 2, accuracy: 0.001, "the code's box around its run")
    }
}
