import TimelineModel
import TimelineScene

/// A card's scene for its theme: with `theme: auto` it is laid out twice, in its light and its
/// dark colors, and the light scene carries the dark colors as its `darkPalette` (SVG writes
/// them as a `prefers-color-scheme: dark` style sheet; PNG and PDF draw the light colors).
public enum ThemedScene {
    public static func scene(for card: Card, measurer: any TextMeasuring) throws(WidthRefusal) -> Scene {
        let light = try CardLayout.scene(for: card, measurer: measurer)
        guard let darkStyle = card.darkStyle else { return light }
        let dark = try CardLayout.scene(for: darkVariant(of: card, style: darkStyle), measurer: measurer)
        return Scene.merging(light: light, dark: dark)
    }

    /// A document's feed strip for its theme, as `scene(for:)` does for one card.
    public static func feed(for document: Document, measurer: any TextMeasuring) throws(WidthRefusal)
        -> (scene: Scene, placements: [FeedLayout.Placement])
    {
        let light = try FeedLayout.scene(for: document, measurer: measurer)
        guard let darkFeed = document.darkFeed else { return light }
        var dark = document
        dark.feed = darkFeed
        dark.cards = document.cards.map { card in card.darkStyle.map { darkVariant(of: card, style: $0) } ?? card }
        let darkScene = try FeedLayout.scene(for: dark, measurer: measurer).scene
        return (Scene.merging(light: light.scene, dark: darkScene), light.placements)
    }

    /// The document drawn in its dark colors alone (`theme: auto`'s dark half), for a dark image of
    /// its own (`CARD~dark.png`, a `<picture>`'s dark source); nil when no card has dark colors.
    public static func darkDocument(of document: Document) -> Document? {
        guard document.cards.contains(where: { $0.darkStyle != nil }) else { return nil }
        var dark = document
        dark.feed = document.darkFeed ?? document.feed
        dark.darkFeed = nil
        dark.cards = document.cards.map { card in
            guard let style = card.darkStyle else { return card }
            var variant = darkVariant(of: card, style: style)
            variant.darkStyle = nil
            return variant
        }
        return dark
    }

    /// The card in dark colors: bands whose colors came from the light style follow the dark one.
    static func darkVariant(of card: Card, style: Style) -> Card {
        var dark = card
        dark.style = style
        if var header = dark.header, header.background == card.style.nodeColor {
            header.background = style.nodeColor
            dark.header = header
        }
        if var footer = dark.footer {
            if footer.background == card.style.lineColor.withOpacity(0.25) {
                footer.background = style.lineColor.withOpacity(0.25)
            }
            if footer.color == card.style.subtitleColor { footer.color = style.subtitleColor }
            dark.footer = footer
        }
        return dark
    }
}
