import TimelineCairo
import TimelineLayout
import TimelineModel
import TimelineScene
import TimelineSpec

/// An image to draw: its format, the name its file gets, its scene, and what a message about
/// its size calls it and points at.
package struct ImageScene {
    package var format: ImageFormat
    package var name: String
    package var scene: Scene
    /// "card 'release'", "the feed", "part 2 of the feed".
    var subject: String
    var location: SourceLocation?
}

extension TimelineRenderer {
    /// One scene per card and format, or the feed strip for each format (split into parts for a
    /// format whose page or pixel limit it passes), each with the icons it draws.
    func imageScenes(of document: Document, name: String, measurer: any TextMeasuring) throws -> [ImageScene] {
        let icons = IconCheck.sceneIcons(of: document)
        if options.feed {
            return try feedScenes(document, name: name, measurer: measurer).map { image in
                var image = image
                image.scene.icons = icons
                return image
            }
        }
        let cards = try document.cards.map { card in
            var scene = try Self.laidOut { () throws(WidthRefusal) in
                try ThemedScene.scene(for: card, measurer: measurer)
            }
            scene.icons = icons
            return (card, scene)
        }
        return options.formats.flatMap { format in
            cards.map { card, scene in
                ImageScene(
                    format: format, name: card.id, scene: scene, subject: "card '\(card.id)'", location: card.location)
            }
        }
    }

    /// A layout's result, its width refusal as bad input (exit 2).
    private static func laidOut<T>(_ layout: () throws(WidthRefusal) -> T) throws -> T {
        do {
            return try layout()
        } catch {
            let place = error.location
            throw RenderFailure.invalidInput([
                Diagnostic(
                    file: place?.file ?? error.cardID, line: place?.line,
                    column: place?.column, message: error.message)
            ])
        }
    }

    /// The feed strip for each format; a format whose limit it passes in height gets it split at
    /// card boundaries into parts `NAME-1`, `NAME-2`, ... that fit (PNG and PDF; SVG's limit is
    /// the sanity limit, and a feed beyond it is refused).
    private func feedScenes(_ document: Document, name: String, measurer: any TextMeasuring) throws -> [ImageScene] {
        let (scene, placements) = try Self.laidOut { () throws(WidthRefusal) in
            try ThemedScene.feed(for: document, measurer: measurer)
        }
        var result: [ImageScene] = []
        for format in options.formats {
            let limit = sideLimit(for: format)
            guard format != .svg, scene.height > limit, scene.width <= limit else {
                result.append(
                    ImageScene(
                        format: format, name: name, scene: scene, subject: "the feed",
                        location: document.cards.first?.location))
                continue
            }
            let parts = try feedParts(
                document, placements: placements, width: scene.width, limit: limit, format: format)
            for (index, cards) in parts.enumerated() {
                var part = document
                part.cards = cards
                let partScene = try Self.laidOut { () throws(WidthRefusal) in
                    try FeedLayout.scene(for: part, measurer: measurer)
                }.scene
                result.append(
                    ImageScene(
                        format: format, name: "\(name)-\(index + 1)", scene: partScene,
                        subject: "part \(index + 1) of the feed", location: cards.first?.location))
            }
        }
        return result
    }

    /// The feed's cards in groups whose strips are at most `limit` points tall; a card taller
    /// than that alone is refused.
    private func feedParts(
        _ document: Document, placements: [FeedLayout.Placement], width: Double, limit: Double,
        format: ImageFormat
    ) throws -> [[TimelineModel.Card]] {
        let overhead = document.feed.margins.vertical
        var parts: [[TimelineModel.Card]] = [[]]
        var partHeight = overhead
        for (card, placement) in zip(document.cards, placements) {
            let height = placement.bottom - placement.top
            if height + overhead > limit {
                try checkSize(
                    width: width, height: height + overhead, format: format, location: card.location,
                    what: "card '\(card.id)' alone")
            }
            if partHeight + height > limit, !(parts.last?.isEmpty ?? true) {
                parts.append([])
                partHeight = overhead
            }
            parts[parts.count - 1].append(card)
            partHeight += height
        }
        return parts
    }
}
