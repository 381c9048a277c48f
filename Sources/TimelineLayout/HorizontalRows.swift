import TimelineModel
import TimelineScene

/// The rows of a horizontal card, the part the horizontal list and time layouts share: the line
/// runs left to right, each item's event text sits above its node and its labels are centred
/// under it, in a column of its own. Only where the columns go differs: evenly spaced in the
/// list, where their dates fall in the time layout.
struct HorizontalRows {
    /// The card's texts and style.
    let text: ItemText
    let rows: [ItemRow]
    /// Each row's event text (or its day's, on a day's first row).
    let labels: [String?]
    let byDay: Bool
    let sizes: [Double]
    let widest: Double
    let hasGroups: Bool
    /// Room group boxes take beyond their columns' outer edges.
    let inset: Double
    /// Each row's place in the card as written ("2.1").
    let paths: [String]

    /// Room between two neighbouring label columns.
    static let gutter: Double = 12
    /// Between the event text and a node, and between a node and its labels.
    static let eventGap: Double = 6
    static let labelGap: Double = 8

    var style: Style { text.style }

    /// Nil for a card without rows; `inDateOrder` sorts a card without groups by date.
    init?(card: Card, inDateOrder: Bool = false) {
        text = ItemText(card: card)
        let written = ItemRow.rows(of: card, text: text)
        if inDateOrder {
            (rows, labels, paths) = TimeLayout.inDateOrder(written)
        } else {
            (rows, labels, paths) = (written.rows, written.labels, TimeRecords.paths(written.rows))
        }
        guard !rows.isEmpty else { return nil }
        byDay = card.groupBy == .day
        sizes = rows.map { $0.nodeSize(card.style, byDay: card.groupBy == .day) }
        widest = sizes.max() ?? card.style.shapeSize
        hasGroups = rows.contains { $0.groupEnd != nil }
        inset = hasGroups ? card.style.groupPadding / 2 : 0
    }

    /// A column's texts: the event above the node, and the labels under it (the event on top by
    /// day, then title, subtitle, attributes, body and status texts).
    struct ColumnTexts {
        var event: TextBlock?
        var labels: TextStack
    }

    /// Every column's texts at its width in `widths`, measured in one batch.
    func texts(widths: [Double], measurer: any TextMeasuring) -> [ColumnTexts] {
        var plan = TextPlan()
        let planned = rows.indices.map { index -> (event: Int?, labels: [TextPlan.Block]) in
            let item = rows[index].item
            let event = text.planLabel(labels[index], width: widths[index], into: &plan)
            let blocks = text.plan(item, width: widths[index], withEvent: byDay, into: &plan)
            return (event, blocks + text.planStatus(item, width: widths[index], into: &plan))
        }
        let answers = plan.measure(measurer)
        return planned.map { column in
            ColumnTexts(event: column.event.map(answers.block), labels: answers.stack(column.labels, style: style))
        }
    }

    /// What the rows draw, layer by layer, in row order.
    struct Drawing {
        var markers: [Primitive] = [], texts: [Primitive] = [], links: [Primitive] = []
        var stops: [LineStop] = []
        var description: [String] = []
        var truncations: [Truncation] = []
        /// Lines from a node at its date to its labels, where they were moved apart.
        var leaders: [Primitive] = []
        var lineY: Double = 0
        /// Under the lowest label, and the groups' padding under that.
        var bottom: Double = 0
    }

    /// Between two tiers of staggered labels.
    static let tierGap: Double = 8

    /// The columns drawn at `centers`, `widths` wide; `below` is room under the line that labels keep clear of.
    /// The nodes sit at `nodes` (a time layout's dates) when given, joined to labels moved off them by a leader;
    /// `tiers` puts labels in tiers under one another.
    func draw(
        _ texts: [ColumnTexts], centers: [Double], widths: [Double], below: Double = 0, nodes: [Double]? = nil,
        tiers: LabelTiers? = nil
    ) -> Drawing {
        var drawing = Drawing()
        // At dates (a time layout), a label moved off its node takes its date along, under the
        // line where the leader reaches it; above the line a date would float over nothing.
        let eventsBelow = nodes != nil
        let eventHeight = eventsBelow ? 0 : texts.compactMap { $0.event?.height }.max() ?? 0
        let top = hasGroups ? style.groupPadding : 0
        let lineY = top + (eventHeight > 0 ? eventHeight + Self.eventGap : 0) + widest / 2
        let labelTop = lineY + max(widest / 2, below) + Self.labelGap
        let tops = Self.tierTops(texts, from: labelTop, tiers: tiers, eventsBelow: eventsBelow)
        var describing: [UInt8] = []
        drawing.lineY = lineY
        drawing.bottom = lineY + widest / 2
        for (index, row) in rows.enumerated() {
            let (item, column) = (row.item, texts[index])
            let center = Point(x: nodes?[index] ?? centers[index], y: lineY)
            let left = centers[index] - widths[index] / 2
            var stackTop = tops[index]
            // A label hanging beside its node is flush toward it, so its text reaches the node.
            let alignment = tiers?.alignments[index] ?? .center
            if let block = column.event {
                let top = eventsBelow ? stackTop : lineY - widest / 2 - Self.eventGap - block.height
                drawing.texts.append(.text(block.placed(x: left, top: top, width: widths[index], alignment: alignment)))
                if eventsBelow { stackTop += block.height + 2 }
            }
            column.labels.place(
                x: left, top: stackTop, width: widths[index], alignment: alignment, into: &drawing.texts)
            let event = column.event.flatMap { $0.measured.isTruncated ? $0.source : nil }
            if let cut = column.labels.cutText ?? event {
                drawing.truncations.append(text.truncation(item, cut: cut))
            }
            let look = NodeLook(item: item, style: style, isOverdue: item.isOverdue(now: text.now))
            NodeDrawing.node(
                look: look, item: item, center: center, size: sizes[index], style: style, into: &drawing.markers)
            let reach = look.shape == .none ? 0 : sizes[index] / 2
            drawing.stops.append(LineStop(center: center, reach: reach, status: item.status))
            // Tiered labels hold their node inside their width: the leader drops straight down to them.
            let leaderEnd = tiers == nil ? centers[index] : center.x
            if (abs(center.x - centers[index]) > 1 && tiers == nil || tops[index] > labelTop)
                && tiers?.stacked[index] != true
            {
                drawing.leaders.append(
                    .line(
                        LineNode(
                            from: Point(x: center.x, y: lineY + max(reach, below) + 2),
                            to: Point(x: leaderEnd, y: tops[index] - 2),
                            stroke: Stroke(color: style.lineColor.rgba, width: 1))))
            }
            let rect = Rect(x: left, y: stackTop, width: widths[index], height: column.labels.height)
            drawing.links += Primitive.itemLink(item.link, over: rect, label: item.title)
            drawing.description.append(text.describe(item, label: labels[index], scratch: &describing))
            drawing.bottom = max(drawing.bottom, stackTop + column.labels.height)
        }
        drawing.bottom += hasGroups ? style.groupPadding : 0
        return drawing
    }

    /// Each column's top: `labelTop` for all without tiers; with them, each tier under the tallest
    /// column of the tier above.
    static func tierTops(_ texts: [ColumnTexts], from labelTop: Double, tiers: LabelTiers?, eventsBelow: Bool)
        -> [Double]
    {
        guard let tiers else { return texts.map { _ in labelTop } }
        let heights = texts.map { column in
            column.labels.height + (eventsBelow ? column.event.map { $0.height + 2 } ?? 0 : 0)
        }
        var tierTops = [labelTop]
        for tier in 0..<(tiers.tier.max() ?? 0) {
            let tallest = texts.indices.filter { tiers.tier[$0] == tier }.map { heights[$0] }.max() ?? 0
            tierTops.append(tierTops[tier] + tallest + tierGap)
        }
        return tiers.tier.map { tierTops[$0] }
    }

    /// A box around each group's columns, down to `bottom`, and every bar that starts inside it
    /// (`reach`: where each row's bar ends, else its centre).
    func groupBoxes(centers: [Double], widths: [Double], reach: [Double], bottom: Double) -> [Primitive] {
        rows.indices.compactMap { index -> Primitive? in
            guard let end = rows[index].groupEnd else { return nil }
            // Nested groups are inset a little so each one's edge stays visible.
            let shrink = Double(rows[index].level) * 3
            let left = centers[index] - widths[index] / 2 - inset
            let right = max(centers[end] + widths[end] / 2, reach[index...end].max() ?? 0) + inset
            let rect = Rect(x: left, y: shrink, width: right - left, height: bottom - shrink * 2)
            return .box(
                BoxNode(rect: rect, corners: CornerRadii(all: 10), fill: style.nodeColor.withOpacity(0.07).rgba))
        }
    }
}
