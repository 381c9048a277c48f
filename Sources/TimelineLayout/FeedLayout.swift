import TimelineModel
import TimelineScene

/// TimelineFeed: every card of a document in one strip, each under its optional title and subtitle.
public enum FeedLayout {
    /// One laid-out card inside the strip, with the vertical range it occupies (for splitting).
    public struct Placement: Sendable {
        public var top: Double
        public var bottom: Double
    }

    public static func scene(for document: Document, measurer: any TextMeasuring) throws(WidthRefusal) -> (
        scene: Scene, placements: [Placement]
    ) {
        let feed = document.feed
        var nodes: [Primitive] = []
        var description: [String] = []
        var truncations: [Truncation] = []
        var placements: [Placement] = []
        var y = feed.margins.top
        var width: Double = 0
        for (index, card) in document.cards.enumerated() {
            let top = y
            if index > 0 { y += feed.spacing }
            let style = card.style
            var heading = TextStack(gap: 2)
            let titleColor = feed.titleColor ?? style.titleColor.readable(on: feed.background, target: 10)
            let subtitleColor = feed.subtitleColor ?? style.subtitleColor.readable(on: feed.background, target: 5.5)
            // A preview strip's header row shows its title and subtitle: not twice, and never the
            // subtitle alone above the card.
            let preview = card.layout == .preview
            heading.append(
                preview ? nil : card.title, font: "\(style.font) Bold 18", color: titleColor.rgba,
                width: style.width, measurer: measurer)
            heading.append(
                preview ? nil : card.subtitle, font: "\(style.font) 13", color: subtitleColor.rgba,
                width: style.width, measurer: measurer)
            if !heading.blocks.isEmpty {
                nodes += heading.placed(x: feed.margins.left + 4, top: y, width: style.width - 8)
                y += heading.height + 10
                description.append(
                    [preview ? nil : card.title, card.subtitle].compactMap { $0 }.joined(separator: " — "))
            }
            let pad = CardLayout.shadowPadding(style)
            let frame = try CardLayout.frame(for: card, measurer: measurer, origin: Point(x: feed.margins.left, y: y))
            nodes += frame.nodes
            description += frame.description
            truncations += frame.truncations
            y += frame.height + max(pad.bottom, 0)
            width = max(width, frame.width + pad.right)
            placements.append(Placement(top: top, bottom: y))
        }
        y += feed.margins.bottom
        let title = document.cards.first?.title ?? document.cards.first?.id ?? "timeline"
        let scene = Scene(
            width: width + feed.margins.horizontal, height: y, background: feed.background.rgba,
            nodes: nodes, title: title, description: description, truncations: truncations,
            backdrop: feed.background.rgba)
        return (scene, placements)
    }
}
