import TimelineModel
import TimelineScene
import TimelineSpec

extension TimelineRenderer {
    /// Refuses text cut with an ellipsis (`--strict`), each card's once though its scene may be
    /// drawn in several formats.
    func checkNothingCut(_ scenes: [ImageScene], of document: Document) throws {
        let firstFormat = scenes.first?.format
        let truncations = scenes.filter { $0.format == firstFormat }.flatMap(\.scene.truncations)
        guard !truncations.isEmpty else { return }
        let places = Self.placesByDescription(document)
        throw RenderFailure.invalidInput(
            truncations.map { truncation in
                let text = MessageText.escaped(truncation.text)
                let message = "text does not fit and was cut with an ellipsis: '\(text)' (--strict)"
                if let place = places[truncation.location] { return Diagnostic(place, message) }
                // A card or item made in code: the scene names it by its id, or "item".
                return Diagnostic(file: truncation.location, message: message)
            })
    }

    /// The places of the document's cards and items by their `file:line:column` text, the form
    /// scenes (which know nothing of the model) record truncations in.
    private static func placesByDescription(_ document: Document) -> [String: SourceLocation] {
        var places: [String: SourceLocation] = [:]
        func add(_ items: [TimelineModel.Item]) {
            for item in items {
                if let location = item.location { places[location.description] = location }
                add(item.children ?? [])
            }
        }
        for card in document.cards {
            if let location = card.location { places[location.description] = location }
            add(card.items)
        }
        return places
    }
}
