import TimelineModel
import TimelineScene

/// The preview strip's header row, as FUITimelinePreviewView's: the card's title at the left, its
/// `attribute` and "+N more" (items left out) at the right.
struct PreviewHeader {
    var nodes: [Primitive] = []
    /// Height including the gap below it; 0 without a header.
    var height: Double = 0

    static let gap: Double = 12

    init(card: Card, hiddenCount: Int, width: Double, measurer: any TextMeasuring) {
        let style = card.style
        var more = hiddenCount > 0 ? style.names.more(hiddenCount) : nil
        if card.attribute.flatMap(ReadingDirection.firstStrongIsRightToLeft) == true {
            // Isolated in its own direction, or a right-to-left line would show "+1 more" as "more 1+".
            more = more.map { "\u{2068}\($0)\u{2069}" }
        }
        let trailingText = [card.attribute, more].compactMap { $0 }.joined(separator: " · ")
        guard card.title != nil || card.subtitle != nil || !trailingText.isEmpty else { return }
        var trailingWidth: Double = 0
        var trailing: TextBlock?
        if !trailingText.isEmpty {
            let block = TextBlock(
                trailingText, font: style.resolvedSubtitleFont, color: style.eventColor.rgba,
                width: width / 2, measurer: measurer)
            trailingWidth = block.measured.width
            trailing = block
        }
        let titleWidth = max(1, width - trailingWidth - (trailingWidth > 0 ? Self.gap : 0))
        let title = card.title.map {
            TextBlock(
                $0, font: "\(style.font) Semi-Bold 15", color: style.titleColor.rgba, width: titleWidth,
                measurer: measurer)
        }
        // Both share the title's first baseline.
        let baseline = title?.measured.lines.first?.baseline ?? trailing?.measured.lines.first?.baseline ?? 0
        // Flush left, so a mirrored strip has it flush right, where its reader starts.
        if let title { nodes.append(.text(title.placed(x: 0, top: 0, width: titleWidth, alignment: .left))) }
        var bottom = title?.height ?? 0
        if let trailing {
            let top = baseline - (trailing.measured.lines.first?.baseline ?? 0)
            nodes.append(
                .text(trailing.placed(x: width - trailingWidth, top: top, width: trailingWidth, alignment: .trailing)))
            bottom = max(bottom, top + trailing.height)
        }
        // The card's subtitle under its title, as a feed would show it above a list card.
        if let subtitle = card.subtitle {
            let block = TextBlock(
                subtitle, font: style.resolvedSubtitleFont, color: style.subtitleColor.rgba, width: titleWidth,
                measurer: measurer)
            let top = (title?.height ?? 0) + (title == nil ? 0 : 2)
            nodes.append(.text(block.placed(x: 0, top: top, width: titleWidth, alignment: .left)))
            bottom = max(bottom, top + block.height)
        }
        height = bottom + Self.gap
    }
}
