import Foundation
import Testing
import TimelineCommandSupport
import TimelineKit
import TimelineScene

/// Every fixture's `--format scene` output, checked for what every layout promises: no overlapping
/// texts, no word broken inside, and every text at WCAG contrast 4.5:1 or more. One test case per
/// fixture, named by its file.
@Suite struct FixtureSceneTests {
    /// Each fixture's scenes, as `render --format scene` writes them.
    static func scenes(of file: URL) throws -> [(name: String, scene: SceneJSON)] {
        var options = Fixtures.options(for: file)
        options.formats = [.scene]
        let renderer = try TimelineRenderer(options: options)
        let sources = try InputSource.load([file.path], maxBytes: Limits().maxInputBytes)
        return try sources.flatMap { source in
            let document = try renderer.decode(source)
            return try renderer.render(document, name: source.baseName).map { image in
                (image.name, try SceneJSON.decoded(from: image.data))
            }
        }
    }

    static var cardFixtureNames: [String] { Fixtures.names.filter { !$0.hasPrefix("feed-") } }

    @Test(arguments: Fixtures.names)
    func noOverlappingBrokenOrFaintText(_ name: String) throws {
        let file = Fixtures.file(name)
        let source = try String(contentsOf: file, encoding: .utf8)
        var problems: [String] = []
        for (image, scene) in try Self.scenes(of: file) {
            let checks = SceneChecks(scene: scene, source: source)
            problems += (checks.overlaps() + checks.brokenWords() + checks.lowContrast()).map { "\(image): \($0)" }
        }
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.joined(separator: "\n"))")
    }

    /// A fixture's cards at widths from narrow to wide, and at each width its cards are written
    /// with (a 12-item horizontal roadmap needs more than 760 points): each is exactly its width or
    /// refused, and none has overlapping or broken text.
    @Test(arguments: FixtureSceneTests.cardFixtureNames)
    func noOverlapOrBrokenWordAtAnyWidth(_ name: String) throws {
        let file = Fixtures.file(name)
        var options = Fixtures.options(for: file)
        options.formats = [.scene]
        let renderer = try TimelineRenderer(options: options)
        let source = try String(contentsOf: file, encoding: .utf8)
        var problems: [String] = []
        var rendered = 0
        for input in try InputSource.load([file.path], maxBytes: Limits().maxInputBytes) {
            let document = try renderer.decode(input)
            let written = Set(document.cards.map(\.style.width)).filter { $0 > 760 }.sorted()
            for width in Array(stride(from: 160.0, through: 760, by: 60)) + written {
                var narrow = document
                for index in narrow.cards.indices { narrow.cards[index].style.width = width }
                guard let images = try? renderer.render(narrow, name: input.baseName) else { continue }
                for image in images {
                    let scene = try SceneJSON.decoded(from: image.data)
                    rendered += 1
                    if abs(scene.width - width) > 0.01, narrow.cards.allSatisfy({ $0.style.shadow == nil }) {
                        problems.append("\(image.name) at \(Int(width)): \(scene.width) wide")
                    }
                    let checks = SceneChecks(scene: scene, source: source)
                    problems += (checks.overlaps() + checks.brokenWords()).map {
                        "\(image.name) at \(Int(width)): \($0)"
                    }
                }
            }
        }
        #expect(rendered > 0, "refused at every width")
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(60).joined(separator: "\n"))")
    }

    @Test func sceneJSONHoldsEveryPlacedLineInPoints() throws {
        let scene = try #require(try Self.scenes(of: Fixtures.file("plain.yaml")).first?.scene)
        #expect(scene.width > 0)
        #expect(!scene.texts.isEmpty)
        for text in scene.texts {
            #expect(text.y < text.baseline && text.baseline <= text.y + text.height, "\(text)")
            #expect(text.x >= 0 && text.x + text.width <= scene.width, "\(text)")
        }
    }
}
