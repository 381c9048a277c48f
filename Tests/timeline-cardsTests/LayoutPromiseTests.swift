import Foundation
import XCTest

/// The layout's promises end to end: a card is exactly its width or refused naming the minimum that fits,
/// `--strict` reports a word cut with an ellipsis, and `--format scene` writes the draw list.
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
              - style: { width: 120 }
                items:
                  - { title: Overdue meeting, event: "12/20/15", statusText: Active }
            """)
        let result = try CLIRunner.run(["render", file.path, "-o", "-"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "card.yaml:3:5: error: card 'card-1': width 120 is too narrow for its content; the narrowest width "
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

    func testStrictReportsAWordCutWithAnEllipsis() throws {
        let file = try input(
            """
            version: 1
            cards:
              - style: { width: 200 }
                items:
                  - { title: Donaudampfschifffahrtsgesellschaftskapitän }
            """)
        let lenient = try CLIRunner.run(["render", file.path, "-o", "-"])
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
        let strict = try CLIRunner.run(["render", file.path, "-o", "-", "--strict"])
        XCTAssertEqual(strict.status, 2)
        XCTAssertTrue(
            strict.stderr.contains("card.yaml:5:9: error: text does not fit and was cut with an ellipsis"),
            strict.stderr)
    }

    func testStrictReportsACutEventLabelToo() throws {
        let file = try input(
            """
            version: 1
            cards:
              - style: { eventColumnWidth: 30 }
                items:
                  - { title: Review, event: Wednesday }
            """)
        let strict = try CLIRunner.run(["render", file.path, "-o", "-", "--strict"])
        XCTAssertEqual(strict.status, 2)
        XCTAssertTrue(
            strict.stderr.contains("card.yaml:5:9: error: text does not fit and was cut with an ellipsis: 'Wednesday'"),
            strict.stderr)
    }

    /// The message quotes the text that was cut, not the item's title.
    func testStrictQuotesTheCutSubtitle() throws {
        let file = try input(
            """
            version: 1
            cards:
              - items:
                  - title: Short
                    subtitle: Pneumonoultramicroscopicsilicovolcanoconiosispneumonoultramicroscopicsilicovolcanoconiosis
            """)
        let strict = try CLIRunner.run(["render", file.path, "-o", "-", "--strict"])
        XCTAssertEqual(strict.status, 2)
        XCTAssertTrue(strict.stderr.contains("cut with an ellipsis: 'Pneumonoultramicroscopic"), strict.stderr)
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
