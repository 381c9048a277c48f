import Foundation
import Testing
import TimelineCommandSupport
import TimelineKit
import TimelineScene

/// A width is a promise: every card of every fixture is refused at a width far too narrow, and the
/// narrowest width that refusal names renders with nothing cut that the card's own width does not
/// cut too (a title past `maxTitleLines` is cut at any width).
@Suite struct WidthPromiseTests {
    static let tooNarrow = 40.0

    @Test(arguments: FixtureSceneTests.cardFixtureNames)
    func theWidthARefusalNamesCutsNothing(_ name: String) throws {
        let file = Fixtures.file(name)
        var options = Fixtures.options(for: file)
        options.formats = [.scene]
        let renderer = try TimelineRenderer(options: options)
        var problems: [String] = []
        for input in try InputSource.load([file.path], maxBytes: Limits().maxInputBytes) {
            let document = try renderer.decode(input)
            // A card with `maxTitleLines` asks for its titles to be cut at their lines: at any
            // width, narrow or not, so it promises lines rather than whole titles.
            for card in document.cards where card.style.maxTitleLines == nil {
                var alone = document
                alone.cards = [card]
                let own = try Self.cuts(alone, renderer: renderer)
                alone.cards[0].style.width = Self.tooNarrow
                guard let named = Self.narrowestNamed(alone, renderer: renderer) else {
                    // A card whose content fits even 40 points (an empty one) has nothing to promise.
                    continue
                }
                alone.cards[0].style.width = named
                let atNamed = try Self.cuts(alone, renderer: renderer)
                let extra = atNamed.subtracting(own)
                if !extra.isEmpty { problems.append("\(card.id) at \(named): \(extra.sorted())") }
            }
        }
        #expect(problems.isEmpty, "cut at the width the refusal names:\n\(problems.joined(separator: "\n"))")
    }

    /// The texts cut in the document's one scene.
    static func cuts(_ document: Document, renderer: TimelineRenderer) throws -> Set<String> {
        let images = try renderer.render(document, name: "promise")
        return Set(try images.flatMap { try SceneJSON.decoded(from: $0.data).truncations.map(\.text) })
    }

    /// The width in "the narrowest width that fits is N" when `document` is refused; nil when not.
    static func narrowestNamed(_ document: Document, renderer: TimelineRenderer) -> Double? {
        do {
            _ = try renderer.render(document, name: "promise")
            return nil
        } catch let failure as RenderFailure {
            let marker = "the narrowest width that fits is "
            for diagnostic in failure.diagnostics {
                guard let range = diagnostic.message.range(of: marker) else { continue }
                let number = diagnostic.message[range.upperBound...].prefix { $0.isNumber || $0 == "." }
                if let width = Double(number.hasSuffix(".") ? number.dropLast() : number) { return width }
            }
            Issue.record("refused without naming a width: \(failure.diagnostics)")
            return nil
        } catch {
            Issue.record("\(error)")
            return nil
        }
    }
}
