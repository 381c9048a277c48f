import TimelineModel
import TimelineScene

/// `legend: true`: under the content, a swatch and name for each section, then each status
/// glyph the card uses with its name, flowing left to right and wrapping to the width.
enum Legend {
    static let gap: Double = 16
    private static let swatch: Double = 11
    private static let entryGap: Double = 18

    /// Appends the legend under `content` when the card asks for one.
    static func append(to content: inout CardContent, card: Card, width: Double, measurer: any TextMeasuring) {
        guard card.style.legend else { return }
        let top = content.height + (content.height > 0 ? gap : 0)
        let (nodes, height) = layout(card: card, width: max(width, content.width), top: top, measurer: measurer)
        guard !nodes.isEmpty else { return }
        content.layers.append(nodes)
        content.height = top + height
        // A card narrow enough for its content (compact cells) is still as wide as its widest entry.
        content.minimumWidth = max(content.minimumWidth, widestEntry(card: card, measurer: measurer))
    }

    /// The widest entry, swatch and name on one line: no narrower card shows every name whole.
    private static func widestEntry(card: Card, measurer: any TextMeasuring) -> Double {
        let labels = entries(card).map(\.label)
        let widths = measurer.measure(requests(labels, style: card.style, width: 100_000)).map(\.width)
        return (widths.max() ?? 0).rounded(.up) + swatch + 6 + 1
    }

    private struct Entry {
        var mark: (Point) -> [Primitive]
        var label: String
    }

    static func layout(card: Card, width: Double, top: Double, measurer: any TextMeasuring) -> (
        nodes: [Primitive], height: Double
    ) {
        let style = card.style
        let entries = self.entries(card)
        guard !entries.isEmpty else { return ([], 0) }
        var nodes: [Primitive] = [
            .line(
                LineNode(
                    from: Point(x: 0, y: top), to: Point(x: width, y: top),
                    stroke: Stroke(color: style.lineColor.withOpacity(0.6).rgba, width: 0.5)))
        ]
        let font = style.resolvedSubtitleFont
        let measured = measurer.measure(requests(entries.map(\.label), style: style, width: width))
        var (x, y, rowHeight) = (0.0, top + 10, 0.0)
        for (entry, answer) in zip(entries, measured) {
            let text = TextBlock(
                measured: answer, font: font, color: style.subtitleColor.rgba, rich: nil, source: entry.label)
            let entryWidth = swatch + 6 + text.measured.width
            if x > 0, x + entryWidth > width {
                (x, y, rowHeight) = (0, y + rowHeight + 6, 0)
            }
            let middle = y + text.firstLineHeight / 2
            nodes += entry.mark(Point(x: x + swatch / 2, y: middle))
            nodes.append(.text(text.placed(x: x + swatch + 6, top: y, width: text.measured.width + 1)))
            x += entryWidth + entryGap
            rowHeight = max(rowHeight, text.height)
        }
        return (nodes, y + rowHeight - top)
    }

    /// The labels the legend of `card` measures at `width`, one line each: known before the card
    /// is laid out, so they ride in the layout's first batch (`BatchSharingMeasurer`).
    static func requests(for card: Card, width: Double) -> [TextRequest] {
        guard card.style.legend else { return [] }
        return requests(entries(card).map(\.label), style: card.style, width: width)
    }

    private static func requests(_ labels: [String], style: Style, width: Double) -> [TextRequest] {
        labels.map {
            TextRequest(
                text: $0, font: style.resolvedSubtitleFont, maxWidth: TextBlock.measuredWidth(width), maxLines: 1)
        }
    }

    /// A swatch for each section, then a glyph for each status the items use.
    private static func entries(_ card: Card) -> [Entry] {
        let style = card.style
        var entries = card.sections.map { section in
            Entry(
                mark: { center in
                    [
                        .box(
                            BoxNode(
                                rect: Rect(
                                    x: center.x - swatch / 2, y: center.y - swatch / 2, width: swatch, height: swatch),
                                corners: CornerRadii(all: 3), fill: section.color.rgba))
                    ]
                }, label: section.name)
        }
        for status in statuses(card.items) {
            var item = Item()
            item.status = status
            let look = NodeLook(item: item, style: style, isOverdue: false)
            entries.append(
                Entry(
                    mark: { center in
                        var nodes: [Primitive] = []
                        NodeDrawing.node(
                            look: look, item: item, center: center, size: swatch + 1, style: style, into: &nodes)
                        return nodes
                    }, label: card.style.names.name(of: status)))
        }
        return entries
    }

    /// Statuses in the order the format lists them, those the items use.
    private static func statuses(_ items: [Item]) -> [Status] {
        var used = Set<Status>()
        var stack = items
        while let item = stack.popLast() {
            used.insert(item.status)
            stack += item.children ?? []
        }
        return Status.allCases.filter { used.contains($0) }
    }
}
