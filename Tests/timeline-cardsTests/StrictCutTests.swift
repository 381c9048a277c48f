import Foundation
import XCTest

/// `--strict` reports every text cut with an ellipsis, whatever drew it: the texts of items, and
/// the Today label, which no item owns.
final class StrictCutTests: XCTestCase {
    func testEveryCutTextIsReportedWhoeverDrewIt() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let long = "Heute ist der fünfzehnte Juni des Jahres zweitausendsechsundzwanzig"
        let card = """
            version: 1
            now: 2026-06-15
            cards:
              - style: {width: 180}
                labels: {today: "\(long)"}
                header: {title: "Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherung"}
                items:
                  - {title: a, date: 2026-06-01}
                  - {title: b, date: 2026-07-01}

            """
        try Data(card.utf8).write(to: folder.appendingPathComponent("in.yaml"))
        let result = try CLIRunner.run(["render", "in.yaml", "-o", "out", "--strict"], directory: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("in.yaml:4:5: error: text does not fit and was cut with an ellipsis: '\(long)'"),
            result.stderr)
        // A header title's word too wide for the card breaks with a hyphen: not cut, not reported.
        XCTAssertFalse(result.stderr.contains("'Donaudampfschifffahrts"), result.stderr)
        let validated = try CLIRunner.run(["validate", "in.yaml", "--strict"], directory: folder)
        XCTAssertEqual(validated.status, 2, validated.stderr)
        XCTAssertTrue(validated.stderr.contains("'\(long)' (--strict)"), validated.stderr)
        XCTAssertEqual(try CLIRunner.run(["validate", "in.yaml"], directory: folder).status, 0)
        let scene = try CLIRunner.run(["render", "in.yaml", "-o", "out", "--format", "scene"], directory: folder)
        XCTAssertEqual(scene.status, 0, scene.stderr)
        let json = try String(contentsOf: folder.appendingPathComponent("out/card-1.scene.json"), encoding: .utf8)
        XCTAssertTrue(json.contains("\"text\" : \"\(long)\""), "the scene's truncations hold it too")
    }
}
