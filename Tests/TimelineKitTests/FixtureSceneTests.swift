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

    /// Every non-feed fixture's cards at widths from narrow to wide: each is exactly its width or
    /// refused, and none has overlapping or broken text.
    func testNoOverlapOrBrokenWordAtAnyWidth() throws {
        var problems: [String] = []
        var rendered = 0
        for file in try FixtureGoldenTests.fixtureFiles() where !FixtureGoldenTests.isFeed(file) {
            var options = FixtureGoldenTests.options(for: file)
            options.formats = [.scene]
            let renderer = try TimelineRenderer(options: options)
            let source = try String(contentsOf: file, encoding: .utf8)
            for input in try InputSource.load([file.path]) {
                let document = try renderer.decode(input)
                for width in stride(from: 160.0, through: 760, by: 60) {
                    var narrow = document
                    for index in narrow.cards.indices { narrow.cards[index].style.width = width }
                    guard let images = try? renderer.render(narrow, name: input.baseName) else { continue }
                    for image in images {
                        let scene = try SceneJSON.decoded(from: image.data)
                        rendered += 1
                        if abs(scene.width - width) > 0.01, narrow.cards.allSatisfy({ $0.style.shadow == nil }) {
                            problems.append("\(file.lastPathComponent) \(image.name) at \(Int(width)): \(scene.width) wide")
                        }
                        let checks = SceneChecks(scene: scene, source: source)
                        problems += (checks.overlaps() + checks.brokenWords()).map {
                            "\(file.lastPathComponent) \(image.name) at \(Int(width)): \($0)"
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(rendered, 50)
        XCTAssert(problems.isEmpty, "\(problems.count) problems:\n" + problems.prefix(60).joined(separator: "\n"))
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
