import Foundation
import TimelineModel
import TimelineTestSupport
import XCTest

@testable import TimelineSpec

/// Every way an input can be wrong, at the decoder: the message, its place, all at once.
final class DecoderErrorTests: XCTestCase {
    private func problems(
        _ text: String, format: InputFormat = .yaml, limits: Limits = Limits(),
        file: StaticString = #filePath, line: UInt = #line
    ) -> [String] {
        problems(Data(text.utf8), format: format, limits: limits, file: file, line: line)
    }

    private func problems(
        _ data: Data, format: InputFormat = .yaml, limits: Limits = Limits(),
        file: StaticString = #filePath, line: UInt = #line
    ) -> [String] {
        do {
            _ = try DocumentDecoder(limits: limits).decode(
                data, file: "t", format: format, baseDirectory: NSTemporaryDirectory())
            XCTFail("decoded without a problem", file: file, line: line)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    // MARK: Strict JSON

    private func violation(_ json: String) -> (line: Int, column: Int, message: String)? {
        let bytes = Array(json.utf8)
        guard let found = StrictJSON.check(bytes) else { return nil }
        let place = TextPosition.location(ofByte: found.offset, in: bytes, file: "t")
        return (place.line, place.column, found.message)
    }

    func testStrictJSONAcceptsWellFormedJSON() {
        for json in [
            "{}", "[]", "0", "-0.5e+10", "\"a\\u00e9\\n\\/\"",
            "\u{FEFF}{\"a\": [1, true, false, null, {\"b\": \"c\"}]}",
            " \r\n\t{\"a\" : 1 } \n", "[[[[]]]]", "\"é ✓ 😀\"",
        ] {
            XCTAssertNil(violation(json), json)
        }
    }

    func testStrictJSONReportsTheFirstViolationWithItsPlace() {
        let cases: [(String, Int, Int, String)] = [
            ("{\"a\": 1,}", 1, 9, "trailing comma before '}'"),
            ("[1, 2,\n]", 2, 1, "trailing comma before ']'"),
            ("{\n  'a': 1}", 2, 3, "expected a key in double quotes, found ''' (JSON strings use double quotes)"),
            ("{\"a\" 1}", 1, 6, "expected ':' after the key, found '1'"),
            ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}' after an object member, found '\"'"),
            ("[1 2]", 1, 4, "expected ',' or ']' after a list element, found '2'"),
            ("{\"a\": 01}", 1, 7, "numbers may not start with 0 in JSON"),
            ("[1.]", 1, 4, "a decimal point must be followed by digits"),
            ("[1e]", 1, 4, "an exponent must be followed by digits"),
            ("[-]", 1, 2, "'-' must be followed by digits"),
            ("[NaN]", 1, 2, "expected a value, found 'N'"),
            ("[tru]", 1, 2, "expected a value, found 't'"),
            ("[\"a\tb\"]", 1, 4, "a tab inside a string; write it as an escape"),
            ("[\"a\\x\"]", 1, 4, "\\x is not a JSON escape"),
            ("[\"\\u12\"]", 1, 3, "'\\u' must be followed by four hex digits"),
            ("[\"abc", 1, 2, "this string is never closed with '\"'"),
            ("{\"a\": [1,\n 2", 1, 7, "this '[' is never closed with ']' (the file ends first)"),
            ("{} {}", 1, 4, "unexpected '{' after the end of the JSON value"),
            ("// comment\n{}", 1, 1, "expected a value, found '/'"),
            ("\u{FEFF}{\r\n\"a\": 1,\r\n}", 3, 1, "trailing comma before '}'"),
            ("{\"é\": 1 x}", 1, 9, "expected ',' or '}' after an object member, found 'x'"),
        ]
        for (json, line, column, message) in cases {
            guard let found = violation(json) else {
                XCTFail("accepted: \(json)")
                continue
            }
            XCTAssertEqual(found.line, line, json)
            XCTAssertEqual(found.column, column, json)
            XCTAssertTrue(found.message.hasPrefix(message), "\(json): \(found.message)")
        }
    }

    func testStrictJSONSurvivesDeepNesting() {
        let deep = String(repeating: "[", count: 200_000)
        XCTAssertEqual(violation(deep)?.message, "this '[' is never closed with ']' (the file ends first)")
        XCTAssertNil(violation(String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)))
    }

    func testJSONFilesGetTheStrictCheckAndYAMLFilesDoNot() {
        let text = "{\"version\": 1, \"cards\": [{\"items\": [{\"title\": \"a\"},]}]}"
        XCTAssertEqual(
            problems(text, format: .json),
            ["t:1:52: error: JSON syntax error: trailing comma before ']' (JSON allows none)"])
        XCTAssertNoThrow(try DocumentDecoder().decode(Data(text.utf8), file: "t", format: .yaml, baseDirectory: "/"))
    }

    // MARK: Positions

    func testPositionsCountCharactersAndSkipTheByteOrderMark() {
        let bytes = Array("\u{FEFF}ab\r\ncé\rx\ny".utf8)
        let at = { (offset: Int) in TextPosition.location(ofByte: offset, in: bytes, file: "f") }
        XCTAssertEqual(at(3).description, "f:1:1")
        XCTAssertEqual(at(5).description, "f:1:3")
        XCTAssertEqual(at(7).description, "f:2:1")
        XCTAssertEqual(at(10).description, "f:2:3", "é is one column")
        XCTAssertEqual(at(11).description, "f:3:1", "a lone CR ends a line")
        XCTAssertEqual(at(13).description, "f:4:1")
    }

    func testBytesThatAreNotTextAreLocated() {
        XCTAssertEqual(
            problems("version: 1\ncards: [\0]\n"),
            ["t:2:9: error: the file contains a NUL byte; it is binary data, not YAML or JSON text"])
        var bytes = Array("version: 1\nnow: é".utf8)
        bytes += [0xC3, 0x28]
        XCTAssertEqual(problems(Data(bytes)), ["t:2:7: error: the file is not UTF-8 text (invalid byte sequence here)"])
        XCTAssertEqual(
            problems("version: 1\ncards: [\u{7}]\n"),
            ["t:2:9: error: the character U+0007 is not allowed in YAML text (binary data?)"])
    }

    func testATabIndentSaysYAMLCannotIndentWithTabs() {
        XCTAssertEqual(
            problems("version: 1\ncards:\n\t- items: [{title: a}]\n").first?.hasSuffix(
                "; YAML cannot indent with tabs: use spaces"), true)
    }

    func testEmptyInputsSayTheFileIsEmpty() {
        for text in ["", " \n\t\r\n", "\u{FEFF}", "# nothing\n", "---\n...\n"] {
            XCTAssertEqual(
                problems(text), ["t:1:1: error: the file is empty; a timeline needs at least 'version: 1' and 'cards'"],
                text.debugDescription)
        }
        // Not empty, so not called so: a null.
        for text in ["~\n", "null\n"] {
            XCTAssertEqual(
                problems(text),
                ["t:1:1: error: the document is null; a timeline needs at least 'version: 1' and 'cards'"],
                text.debugDescription)
        }
        XCTAssertEqual(
            problems(String(decoding: Array("version: 1\n".utf16).flatMap { [UInt8($0), 0] }, as: UTF8.self)),
            ["t:1:1: error: the file is UTF-16 text; save it as UTF-8 (the only encoding read)"])
    }

    // MARK: YAML structure

    func testYAMLSyntaxErrorsNameTheirPlace() {
        XCTAssertEqual(
            problems("version: 1\ncards: [a\nb: c\n"),
            [
                "t:3:2: error: syntax error: did not find expected ',' or ']' (while parsing a flow sequence started "
                    + "at 2:8)"
            ])
        XCTAssertEqual(
            problems("version: 1\n---\nversion: 1\n"),
            ["t:2:1: error: expected one YAML document, found another ('---')"])
        XCTAssertEqual(problems("version: 1\ncards: *nowhere\n"), ["t:2:8: error: unknown alias '*nowhere'"])
    }

    func testEveryDuplicateKeyIsListed() {
        let found = problems("version: 1\nversion: 1\ncards:\n  - items: [{title: a, title: b}]\n")
        XCTAssertEqual(found, ["t:2:1: error: duplicate key 'version'", "t:4:24: error: duplicate key 'title'"])
    }

    /// Short mappings are scanned, long ones switch to a set: duplicates are found in both, at
    /// the repeated key, however far back the first one is.
    func testDuplicateKeysAreFoundInShortAndLongMappings() {
        let keys = (0..<40).map { "k\($0): 1" }
        for count in [3, 15, 16, 17, 40] {
            let yaml =
                "version: 1\ncards: []\nx:\n"
                + (keys.prefix(count) + ["k1: 2", "k0: 3"]).map { "  " + $0 }.joined(separator: "\n") + "\n"
            let duplicates = problems(yaml).filter { $0.contains("duplicate") }
            XCTAssertEqual(
                duplicates,
                ["t:\(4 + count):3: error: duplicate key 'k1'", "t:\(5 + count):3: error: duplicate key 'k0'"],
                "\(count) keys")
        }
    }

    func testAliasBombIsCountedNotExpanded() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...12 {
            yaml +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        let start = Date()
        XCTAssertEqual(
            problems(yaml).first?.hasSuffix(
                "the document expands to more than 1000000 YAML nodes; aliases are not expanded that far (raise with "
                    + "--max-nodes)"
            ), true)
        // 10^13 nodes if expanded: finishing at all shows they were counted (a hang guard, not a speed target).
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
        var limits = Limits()
        limits.maxNodes = 50
        XCTAssertEqual(
            problems("version: 1\na: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nb: [*a, *a, *a, *a, *a]\n", limits: limits),
            [
                "t:3:17: error: the document expands to more than 50 YAML nodes; aliases are not expanded that far "
                    + "(raise with --max-nodes)"
            ])
        // Without an alias, a large document is told so, not blamed on aliases.
        XCTAssertEqual(
            problems(
                "version: 1\na: [" + Array(repeating: "1", count: 60).joined(separator: ", ") + "]\n", limits: limits),
            ["t:2:140: error: the document has more than 50 YAML nodes (raise with --max-nodes)"])
    }

    func testDeepNestingIsAnErrorNotARecursion() {
        let message = "error: nesting deeper than 64 levels of lists and mappings (raise with --max-depth, at most 999)"
        for text in [
            String(repeating: "[", count: 100_000), String(repeating: "{a: ", count: 100_000),
            (0..<300).map { String(repeating: " ", count: $0) + "- " }.joined(separator: "\n"),
        ] {
            let found = problems(text)
            XCTAssertEqual(found.count, 1)
            XCTAssertTrue(found.first?.hasSuffix(message) == true, found.first ?? "")
        }
        var limits = Limits()
        limits.maxYAMLDepth = 3
        XCTAssertEqual(
            problems("version: 1\ncards: [[[[1]]]]\n", limits: limits),
            ["t:2:10: error: nesting deeper than 3 levels of lists and mappings (raise with --max-depth, at most 999)"])
    }

    // MARK: Document problems

    func testEveryProblemIsReportedAtOnceInOrder() {
        let yaml = """
            version: 1
            thme: dark
            cards:
              - direction: sideways
                groupBy: week
                header: { title: H, background: "#12" }
                items:
                  - title: a
                    date: 2026-02-30
                    end: 2026-01-01T25:00
                    color: bleu
                    status: Open
                  - subtitle: no title

            """
        XCTAssertEqual(
            problems(yaml),
            [
                "t:2:1: error: unknown key 'thme' in document (did you mean 'theme'?)",
                "t:4:16: error: cards[0].direction: 'sideways' is not one of vertical, horizontal",
                "t:5:14: error: cards[0].groupBy: 'week' is not one of none, day",
                "t:6:37: error: cards[0].header.background: '#12' is not a color; use #rgb, #rrggbb, #rrggbbaa or a "
                    + "CSS color name",
                "t:9:15: error: cards[0].items[0].date: '2026-02-30' is not a date: February 2026 has 28 days",
                "t:10:14: error: cards[0].items[0].end: '2026-01-01T25:00' is not an ISO 8601 date (2026-11-02) or "
                    + "date-time (2026-11-02T09:45:00Z)",
                "t:11:16: error: cards[0].items[0].color: 'bleu' is not a color; use #rgb, #rrggbb, #rrggbbaa or a "
                    + "CSS color name (did you mean 'blue'?)",
                "t:12:17: error: cards[0].items[0].status: 'Open' is not one of before-start, start, open, "
                    + "in-progress, complete, inactive, early-end, before-end, end (did you mean 'open'?)",
                "t:13:9: error: cards[0].items[1]: an item needs a title (or an icon, or items)",
            ])
    }

    /// One mistake, one error: a misspelled key is not also reported missing, and an unreadable
    /// date is not also a missing one.
    func testOneCauseGivesOneError() {
        XCTAssertEqual(
            problems("version: 1\ncards:\n  - items:\n      - titel: a\n"),
            ["t:4:9: error: unknown key 'titel' in cards[0].items[0] (did you mean 'title'?)"])
        XCTAssertEqual(
            problems("versoin: 1\ncards: [{items: [{title: a}]}]\n"),
            ["t:1:1: error: unknown key 'versoin' in document (did you mean 'version'?)"])
        XCTAssertEqual(
            problems(
                "version: 1\ncards:\n  - layout: time\n    items:\n      - title: a\n        date: 2026-02-30\n"
                    + "      - title: b\n"),
            [
                "t:6:15: error: cards[0].items[0].date: '2026-02-30' is not a date: February 2026 has 28 days",
                "t:7:9: error: cards[0]: the time layout needs a 'date' on every item",
            ])
        XCTAssertEqual(
            problems("version: 1\ncards:\n  - layout: time\n    items:\n      - { title: a, dat: 2026-02-03 }\n"),
            ["t:5:21: error: unknown key 'dat' in cards[0].items[0] (did you mean 'date'?)"])
        // A key nothing resembles is no excuse: the required one is still missing.
        XCTAssertEqual(
            problems("zzzzzz: 1\ncards: [{items: [{title: a}]}]\n"),
            [
                "t:1:1: error: unknown key 'zzzzzz' in document",
                "t:1:1: error: document: missing required key 'version'",
            ])
    }

    func testWrongTypesSayWhatWasFound() {
        XCTAssertEqual(
            problems("version: one\ncards: [{items: [{title: a}]}]\n"),
            ["t:1:10: error: version: expected a number, found 'one'"])
        XCTAssertEqual(
            problems("version: \"1\"\ncards: [{items: [{title: a}]}]\n"),
            ["t:1:10: error: version: expected a number, found the quoted text '1' (write it without quotes)"])
        XCTAssertEqual(
            problems("version: 1\ncards: {items: []}\n"), ["t:2:8: error: cards: expected a list, found a mapping"])
        XCTAssertEqual(
            problems("version: 1\ncards: [{items: [{title: {a: 1}}]}]\n"),
            ["t:2:26: error: cards[0].items[0].title: expected text, found a mapping"])
        XCTAssertEqual(
            problems("version: 1\ncards: [{items: [{title: ~}]}]\n"),
            ["t:2:26: error: cards[0].items[0].title: expected text, found null"])
        XCTAssertEqual(
            problems("version: 1\ncards: [{style: {width: 10}, items: [{title: a}]}]\n"),
            ["t:2:25: error: cards[0].style.width: 10 is out of range (40 to 100000)"])
    }

    func testAnItemsTextDirectionIsOneOfItsChoices() {
        XCTAssertEqual(
            problems("version: 1\ncards: [{items: [{title: a, textDirection: rtl}, {title: b, textDirection: up}]}]\n"),
            ["t:2:76: error: cards[0].items[1].textDirection: 'up' is not one of auto, ltr, rtl"])
    }

    func testVersionProblems() {
        XCTAssertEqual(
            problems("version: 2\ncards: [{items: [{title: a}]}]\n"),
            ["t:1:10: error: version: 2 is not supported; this tool reads version 1"])
        XCTAssertEqual(
            problems("cards: [{items: [{title: a}]}]\n"), ["t:1:1: error: document: missing required key 'version'"])
    }

    func testTextThatAliasesExpandToIsCountedInBytes() {
        var limits = Limits()
        limits.maxExpandedBytes = 30
        // Ten bytes copied three times: 30 bytes, at the limit; a fourth copy is over it.
        let title = "&t \"0123456789\""
        XCTAssertEqual(
            problems(
                "version: 1\ncards: [{items: [{title: \(title)}, {title: *t}, {title: *t}, {title: *t}]}, 3]\n",
                limits: limits),
            ["t:2:85: error: cards[1]: expected a mapping, found a scalar"])
        XCTAssertEqual(
            problems(
                "version: 1\ncards: [{items: [{title: \(title)}, {title: *t}, {title: *t}, {title: *t}, {title: "
                    + "*t}]}]\n",
                limits: limits),
            [
                "t:2:91: error: aliases expand to more than 30 bytes of text; they are not expanded that far (raise "
                    + "with --max-expanded-bytes)"
            ])
        // A collection's alias counts every text in it, keys too, nested aliases included.
        limits.maxExpandedBytes = 14
        XCTAssertEqual(
            problems("version: 1\nt: &t xy\na: &a {title: abc, b: [de, *t]}\nb: *a\n", limits: limits).first,
            "t:4:4: error: aliases expand to more than 14 bytes of text; they are not expanded that far (raise with "
                + "--max-expanded-bytes)"
        )
    }

    func testControlCharactersInTextAreRefused() {
        XCTAssertEqual(
            problems("version: 1\ncards: [{items: [{title: \"a\\eb\"}]}]\n"),
            ["t:2:26: error: cards[0].items[0].title: contains the control character U+001B, which cannot be drawn"])
    }

    func testNoncharactersInTextAreRefusedRawOrEscaped() {
        // Swift's literals cannot hold noncharacters.
        func raw(_ value: UInt32) -> String { Unicode.Scalar(value).map { String(Character($0)) } ?? "" }
        let message = ", which Unicode reserves for programs' own use and PDF cannot carry"
        XCTAssertEqual(
            problems(
                "version: 1\ncards: [{title: \"a\\uFFFE\", items: [{title: \"\\U0010FFFF\", subtitle: "
                    + "\"x\(raw(0xFDD0))\"}]}]\n"
            ),
            [
                "t:2:17: error: cards[0].title: contains the noncharacter U+FFFE" + message,
                "t:2:44: error: cards[0].items[0].title: contains the noncharacter U+10FFFF" + message,
                "t:2:68: error: cards[0].items[0].subtitle: contains the noncharacter U+FDD0" + message,
            ])
        XCTAssertEqual(
            problems(
                "{\"version\": 1, \"cards\": [{\"items\": [{\"title\": \"\\uffff\", \"event\": \"\(raw(0x1FFFE))\", "
                    + "\"attribute\": \"\\ufdef\"}]}]}",
                format: .json),
            [
                "t:1:47: error: cards[0].items[0].title: contains the noncharacter U+FFFF" + message,
                "t:1:66: error: cards[0].items[0].event: contains the noncharacter U+1FFFE" + message,
                "t:1:84: error: cards[0].items[0].attribute: contains the noncharacter U+FDEF" + message,
            ])
        // libyaml itself refuses a raw U+FFFE or U+FFFF: YAML text may not hold them.
        XCTAssertEqual(
            problems("version: 1\ncards: [{items: [{title: a\(raw(0xFFFE))}]}]\n"),
            ["t:2:27: error: the character U+FFFE is not allowed in YAML text (binary data?)"])
        // Next to them, and in every plane, characters that are fine.
        XCTAssertNoThrow(
            try DocumentDecoder().decode(
                Data(
                    "version: 1\ncards: [{items: [{title: \"\u{FDCF}\u{FDF0}\u{FFFD}\u{1FFFD}\u{10FFFD}🎉\"}]}]\n".utf8),
                file: "t", baseDirectory: NSTemporaryDirectory()))
    }

    func testC1ControlCharactersInTextAreRefused() {
        XCTAssertEqual(
            problems("version: 1\ncards: [{items: [{title: \"a\\u009B31m\"}, {title: \"a\\x85\"}]}]\n"),
            [
                "t:2:26: error: cards[0].items[0].title: contains the control character U+009B, which cannot be drawn",
                "t:2:49: error: cards[0].items[1].title: contains the control character U+0085, which cannot be drawn",
            ])
    }

    /// Text quoted in a message cannot drive the terminal or split the message over lines.
    func testQuotedTextInMessagesIsEscaped() {
        XCTAssertEqual(
            problems("version: 1\n\"ti\\e[31mtle\\n\": a\ncards: [{items: [{title: a, \"\\u202Eeltit\": b}]}]\n"),
            [
                "t:2:1: error: unknown key 'ti\\u{1B}[31mtle\\n' in document",
                "t:3:29: error: unknown key '\\u{202E}eltit' in cards[0].items[0]",
            ])
        XCTAssertTrue(
            problems("version: 1\ncards: [{items: [{title: a, \"\\x9B\": 1, \"\\x9B\": 2}]}]\n")
                .contains("t:2:40: error: duplicate key '\\u{9B}'"))
        XCTAssertEqual(
            problems("version: 1\ncards: [{items: [{icon: \"\\u202Egnp.x\"}]}]\n"),
            ["t:2:25: error: cards[0].items[0].icon: '\\u{202E}gnp.x' does not exist"])
        XCTAssertEqual(MessageText.escaped("a\tb\r\u{7F}\u{2028}\u{FEFF}é中🎉"), "a\\tb\\r\\u{7F}\\u{2028}\\u{FEFF}é中🎉")
        XCTAssertEqual(SourceLocation(file: "x\u{1B}.yaml", line: 1, column: 2).description, "x\\u{1B}.yaml:1:2")
    }

    /// YAML 1.2's core schema decides what a plain scalar is: `0x1p3` is text, as Swift's
    /// `Double` would not have it.
    func testNumbersTakeOnlyTheCoreSchemasForms() {
        let numbers: [(String, Double)] = [
            ("12", 12), ("+12", 12), ("-0", 0), ("007", 7), ("1.5", 1.5), ("1.", 1), (".5", 0.5),
            ("-.5e1", -5), ("1e3", 1000), ("1E+2", 100), ("2e-1", 0.2), ("0x1F", 31), ("0o17", 15),
        ]
        for (text, value) in numbers { XCTAssertEqual(ValueParsers.coreNumber(text), value, text) }
        XCTAssertEqual(ValueParsers.coreNumber("-.inf"), -.infinity)
        XCTAssertEqual(ValueParsers.coreNumber(".NaN")?.isNaN, true)
        for text in [
            "0x1p3", "0X1F", "0x", "0x-1", "0o8", "1_000", "nan", "inf", "infinity", "-.nan", "1e", "e3", ".", "-",
            "1.2.3",
            " 1", "1 ", "١٢", "0b101", "+0x1",
        ] {
            XCTAssertNil(ValueParsers.coreNumber(text), text)
        }
        XCTAssertEqual(
            problems(
                "version: 1\nstyle: {width: 0x1p9, lineWidth: .inf, shapeSize: 0x10}\ncards: [{items: [{title: "
                    + "a}]}]\n"),
            [
                "t:2:16: error: style.width: expected a number, found '0x1p9'",
                "t:2:34: error: style.lineWidth: expected a number, found '.inf'",
            ])
    }

    func testCardIDsAreShortEnoughToNameFiles() {
        let long = String(repeating: "a", count: 101)
        XCTAssertEqual(
            problems("version: 1\ncards: [{id: \(long), items: [{title: a}]}]\n"),
            [
                "t:2:14: error: cards[0].id: '\(String(repeating: "a", count: 80))…' is 101 characters, more than 100; "
                    + "an id names output files"
            ])
        XCTAssertNoThrow(
            try DocumentDecoder().decode(
                Data("version: 1\ncards: [{id: \(long.dropLast()), items: [{title: a}]}]\n".utf8),
                file: "t", baseDirectory: NSTemporaryDirectory()))
    }

    /// Lines are counted as editors count them: U+0085, U+2028 and U+2029 (line breaks to
    /// libyaml's YAML 1.1) are characters of their line.
    func testOnlyLFCRLFAndCRBreakLines() {
        XCTAssertEqual(
            problems(
                "version: 1\ncards:\n  - title: \"a\u{2028}b\u{85}c\"\n    items: [{title: a, colour: red}]\n  - "
                    + "{items: [{title: \"\u{2029}\", staus: x}]}\n"
            ),
            [
                "t:4:24: error: unknown key 'colour' in cards[0].items[0] (did you mean 'color'?)",
                "t:5:22: error: cards[1].items[0].title: must not be empty",
                "t:5:27: error: unknown key 'staus' in cards[1].items[0] (did you mean 'status'?)",
            ])
        XCTAssertEqual(
            problems(
                "\u{FEFF}version: 1\r\ncards:\r  - title: \"a\u{2028}b\"\r    items: [{title: a, colour: red}]\r\n  - "
                    + "{items: [{title: b}]\n"
            ),
            [
                "t:6:1: error: syntax error: did not find expected ',' or '}' (while parsing a flow mapping started at "
                    + "5:5)"
            ])
    }

    /// The core schema's tags for texts, numbers and collections are read; others are refused
    /// rather than ignored.
    func testTagsAreReadOrRefused() throws {
        let yaml = """
            version: !!int "1"
            cards: !!seq
              - items: !!map {x: 1}
                title: !!binary R0lG
                style: {width: !!float "300", lineWidth: !!int 1.5, shapeSize: !custom 3, \
            nodeColor: !!str red, titleColor: ! blue}
                subtitle: !!map x
                footer: !!seq {text: a}
                id: !<tag:example.com,2000:x> a

            """
        let known = "; this format reads only !!str, !!int, !!float, !!bool, !!null, !!map and !!seq"
        XCTAssertEqual(
            problems(yaml),
            [
                "t:3:12: error: cards[0].items: expected a list, found a mapping",
                "t:4:12: error: unknown tag '!!binary'" + known,
                "t:5:46: error: '1.5' is not a valid '!!int'",
                "t:5:46: error: cards[0].style.lineWidth: expected a number, found the quoted text '1.5' (write it "
                    + "without quotes)",
                "t:5:68: error: unknown tag '!custom'" + known,
                "t:5:68: error: cards[0].style.shapeSize: expected a number, found the quoted text '3' (write it "
                    + "without quotes)",
                "t:6:15: error: the tag '!!map' does not fit a scalar",
                "t:7:13: error: the tag '!!seq' does not fit a mapping",
                "t:8:9: error: unknown tag 'tag:example.com,2000:x'" + known,
            ])
        let document = try DocumentDecoder().decode(
            Data(
                "version: !!int 0x1\ncards: [{style: {width: !!float 3e2}, title: !!str 12, items: [{title: ! 1}]}]\n"
                    .utf8),
            file: "t", baseDirectory: NSTemporaryDirectory())
        XCTAssertEqual(document.cards.first?.style.width, 300)
        XCTAssertEqual(document.cards.first?.title, "12")
    }

    func testLongValuesAreCutInMessages() {
        let long = String(repeating: "k", count: 5000)
        let found = problems("version: 1\nstyle: {background: \(long)}\ncards: [{items: [{title: a}]}]\n")
        XCTAssertEqual(
            found,
            [
                "t:2:21: error: style.background: '\(String(repeating: "k", count: 80))…' is not a color; use #rgb, "
                    + "#rrggbb, #rrggbbaa or a CSS color name"
            ])
    }

    func testProblemListIsCappedWithACount() {
        let keys = (0..<1500).map { "  - {title: a, bad\($0): 1}\n" }.joined()
        let found = problems("version: 1\ncards:\n- items:\n" + keys)
        XCTAssertEqual(found.count, DecodeContext.maxDiagnostics + 1)
        XCTAssertEqual(found.last, "t:1:1: error: 500 more problems not listed (the first 1000 are above)")
    }

    func testLimitsHaveTheirOwnMessagesAndFlags() {
        var limits = Limits()
        limits.maxItems = 2
        limits.maxTextLength = 5
        limits.maxNesting = 1
        XCTAssertEqual(
            problems(
                "version: 1\ncards: [{items: [{title: abcdef}, {title: b, items: [{title: c, items: [{title: "
                    + "d}]}]}]}]\n",
                limits: limits),
            [
                "t:2:26: error: cards[0].items[0].title: text is 6 characters, more than the limit of 5 (raise with "
                    + "--max-text)",
                "t:2:54: error: cards[0].items[1].items[0]: more than 2 items in one document (raise with --max-items)",
            ])
        XCTAssertEqual(
            problems(
                "version: 1\ncards: [{items: [{title: b, items: [{title: c, items: [{title: d}]}]}]}]\n", limits: limits
            ),
            [
                "t:2:55: error: cards[0].items[0].items[0].items: groups nest deeper than 1 levels (raise with "
                    + "--max-nesting)"
            ])
        limits = Limits()
        limits.maxInputBytes = 10
        XCTAssertEqual(
            problems("version: 1\ncards: []\n", limits: limits),
            ["t:1:1: error: the file is 21 bytes, more than the limit of 10 (raise with --max-input-bytes)"])
    }

    /// A theme file gets an input's checks, strict JSON included, and is read only when it is a
    /// regular file no bigger than an input.
    func testThemeFilesAreReadLikeInputs() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "decoder-themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{\"style\": {\"lineColor\": \"red\",}}".utf8).write(to: folder.appendingPathComponent("comma.json"))
        try Data("style: {lineColor: red}\nstyle: {}\n".utf8).write(to: folder.appendingPathComponent("twice.yaml"))
        try Data(repeating: 0x20, count: 100).write(to: folder.appendingPathComponent("spaces.yaml"))
        func problems(theme: String, limits: Limits = Limits()) -> [String] {
            do {
                _ = try DocumentDecoder(limits: limits).decode(
                    Data("version: 1\ntheme: \(theme)\ncards: [{items: [{title: a}]}]\n".utf8),
                    file: "t", baseDirectory: folder.path)
                XCTFail("decoded with the theme \(theme)")
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        let real = folder.resolvingSymlinksInPath().path
        XCTAssertEqual(
            problems(theme: "comma.json"),
            ["\(real)/comma.json:1:31: error: JSON syntax error: trailing comma before '}' (JSON allows none)"])
        XCTAssertEqual(problems(theme: "twice.yaml"), ["\(real)/twice.yaml:2:1: error: duplicate key 'style'"])
        XCTAssertEqual(
            problems(theme: "spaces.yaml"), ["\(real)/spaces.yaml:1:1: error: \(DocumentDecoder.emptyMessage)"])
        var limits = Limits()
        limits.maxInputBytes = 99
        XCTAssertEqual(
            problems(theme: "spaces.yaml", limits: limits),
            [
                "t:2:8: error: theme: the theme file 'spaces.yaml' is 100 bytes, more than the limit of 99 (raise with "
                    + "--max-input-bytes)"
            ])
    }

    func testIconsAndLinksAreConfined() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "decoder-icons-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(TestIcons.onePixelPNG).write(to: folder.appendingPathComponent("ok.png"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("out.png").path, withDestinationPath: "/etc/hostname")
        let yaml = """
            version: 1
            cards:
              - items:
                  - icon: ok.png
                  - icon: sub/../../x.png
                  - icon: /etc/passwd
                  - icon: out.png
                  - icon: http://x.org/a.png
                  - icon: missing.png
                  - {title: a, link: "javascript:alert(1)"}

            """
        do {
            _ = try DocumentDecoder().decode(Data(yaml.utf8), file: "t", baseDirectory: folder.path)
            XCTFail("decoded")
        } catch {
            XCTAssertEqual(
                error.diagnostics.map(\.description),
                [
                    "t:5:15: error: cards[0].items[1].icon: 'sub/../../x.png' leaves the input's folder ('..')",
                    "t:6:15: error: cards[0].items[2].icon: '/etc/passwd' is an absolute path; use a path relative to "
                        + "the input's folder",
                    "t:7:15: error: cards[0].items[3].icon: 'out.png' is a link, and links are not followed inside "
                        + folder.path,
                    "t:8:15: error: cards[0].items[4].icon: 'http://x.org/a.png' is a URL; only files next to the "
                        + "input are read",
                    "t:9:15: error: cards[0].items[5].icon: 'missing.png' does not exist",
                    "t:10:26: error: cards[0].items[6].link: 'javascript:alert(1)' is not an http, https or mailto URL",
                ])
        }
    }

    func testSuggestionsCountASwapAsOneEdit() {
        XCTAssertEqual(Suggestion.editDistance("titel", "title"), 1)
        XCTAssertEqual(Suggestion.editDistance("stauts", "status"), 1)
        XCTAssertEqual(Suggestion.closest(to: "subtilte", in: FormatSchema.item.keyNames), "subtitle")
        XCTAssertNil(Suggestion.closest(to: "zzzzzz", in: FormatSchema.item.keyNames))
    }

    /// The item reader looks keys up by their position in the schema.
    func testItemKeyPositionsMatchTheSchema() {
        XCTAssertEqual(FormatSchema.ItemKey.allCases.map { "\($0)" }, FormatSchema.itemKeys.map(\.name))
    }
}
