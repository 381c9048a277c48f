import Foundation
import XCTest

/// The layout's promises end to end: a card is exactly its width or refused naming the minimum that fits,
/// a word too wide breaks with a hyphen, every letter kept, `--strict` reports a text cut at its line
/// limit, and `--format scene` writes the draw list.
final class LayoutPromiseTests: XCTestCase {
    private func input(_ yaml: String) throws -> URL {
        let folder = try CLIRunner.temporaryDirectory()
        let file = folder.appendingPathComponent("card.yaml")
        try Data(yaml.utf8).write(to: file)
        return file
    }

    func testATooNarrowWidthIsRefusedWithTheMinimumThatFits() throws {
        let file = try input(
            """
            version: 1
            cards:
              - style: { width: 100 }
                items:
                  - { title: Overdue meeting, event: "12/20/15", statusText: Active }
            """)
        // Compact cells (#50 rule 4) fit 120 points now: the event and status stacked with the title.
        let result = try CLIRunner.run(["render", file.path, "-o", "-"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "card.yaml:3:5: error: card 'card-1': width 100 is too narrow for its content; the narrowest width "
                    + "that fits is "
            ),
            result.stderr)
    }

    func testACardIsExactlyItsWidth() throws {
        let file = try input(
            """
            version: 1
            cards:
              - style: { width: 300 }
                items:
                  - { title: Overdue meeting notes, event: Tomorrow, statusText: Waiting for approval from legal }
              - direction: horizontal
                style: { width: 700 }
                items: [\((1...10).map { "{ title: Step \($0) }" }.joined(separator: ", "))]
            """)
        let out = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["render", file.path, "-o", out.path, "--format", "scene"])
        XCTAssertEqual(result.status, 0, result.stderr)
        for (name, width) in [("card-1", 300.0), ("card-2", 700.0)] {
            let data = try Data(contentsOf: out.appendingPathComponent("\(name).scene.json"))
            let scene = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            XCTAssertEqual(scene["width"] as? Double, width, name)
            let texts = try XCTUnwrap(scene["texts"] as? [[String: Any]])
            XCTAssertFalse(texts.isEmpty)
            for text in texts {
                let right = (text["x"] as? Double ?? 0) + (text["width"] as? Double ?? 0)
                XCTAssertLessThanOrEqual(
                    right, width - 20 + 0.01, "\(name): \(text["text"] ?? "") stays inside the margins")
            }
        }
    }

    /// The placed lines of the one card `file` makes, in order, as `--format scene` writes them.
    private func sceneLines(_ file: URL, strict: Bool = false) throws -> [String] {
        let out = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(
            ["render", file.path, "-o", out.path, "--format", "scene"] + (strict ? ["--strict"] : []))
        XCTAssertEqual(result.status, 0, result.stderr)
        let data = try Data(contentsOf: out.appendingPathComponent("card-1.scene.json"))
        let scene = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try XCTUnwrap(scene["texts"] as? [[String: Any]]).compactMap { $0["text"] as? String }
    }

    /// The lines put together again without hyphens (a mark of the layout's at a break and the
    /// word's own alike): every other character must be there, in order.
    private func rejoined(_ lines: [String]) -> String {
        lines.map { $0.hasSuffix("-") ? $0 : $0 + " " }.joined().replacingOccurrences(of: "-", with: "")
    }

    /// A word wider than any column it may have breaks at characters with a hyphen mark, every
    /// character kept: nothing is cut, so `--strict` has nothing to report.
    func testAWordTooWideBreaksWithAHyphenAndNothingIsCut() throws {
        let file = try input(
            """
            version: 1
            cards:
              - style: { width: 200 }
                items:
                  - { title: Donaudampfschifffahrtsgesellschaftskapitän }
            """)
        let lines = try sceneLines(file, strict: true)
        XCTAssertGreaterThan(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.dropLast().allSatisfy { $0.hasSuffix("-") }, "\(lines)")
        XCTAssertTrue(rejoined(lines).contains("Donaudampfschifffahrtsgesellschaftskapitän"), "\(lines)")
        XCTAssertFalse(lines.contains { $0.contains("…") }, "\(lines)")
    }

    /// An event label in a fixed column too narrow for it breaks too, its letters kept.
    func testAnEventLabelTooWideForItsFixedColumnKeepsItsLetters() throws {
        let file = try input(
            """
            version: 1
            cards:
              - style: { eventColumnWidth: 30 }
                items:
                  - { title: Review, event: Wednesday }
            """)
        XCTAssertTrue(rejoined(try sceneLines(file, strict: true)).contains("Wednesday"))
    }

    /// An ID wider than its half of the row keeps its middle ("WP-2026-11-…" / "ABCDEFG" once),
    /// and the rest of the text wraps on after the broken word.
    func testAnIDKeepsItsMiddle() throws {
        let file = try input(
            """
            version: 1
            cards:
              - style: { width: 240 }
                items:
                  - { title: Order, attribute: Work package, subAttribute: WP-2026-11-000123-ABCDEFG }
            """)
        let lines = try sceneLines(file, strict: true)
        XCTAssertFalse(lines.contains { $0.contains("…") }, "\(lines)")
        XCTAssertTrue(rejoined(lines).contains("WP202611000123ABCDEFG"), "\(lines)")
        // Broken after the ID's own hyphens only: put together as they stand, the lines are the ID.
        XCTAssertTrue(lines.joined().contains("WP-2026-11-000123-ABCDEFG"), "\(lines)")
    }

    /// What `--strict` still reports: a text past its line limit, quoted as written.
    func testStrictQuotesATextCutAtItsLineLimit() throws {
        let file = try input(
            """
            version: 1
            cards:
              - style: { maxTitleLines: 1, width: 200 }
                items:
                  - title: Short
                  - title: A title far too long for one line of a narrow card
            """)
        let strict = try CLIRunner.run(["render", file.path, "-o", "-", "--strict"])
        XCTAssertEqual(strict.status, 2)
        XCTAssertTrue(
            strict.stderr.contains("cut with an ellipsis: 'A title far too long for one line of a narrow card'"),
            strict.stderr)
        XCTAssertFalse(strict.stderr.contains("'Short'"), strict.stderr)
    }

    func testASceneFileNameImpliesTheSceneFormat() throws {
        let out = try CLIRunner.temporaryDirectory()
        let target = out.appendingPathComponent("plain.scene.json")
        let result = try CLIRunner.run(["render", CLIRunner.fixture("plain.yaml"), "-o", target.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let scene = try JSONSerialization.jsonObject(with: Data(contentsOf: target)) as? [String: Any]
        XCTAssertEqual(scene?["width"] as? Double, 480)
        XCTAssertNotNil(scene?["texts"] as? [[String: Any]])
    }
}
