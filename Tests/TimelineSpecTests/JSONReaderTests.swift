import Foundation
import TimelineModel
import XCTest

@testable import TimelineSpec

/// The JSON reader builds the very tree libyaml's reader builds from the same JSON: the same
/// nodes, texts, plain flags, lines, columns (in characters), duplicate keys and limits.
final class JSONReaderTests: XCTestCase {
    /// Both readers' results, as text: the tree node by node, then the problems or the failure.
    private func both(_ text: String, limits: Limits = Limits()) -> (fast: String?, libyaml: String) {
        let bytes = Array(text.utf8)
        XCTAssertNil(StrictJSON.check(bytes), "test input must be valid JSON: \(text)")
        func describe(_ read: () throws(DiagnosticsError) -> YAMLReader.Result?) -> String? {
            do {
                guard let result = try read() else { return nil }
                return result.root.outline + result.diagnostics.map(\.description).joined(separator: "\n")
            } catch {
                return "failed: \(error)"
            }
        }
        let fast = describe { () throws(DiagnosticsError) in try JSONReader(file: "t", limits: limits).read(bytes) }
        let slow = describe { () throws(DiagnosticsError) in
            try YAMLReader(file: "t", limits: limits).readCollectingProblems(bytes)
        }
        return (fast, slow ?? "")
    }

    private func assertSame(
        _ text: String, limits: Limits = Limits(), file: StaticString = #filePath, line: UInt = #line
    ) {
        let (fast, libyaml) = both(text, limits: limits)
        XCTAssertNotNil(fast, "left to libyaml: \(text.debugDescription)", file: file, line: line)
        XCTAssertEqual(fast, libyaml, text.debugDescription, file: file, line: line)
    }

    func testTheFixturesAndTheirJSONReadAlike() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fixtures")
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted()
        where name.hasSuffix(".yaml") {
            // The YAML fixture as JSON, compact and pretty: the same values in JSON's syntax.
            let tree = try YAMLReader(file: name, limits: Limits()).read(
                Array(Data(contentsOf: fixtures.appendingPathComponent(name))))
            let object = Self.plain(tree)
            for options: JSONSerialization.WritingOptions in [[.sortedKeys], [.prettyPrinted, .sortedKeys]] {
                let json = String(
                    decoding: try JSONSerialization.data(
                        withJSONObject: object, options: options.union(.fragmentsAllowed)), as: UTF8.self)
                assertSame(json)
            }
        }
    }

    /// A YAML tree as Foundation values (scalars as strings, numbers where plain and numeric).
    private static func plain(_ node: YAMLNode) -> Any {
        switch node.content {
        case .scalar(let value, let plain):
            if plain, let number = Double(value) { return number }
            if plain, value == "true" || value == "false" { return value == "true" }
            return value
        case .sequence(let items): return items.map(plain)
        case .mapping(let pairs):
            return Dictionary(
                pairs.map { ($0.key.scalar ?? "?", plain($0.value)) }, uniquingKeysWith: { first, _ in first })
        }
    }

    func testEscapesUnicodeWhitespaceAndPlainScalars() {
        assertSame(#"{"a":"x\"y\\z\/w\b\f\n\r\t","é":"\u00e9\u4e2d","n":[-0.5e+3,0,1E5,true,false,null]}"#)
        assertSame(
            "{\"ascii\": \"plain\", \"accents\": \"ÉÀü\", \"cjk\": \"中文字\", \"emoji\": \"🎉 x\", \"after\": [1,\n  2]}")
        assertSame("\u{FEFF}{\"bom\": 1}")
        assertSame("{\r\n\t\"crlf\":\t[1,\r\n 2],\r\n \"x\" : \"y\"}\r\n")
        assertSame("[]")
        assertSame("{}")
        assertSame("  [ [ [ \"deep\" ] ], { } , [ ] ]  ")
        assertSame("\"just a string\"")
        assertSame("12")
    }

    func testDuplicateKeysInShortAndLongObjects() {
        assertSame(#"{"a":1,"b":2,"a":3}"#)
        let long = (0..<30).map { "\"k\($0)\": \($0)" } + ["\"k3\": 0", "\"k29\": 0"]
        assertSame("{" + long.joined(separator: ", ") + "}")
    }

    func testLimitsStopAtTheSamePlaceWithTheSameMessage() {
        var limits = Limits()
        limits.maxYAMLDepth = 3
        assertSame("[[[1]]]", limits: limits)
        assertSame("[[[[1]]]]", limits: limits)
        limits = Limits()
        limits.maxNodes = 5
        assertSame("[1,2,3,4]", limits: limits)
        assertSame("[1,2,3,4,5]", limits: limits)
        assertSame(#"{"a":{"b":1}}"#, limits: limits)
    }

    func testLoneCarriageReturnIsALineBreakAsInLibyaml() {
        assertSame("[1,\r2,\r\r\"x\"]")
    }

    /// Where YAML 1.1 reads JSON text differently, JSON's reading wins.
    func testJSONReadingWinsWhereLibyamlDiffers() throws {
        for (text, value) in [
            ("[\"a\u{2028}b\"]", "a\u{2028}b"), ("[\"a\u{85}b\u{2029}\"]", "a\u{85}b\u{2029}"),
            (#"["\ud83d\ude00"]"#, "😀"),
        ] {
            let result = try JSONReader(file: "t", limits: Limits()).read(Array(text.utf8))
            guard case .sequence(let items) = result.root.content else { return XCTFail(text) }
            XCTAssertEqual(items.first?.scalar, value, text.debugDescription)
        }
        let after = try JSONReader(file: "t", limits: Limits()).read(Array("[\"\u{2028}\u{85}\", \"x\"]".utf8))
        guard case .sequence(let items) = after.root.content else { return XCTFail("not a list") }
        XCTAssertEqual(items.map { "\($0.line):\($0.column)" }, ["1:2", "1:8"])
    }
}
