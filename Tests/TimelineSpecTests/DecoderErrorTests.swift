import Foundation
@testable import TimelineSpec
import TimelineModel
import XCTest

/// Every way an input can be wrong, at the decoder: the message, its place, all at once.
final class DecoderErrorTests: XCTestCase {
    private func problems(_ text: String, format: InputFormat = .yaml, limits: Limits = Limits(),
                          file: StaticString = #filePath, line: UInt = #line) -> [String] {
        problems(Data(text.utf8), format: format, limits: limits, file: file, line: line)
    }

    private func problems(_ data: Data, format: InputFormat = .yaml, limits: Limits = Limits(),
                          file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            _ = try DocumentDecoder(limits: limits).decode(data, file: "t", format: format, baseDirectory: NSTemporaryDirectory())
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
        for json in ["{}", "[]", "0", "-0.5e+10", "\"a\\u00e9\\n\\/\"", "\u{FEFF}{\"a\": [1, true, false, null, {\"b\": \"c\"}]}",
                     " \r\n\t{\"a\" : 1 } \n", "[[[[]]]]", "\"é ✓ 😀\""] {
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
        XCTAssertEqual(problems(text, format: .json), ["t:1:52: error: JSON syntax error: trailing comma before ']' (JSON allows none)"])
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
        XCTAssertEqual(problems("version: 1\ncards: [\0]\n"), ["t:2:9: error: the file contains a NUL byte; it is binary data, not YAML or JSON text"])
        var bytes = Array("version: 1\nnow: é".utf8)
        bytes += [0xC3, 0x28]
        XCTAssertEqual(problems(Data(bytes)), ["t:2:7: error: the file is not UTF-8 text (invalid byte sequence here)"])
        XCTAssertEqual(problems("version: 1\ncards: [\u{7}]\n"), ["t:2:9: error: the character U+0007 is not allowed in YAML text (binary data?)"])
    }

    func testEmptyInputsSayTheFileIsEmpty() {
        for text in ["", " \n\t\r\n", "\u{FEFF}", "# nothing\n", "---\n...\n", "~\n"] {
            XCTAssertEqual(problems(text), ["t:1:1: error: the file is empty; a timeline needs at least 'version: 1' and 'cards'"], text.debugDescription)
        }
    }

    // MARK: YAML structure

    func testYAMLSyntaxErrorsNameTheirPlace() {
        XCTAssertEqual(problems("version: 1\ncards: [a\nb: c\n"),
                       ["t:3:2: error: syntax error: did not find expected ',' or ']' (while parsing a flow sequence started at 2:8)"])
        XCTAssertEqual(problems("version: 1\n---\nversion: 1\n"), ["t:2:1: error: expected one YAML document, found another ('---')"])
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
            let yaml = "version: 1\ncards: []\nx:\n" + (keys.prefix(count) + ["k1: 2", "k0: 3"]).map { "  " + $0 }.joined(separator: "\n") + "\n"
            let duplicates = problems(yaml).filter { $0.contains("duplicate") }
            XCTAssertEqual(duplicates, ["t:\(4 + count):3: error: duplicate key 'k1'", "t:\(5 + count):3: error: duplicate key 'k0'"], "\(count) keys")
        }
    }

    func testAliasBombIsCountedNotExpanded() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...12 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let start = Date()
        XCTAssertEqual(problems(yaml).first?.hasSuffix("the document expands to more than 1000000 YAML nodes; aliases are not expanded that far (raise with --max-nodes)"), true)
        // 10^13 nodes if expanded: finishing at all shows they were counted (a hang guard, not a speed target).
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
        var limits = Limits()
        limits.maxNodes = 50
        XCTAssertEqual(problems("version: 1\na: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nb: [*a, *a, *a, *a, *a]\n", limits: limits),
                       ["t:3:17: error: the document expands to more than 50 YAML nodes; aliases are not expanded that far (raise with --max-nodes)"])
    }

    func testDeepNestingIsAnErrorNotARecursion() {
        let message = "error: nesting deeper than 64 levels of lists and mappings (raise with --max-depth, at most 999)"
        for text in [String(repeating: "[", count: 100_000), String(repeating: "{a: ", count: 100_000),
                     (0..<300).map { String(repeating: " ", count: $0) + "- " }.joined(separator: "\n")] {
            let found = problems(text)
            XCTAssertEqual(found.count, 1)
            XCTAssertTrue(found.first?.hasSuffix(message) == true, found.first ?? "")
        }
        var limits = Limits()
        limits.maxYAMLDepth = 3
        XCTAssertEqual(problems("version: 1\ncards: [[[[1]]]]\n", limits: limits),
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
        XCTAssertEqual(problems(yaml), [
            "t:2:1: error: unknown key 'thme' in document (did you mean 'theme'?)",
            "t:4:16: error: cards[0].direction: 'sideways' is not one of vertical, horizontal",
            "t:5:14: error: cards[0].groupBy: 'week' is not one of none, day",
            "t:6:37: error: cards[0].header.background: '#12' is not a color; use #rgb, #rrggbb, #rrggbbaa or a CSS color name",
            "t:9:15: error: cards[0].items[0].date: '2026-02-30' is not an ISO 8601 date (2026-11-02) or date-time (2026-11-02T09:45:00Z)",
            "t:10:14: error: cards[0].items[0].end: '2026-01-01T25:00' is not an ISO 8601 date (2026-11-02) or date-time (2026-11-02T09:45:00Z)",
            "t:11:16: error: cards[0].items[0].color: 'bleu' is not a color; use #rgb, #rrggbb, #rrggbbaa or a CSS color name (did you mean 'blue'?)",
            "t:12:17: error: cards[0].items[0].status: 'Open' is not one of before-start, start, open, in-progress, complete, inactive, early-end, before-end, end (did you mean 'open'?)",
            "t:13:9: error: cards[0].items[1]: an item needs a title (or an icon, or items)",
        ])
    }

    func testWrongTypesSayWhatWasFound() {
        XCTAssertEqual(problems("version: one\ncards: [{items: [{title: a}]}]\n"), ["t:1:10: error: version: expected a number, found 'one'"])
        XCTAssertEqual(problems("version: \"1\"\ncards: [{items: [{title: a}]}]\n"),
                       ["t:1:10: error: version: expected a number, found the quoted text '1' (write it without quotes)"])
        XCTAssertEqual(problems("version: 1\ncards: {items: []}\n"), ["t:2:8: error: cards: expected a list, found a mapping"])
        XCTAssertEqual(problems("version: 1\ncards: [{items: [{title: {a: 1}}]}]\n"),
                       ["t:2:26: error: cards[0].items[0].title: expected text, found a mapping"])
        XCTAssertEqual(problems("version: 1\ncards: [{items: [{title: ~}]}]\n"), ["t:2:26: error: cards[0].items[0].title: expected text, found null"])
        XCTAssertEqual(problems("version: 1\ncards: [{style: {width: 10}, items: [{title: a}]}]\n"),
                       ["t:2:25: error: cards[0].style.width: 10 is out of range (40 to 100000)"])
    }

    func testVersionProblems() {
        XCTAssertEqual(problems("version: 2\ncards: [{items: [{title: a}]}]\n"),
                       ["t:1:10: error: version: 2 is not supported; this tool reads version 1"])
        XCTAssertEqual(problems("cards: [{items: [{title: a}]}]\n"), ["t:1:1: error: document: missing required key 'version'"])
    }

    func testControlCharactersInTextAreRefused() {
        XCTAssertEqual(problems("version: 1\ncards: [{items: [{title: \"a\\eb\"}]}]\n"),
                       ["t:2:26: error: cards[0].items[0].title: contains the control character U+001B, which cannot be drawn"])
    }

    func testLongValuesAreCutInMessages() {
        let long = String(repeating: "k", count: 5000)
        let found = problems("version: 1\nstyle: {background: \(long)}\ncards: [{items: [{title: a}]}]\n")
        XCTAssertEqual(found, ["t:2:21: error: style.background: '\(String(repeating: "k", count: 80))…' is not a color; use #rgb, #rrggbb, #rrggbbaa or a CSS color name"])
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
        XCTAssertEqual(problems("version: 1\ncards: [{items: [{title: abcdef}, {title: b, items: [{title: c, items: [{title: d}]}]}]}]\n", limits: limits), [
            "t:2:26: error: cards[0].items[0].title: text is 6 characters, more than the limit of 5 (raise with --max-text)",
            "t:2:54: error: cards[0].items[1].items[0]: more than 2 items in one document (raise with --max-items)",
        ])
        XCTAssertEqual(problems("version: 1\ncards: [{items: [{title: b, items: [{title: c, items: [{title: d}]}]}]}]\n", limits: limits),
                       ["t:2:55: error: cards[0].items[0].items[0].items: groups nest deeper than 1 levels (raise with --max-nesting)"])
        limits = Limits()
        limits.maxInputBytes = 10
        XCTAssertEqual(problems("version: 1\ncards: []\n", limits: limits),
                       ["t:1:1: error: the file is 21 bytes, more than the limit of 10 (raise with --max-input-bytes)"])
    }

    func testIconsAndLinksAreConfined() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("decoder-icons-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try TestIcons.onePixelPNG.write(to: folder.appendingPathComponent("ok.png"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("out.png").path, withDestinationPath: "/etc/hostname")
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
            XCTAssertEqual(error.diagnostics.map(\.description), [
                "t:5:15: error: cards[0].items[1].icon: 'sub/../../x.png' leaves the input's folder ('..')",
                "t:6:15: error: cards[0].items[2].icon: '/etc/passwd' is an absolute path; use a path relative to the input's folder",
                "t:7:15: error: cards[0].items[3].icon: 'out.png' is a link to a file outside the input's folder",
                "t:8:15: error: cards[0].items[4].icon: 'http://x.org/a.png' is a URL; only files next to the input are read",
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
