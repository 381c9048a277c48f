import Foundation
import XCTest

@testable import TimelineKit

/// A font the fonts do not hold is bad input at its place, never text drawn in Inter without a word.
final class FontFamilyCheckTests: XCTestCase {
    private func source(_ text: String) -> InputSource {
        InputSource(
            displayName: "fonts.yaml", baseName: "fonts", data: Data(text.utf8), format: .yaml,
            directory: NSTemporaryDirectory())
    }

    private func problems(_ text: String) throws -> [Diagnostic] {
        do {
            _ = try TimelineRenderer().render(source(text))
            return []
        } catch let failure as RenderFailure {
            XCTAssertEqual(failure.exitCode, 2, "\(failure)")
            return failure.diagnostics
        }
    }

    func testAnUnknownFamilyIsAnErrorAtItsPlaceWithTheFamiliesAndASuggestion() throws {
        let text = """
            version: 1
            style: { font: "Serif Italic" }
            cards:
              - id: a
                style: { font: Monospace, titleFont: "Helvetca Bold 14" }
                items: [{ title: A }]
            """
        let found = try problems(text)
        XCTAssertEqual(found.map { "\($0.line ?? 0):\($0.column ?? 0)" }, ["2:16", "5:42"], "\(found)")
        XCTAssertEqual(found.first?.suggestion, "DejaVu Serif")
        let message = try XCTUnwrap(found.first?.message)
        XCTAssertTrue(message.hasPrefix("style.font: no font family 'Serif Italic'"), message)
        for family in ["DejaVu Sans Mono", "DejaVu Serif", "Inter"] {
            XCTAssertTrue(message.contains(family), "\(family) is not listed: \(message)")
        }
        XCTAssertTrue(found[1].message.hasPrefix("cards[0].style.titleFont: no font family 'Helvetca'"))
        XCTAssertEqual(found.first?.description.hasPrefix("fonts.yaml:2:16: error: "), true)
    }

    func testBundledAndGenericFamiliesRenderInAnyCaseAndInLists() throws {
        for font in ["DejaVu Serif", "dejavu sans mono", "serif", "monospace", "Inter, DejaVu Serif"] {
            let text = "version: 1\nstyle: { font: \"\(font)\" }\ncards: [{ id: a, items: [{ title: A }] }]\n"
            XCTAssertEqual(try problems(text), [], font)
        }
    }

    /// The families are those the fonts hold, so a serif and a monospace family can be asked for.
    func testTheBundledFontsHoldASerifAndAMonospaceFamily() throws {
        let families = try TimelineRenderer().fonts.families
        for family in ["Inter", "DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"] {
            XCTAssertTrue(families.contains(family), "\(families)")
        }
    }

    func testSuggestionsFollowSpellingThenAWordOfTheName() {
        let families = ["DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif", "Inter"]
        XCTAssertEqual(FontCheck.suggestion(for: "Intr", in: families), "Inter")
        XCTAssertEqual(FontCheck.suggestion(for: "Serif Italic", in: families), "DejaVu Serif")
        XCTAssertEqual(FontCheck.suggestion(for: "Monospace Bold", in: families), "DejaVu Sans Mono")
        XCTAssertNil(FontCheck.suggestion(for: "Comic", in: families))
    }
}
