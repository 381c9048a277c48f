import Foundation
import TimelineModel
import XCTest

@testable import TimelineSpec

/// Problems stay values until they are printed: their place and the word probably meant are
/// fields, and the printed form is built from them.
final class DiagnosticTests: XCTestCase {
    private func diagnostics(_ text: String) -> [Diagnostic] {
        do {
            _ = try DocumentDecoder().decode(Data(text.utf8), file: "plan.yaml", baseDirectory: NSTemporaryDirectory())
            return []
        } catch {
            return error.diagnostics
        }
    }

    func testASuggestionIsAFieldAndPrintedAtTheEnd() {
        let found = diagnostics("version: 1\ncards:\n  - id: a\n    items: [{ title: A, staus: done }]\n")
        XCTAssertEqual(found.map(\.suggestion), ["status"])
        XCTAssertEqual(found.first?.message, "unknown key 'staus' in cards[0].items[0]")
        XCTAssertEqual(found.first?.location, SourceLocation(file: "plan.yaml", line: 4, column: 25))
        XCTAssertEqual(
            found.first?.description,
            "plan.yaml:4:25: error: unknown key 'staus' in cards[0].items[0] (did you mean 'status'?)")
    }

    func testValuesAndThemesSuggestTheirNames() {
        let found = diagnostics(
            "version: 1\ntheme: drak\ncards:\n  - id: a\n    items: [{ title: A, color: bleu, status: Open }]\n")
        XCTAssertEqual(found.map(\.suggestion), ["dark", "blue", "open"])
        XCTAssertEqual(found.map(\.line), [2, 5, 5])
    }

    func testThePlaceShortensToWhatIsKnown() {
        XCTAssertEqual(Diagnostic(file: "plan.yaml", line: 3, message: "m").description, "plan.yaml:3: error: m")
        XCTAssertEqual(Diagnostic(file: "fonts/x.ttf", message: "m").description, "fonts/x.ttf: error: m")
        XCTAssertEqual(Diagnostic(file: nil, message: "m", suggestion: "n").description, "error: m (did you mean 'n'?)")
        XCTAssertNil(Diagnostic(file: "plan.yaml", line: 3, message: "m").location)
    }

    func testAFileNameIsPrintedEscaped() {
        let diagnostic = Diagnostic(SourceLocation(file: "a\nb.yaml", line: 1, column: 2), "m")
        XCTAssertEqual(diagnostic.file, "a\nb.yaml")
        XCTAssertEqual(diagnostic.description, "a\\nb.yaml:1:2: error: m")
    }
}
