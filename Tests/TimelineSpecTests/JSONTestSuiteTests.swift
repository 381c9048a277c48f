import Foundation
import TimelineModel
import XCTest

@testable import TimelineSpec

/// JSONTestSuite's parsing cases (fixtures/JSONTestSuite) at the syntax level: the bytes' checks,
/// the strict JSON check and the JSON reader. They are bare values, not timelines, so the
/// document level is not asked.
final class JSONTestSuiteTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures/JSONTestSuite/test_parsing")

    private func cases(_ prefix: String) throws -> [(name: String, bytes: [UInt8])] {
        try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasPrefix(prefix) }.sorted()
            .map { ($0, Array(try Data(contentsOf: Self.folder.appendingPathComponent($0)))) }
    }

    private func read(_ bytes: [UInt8], _ name: String) -> Result<YAMLReader.Result, DiagnosticsError> {
        Result { () throws(DiagnosticsError) in try DocumentDecoder().readTree(bytes, file: name, format: .json) }
    }

    private func assertLocated(
        _ problems: [Diagnostic], _ name: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertFalse(problems.isEmpty, "\(name): refused without a message", file: file, line: line)
        for problem in problems {
            XCTAssertEqual(problem.file, name, file: file, line: line)
            XCTAssertGreaterThanOrEqual(problem.line ?? 0, 1, problem.description, file: file, line: line)
            XCTAssertGreaterThanOrEqual(problem.column ?? 0, 1, problem.description, file: file, line: line)
        }
    }

    func testEveryAcceptedCaseIsRead() throws {
        let accepted = try cases("y_")
        XCTAssertEqual(accepted.count, 95)
        for (name, bytes) in accepted {
            switch read(bytes, name) {
            case .failure(let error):
                XCTFail("\(name) refused: \(error)")
            case .success(let result):
                // Duplicate keys are valid JSON; the format refuses them, later and located.
                let others = result.diagnostics.filter { !$0.message.hasPrefix("duplicate key") }
                XCTAssertEqual(others, [], name)
            }
        }
    }

    func testEveryRefusedCaseIsRefusedWithAPlace() throws {
        let refused = try cases("n_")
        XCTAssertEqual(refused.count, 188)
        for (name, bytes) in refused {
            switch read(bytes, name) {
            case .failure(let error): assertLocated(error.diagnostics, name)
            case .success(let result): XCTFail("\(name) accepted: \(result.root)")
            }
        }
    }

    func testEveryUndecidedCaseEndsWithoutACrash() throws {
        let undecided = try cases("i_")
        XCTAssertEqual(undecided.count, 35)
        for (name, bytes) in undecided {
            let problems: [Diagnostic]
            switch read(bytes, name) {
            case .failure(let error): problems = error.diagnostics
            case .success(let result): problems = result.diagnostics
            }
            if !problems.isEmpty { assertLocated(problems, name) }
            // Escapes of lone surrogates encode no character: refused (valid pairs are y_ cases).
            if name.contains("surrogate") {
                XCTAssertFalse(problems.isEmpty, "\(name) accepted")
            }
        }
    }

    /// What the JSON fuzz target asserts, on every case: the strict check and the reader agree,
    /// every problem has a place, and libyaml builds the same tree where it reads JSON alike.
    func testTheReadersAgreeOnEveryCase() throws {
        for (name, bytes) in try cases("") {
            XCTAssertNil(JSONReadingAgreement.disagreement(in: bytes, limits: Limits()), name)
        }
        for text in [
            #"{"a": [1, -0.5e+3, true, null, "x\u00e9\ud83d\ude80"], "a": {}}"#, "[\"\u{7F}\u{9B}\u{FFFE}\"]",
            "[1,\r2]",
            String(repeating: "[", count: 70) + String(repeating: "]", count: 70), "[\"\\ud800\"]", "[\"\u{2028}\"]",
        ] {
            XCTAssertNil(JSONReadingAgreement.disagreement(in: Array(text.utf8), limits: Limits()), text)
        }
    }

    func testSurrogatePairEscapesAreOneCharacter() throws {
        let result = try DocumentDecoder().readTree(
            Array(#"["\ud83d\ude80", "a\uD834\uDD1Eb"]"#.utf8), file: "t", format: .json)
        guard case .sequence(let items) = result.root.content else { return XCTFail("not a list") }
        XCTAssertEqual(items.map(\.scalar), ["🚀", "a𝄞b"])
        XCTAssertEqual(items.first?.scalar?.unicodeScalars.count, 1)
    }

    func testLoneSurrogateEscapesAreRefusedWhereTheyAreWritten() throws {
        let result = try DocumentDecoder().readTree(
            Array("[\"ab\\ud800\",\n \"\\udc00x\", \"\\ud83d\\u0041\"]".utf8), file: "t", format: .json)
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "t:1:5: error: the escape \\uD800 is half of a surrogate pair without its other half; it encodes no "
                    + "character",
                "t:2:3: error: the escape \\uDC00 is half of a surrogate pair without its other half; it encodes no "
                    + "character",
                "t:2:14: error: the escape \\uD83D is half of a surrogate pair without its other half; it encodes no "
                    + "character",
            ])
    }
}
