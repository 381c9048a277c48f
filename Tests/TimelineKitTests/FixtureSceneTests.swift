import Foundation
import TimelineKit
import TimelineScene
import XCTest

/// Every fixture's `--format scene` output, checked for what issue #18 promises: no overlapping
/// texts, no word broken inside, and every text at WCAG contrast 4.5:1 or more.
final class FixtureSceneTests: XCTestCase {
    /// Each fixture's scenes, as `render --format scene` writes them.
    static func scenes(of file: URL) throws -> [(name: String, scene: SceneJSON)] {
        var options = FixtureGoldenTests.options(for: file)
        options.formats = [.scene]
        let renderer = try TimelineRenderer(options: options)
        let sources = try InputSource.load([file.path])
        return try sources.flatMap { source in
            let document = try renderer.decode(source)
            return try renderer.render(document, name: source.baseName).map { image in
                (image.name, try SceneJSON.decoded(from: image.data))
            }
        }
    }

    func testNoFixtureHasOverlappingBrokenOrFaintText() throws {
        var problems: [String] = []
        for file in try FixtureGoldenTests.fixtureFiles() {
            let source = try String(contentsOf: file, encoding: .utf8)
            for (name, scene) in try Self.scenes(of: file) {
                let checks = SceneChecks(scene: scene, source: source)
                let found = checks.overlaps() + checks.brokenWords() + checks.lowContrast()
                problems += found.map { "\(file.lastPathComponent) \(name): \($0)" }
            }
        }
        XCTAssert(problems.isEmpty, "\(problems.count) problems:\n" + problems.joined(separator: "\n"))
    }

    func testSceneJSONHoldsEveryPlacedLineInPoints() throws {
        let file = FixtureGoldenTests.fixtures.appendingPathComponent("plain.yaml")
        let scenes = try Self.scenes(of: file)
        let scene = try XCTUnwrap(scenes.first?.scene)
        XCTAssertGreaterThan(scene.width, 0)
        XCTAssertFalse(scene.texts.isEmpty)
        for text in scene.texts {
            XCTAssert(text.y < text.baseline && text.baseline <= text.y + text.height, "\(text)")
            XCTAssert(text.x >= 0 && text.x + text.width <= scene.width, "\(text)")
        }
    }
}
