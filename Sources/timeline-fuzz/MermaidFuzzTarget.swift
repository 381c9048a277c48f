import TimelineCommandSupport
import TimelineKit
import TimelineModel

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One fuzz input as a Mermaid timeline: read → layout → SVG, every problem with its place, and
/// `convert`'s YAML decoding to the very cards the diagram does. Any crash or disagreement is a bug.
enum MermaidFuzzTarget {
    static func run(_ data: Data) {
        guard let renderer = FuzzTarget.renderer else { fatalError("fonts could not be loaded") }
        let source = InputSource(
            displayName: "fuzz.mmd", baseName: "fuzz", data: data, format: .mermaid, directory: FuzzTarget.folder)
        let document: Document
        do {
            document = try renderer.decode(source)
            for image in try renderer.render(document, name: "fuzz") { FuzzTarget.checkWellFormed(image.data) }
        } catch let failure as RenderFailure {
            FuzzTarget.checkLocated(failure)
            return
        } catch {
            fatalError("render threw something other than RenderFailure: \(error)")
        }
        let yaml: String
        do {
            yaml = try TimelineKit.convertMermaid(source, limits: renderer.options.limits)
        } catch {
            preconditionFailure("decoded, but convert failed: \(error)")
        }
        let converted = InputSource(
            displayName: "fuzz.yaml", baseName: "fuzz", data: Data(yaml.utf8), format: .yaml,
            directory: FuzzTarget.folder)
        do {
            let again = try renderer.decode(converted)
            precondition(
                again.cards.map(placeless) == document.cards.map(placeless),
                "convert's YAML decodes to other cards:\n\(yaml)")
        } catch {
            preconditionFailure("convert's YAML does not decode: \(error)\n\(yaml)")
        }
    }

    /// A card without the places its parts were read at, which differ between the two inputs.
    static func placeless(_ card: TimelineModel.Card) -> TimelineModel.Card {
        func strip(_ item: TimelineModel.Item) -> TimelineModel.Item {
            var item = item
            item.location = nil
            item.children = item.children?.map(strip)
            return item
        }
        var card = card
        card.location = nil
        card.items = card.items.map(strip)
        return card
    }
}
