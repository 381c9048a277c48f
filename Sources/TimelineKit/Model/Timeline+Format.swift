import TimelineSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Timeline {
    /// Reads a YAML, JSON or Mermaid timeline into Swift values: a mapping's keys keep the order
    /// they are written in (`sections`), and a value of the wrong kind is reported at its place.
    /// The values are checked only as far as their Swift types go; `TimelineKit.render` checks
    /// the rest (dates, colors, links) and reports every problem at once.
    /// - Parameters:
    ///   - text: the document.
    ///   - name: the input's name in messages.
    ///   - format: YAML, JSON or Mermaid; nil to sniff it from the text.
    /// - Throws: `RenderFailure.invalidInput` with the problems, `name:line:column` each.
    public init(decoding text: String, name: String = "timeline", format: InputFormat? = nil) throws {
        do {
            self = try DocumentDecoder().decodeValue(Timeline.self, from: Data(text.utf8), file: name, format: format)
        } catch {
            throw RenderFailure.invalidInput(error.diagnostics)
        }
    }

    /// The document as the format's JSON, keys sorted, as `JSONEncoder` writes it: what
    /// `TimelineKit.render` reads, and what a `.json` input file may hold.
    public func formatJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
