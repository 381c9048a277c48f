import Foundation
import XCTest

@testable import TimelineSpec

/// Errors that say the fix: a `: ` in a plain value is to be quoted, a day past its month's end
/// names the month's length, and a word that extends a key or value (`ended`) suggests it.
final class FixHintTests: XCTestCase {
    private func problems(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            _ = try DocumentDecoder().decode(Data(text.utf8), file: "t", baseDirectory: NSTemporaryDirectory())
            XCTFail("decoded without a problem", file: file, line: line)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func testAColonInAPlainValueSaysToQuoteIt() {
        XCTAssertEqual(
            problems("version: 1\ncards:\n  - items:\n      - title: Launch: the big day\n"),
            [
                "t:4:22: error: syntax error: mapping values are not allowed in this context; a value containing "
                    + #"': ' must be quoted: title: "Launch: the big day""#
            ])
        // Quotes and backslashes already in the value are escaped in the example; a comment is left out.
        XCTAssertEqual(
            problems(
                "version: 1\ncards:\n  - id: a\n    header: { title: x }\n    items:\n"
                    + "      - title: 5\" pipe: \\ok # note\n"),
            [
                "t:6:23: error: syntax error: mapping values are not allowed in this context; a value containing "
                    + #"': ' must be quoted: title: "5\" pipe: \\ok""#
            ])
    }

    func testTheQuoteHintKeepsToTheAdviceWhenTheLineCannotBeRepeated() {
        let long = String(repeating: "word ", count: 30)
        XCTAssertEqual(
            problems("version: 1\ncards:\n  - items:\n      - title: a: \(long)\n"),
            [
                "t:4:17: error: syntax error: mapping values are not allowed in this context; a value containing "
                    + "': ' must be quoted"
            ])
    }

    func testADayPastItsMonthsEndNamesTheMonthsLength() {
        func dateProblem(_ date: String) -> [String] {
            problems("version: 1\ncards:\n  - items:\n      - { title: a, date: \(date) }\n")
        }
        XCTAssertEqual(
            dateProblem("2026-09-31"),
            ["t:4:27: error: cards[0].items[0].date: '2026-09-31' is not a date: September has 30 days"])
        XCTAssertEqual(
            dateProblem("2026-02-29T10:00Z"),
            ["t:4:27: error: cards[0].items[0].date: '2026-02-29T10:00Z' is not a date: February 2026 has 28 days"])
        XCTAssertEqual(
            dateProblem("2026-13-01"),
            [
                "t:4:27: error: cards[0].items[0].date: '2026-13-01' is not a date: there is no month 13; months go "
                    + "from 01 to 12"
            ])
        XCTAssertEqual(
            dateProblem("2026-04-00"),
            ["t:4:27: error: cards[0].items[0].date: '2026-04-00' is not a date: days go from 01"])
        // A leap year's 29 February is a day; a time out of range keeps the format's reminder.
        XCTAssertEqual(
            dateProblem("2028-02-30"),
            ["t:4:27: error: cards[0].items[0].date: '2028-02-30' is not a date: February 2028 has 29 days"])
        XCTAssertEqual(
            dateProblem("2026-09-30T25:00"),
            [
                "t:4:27: error: cards[0].items[0].date: '2026-09-30T25:00' is not an ISO 8601 date (2026-11-02) or "
                    + "date-time (2026-11-02T09:45:00Z)"
            ])
    }

    func testAWordThatExtendsOrShortensAValueIsSuggested() {
        XCTAssertEqual(
            problems("version: 1\ncards:\n  - items:\n      - { title: a, status: ended }\n"),
            [
                "t:4:29: error: cards[0].items[0].status: 'ended' is not one of before-start, start, open, "
                    + "in-progress, complete, inactive, early-end, before-end, end (did you mean 'end'?)"
            ])
        XCTAssertEqual(Suggestion.closest(to: "compl", in: ["open", "complete", "end"]), "complete")
        XCTAssertEqual(Suggestion.closest(to: "subtitles", in: ["title", "subtitle"]), "subtitle")
        // Spelling wins over a prefix; two letters are too few to stand for a word.
        XCTAssertEqual(Suggestion.closest(to: "titel", in: ["title", "tit"]), "title")
        XCTAssertNil(Suggestion.closest(to: "in", in: ["inactive", "in-progress"]))
        XCTAssertNil(Suggestion.closest(to: "zzzzzz", in: ["end", "start"]))
        // Names of several words are not words extended: "Serif Italic" is no form of "serif".
        XCTAssertNil(Suggestion.closest(to: "Serif Italic", in: ["serif", "monospace"]))
    }
}
