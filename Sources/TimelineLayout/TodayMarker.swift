import TimelineModel
import TimelineScene

/// The list layout's Today marker: a dashed line with its label between the last item due
/// before `now` and the first one after it, when `now` falls between the card's first and last.
enum TodayMarker {
    /// Extra room the marker takes between its two items.
    static let room: Double = 18

    /// The row the marker follows, if `now` lies between two dated rows of a card whose dates
    /// are in order (in any other order, "between" says nothing).
    static func row(after rows: [ItemRow], now: DateValue?, style: Style) -> Int? {
        guard style.today == .auto, let now else { return nil }
        let dated = rows.indices.filter { rows[$0].item.date != nil }
        let instants = dated.compactMap { rows[$0].item.date?.instant }
        guard zip(instants, instants.dropFirst()).allSatisfy({ $0 <= $1 }) else { return nil }
        for (before, after) in zip(dated, dated.dropFirst()) {
            guard let start = rows[before].item.date, let next = rows[after].item.date else { continue }
            if start.instant <= now.instant, next.instant > now.instant { return after - 1 }
        }
        return nil
    }

    /// The label at the left, the line from it to `width`, centred on `y`. A label wider than the
    /// room left of the nodes (`axisLeft`: a card without an event column, compact cells) sits at
    /// `textLeft` instead, the line broken around it, never on the timeline's own line.
    static func draw(
        y: Double, width: Double, axisLeft: Double, textLeft: Double, style: Style, label: String,
        measurer: any TextMeasuring
    ) -> [Primitive] {
        let color = style.overdueColor.rgba
        let text = TextBlock(
            label, font: "\(style.font) Bold 11", color: color, width: width, maxLines: 1, measurer: measurer)
        let labelWidth = text.measured.width
        let labelX = labelWidth + gap <= axisLeft ? 0 : min(textLeft, max(0, width - labelWidth))
        let stroke = Stroke(color: color, width: 1.5, dash: [4, 3])
        let spans = [(0, labelX - gap), (min(width, labelX + labelWidth + gap), width)]
        return spans.filter { $0.1 - $0.0 > gap }.map {
            .line(LineNode(from: Point(x: $0.0, y: y), to: Point(x: $0.1, y: y), stroke: stroke))
        } + [
            // Placed left-aligned: a right-to-left word would otherwise sit at the right, on the
            // line, and be mirrored with it to the other end.
            .text(text.placed(x: labelX, top: y - text.firstLineHeight / 2, width: width - labelX, alignment: .left))
        ]
    }

    /// Between the label and its line.
    private static let gap: Double = 6

    /// A horizontal list's marker: the dashed line down the gutter at `x` from `top` (under any
    /// section bands), its label under the content (which ends at `bottom`); the new bottom.
    static func upright(
        x: Double, top: Double = 0, bottom: Double, width: Double, style: Style, label: String,
        measurer: any TextMeasuring
    ) -> (nodes: [Primitive], bottom: Double) {
        let color = style.overdueColor.rgba
        let text = TextBlock(
            label, font: "\(style.font) Bold 11", color: color, width: width, maxLines: 1, measurer: measurer)
        let labelTop = bottom + 4
        let left = min(max(0, x - text.measured.width / 2), max(0, width - text.measured.width))
        return (
            [
                .line(
                    LineNode(
                        from: Point(x: x, y: top), to: Point(x: x, y: labelTop - 2),
                        stroke: Stroke(color: color, width: 1.5, dash: [4, 3]))),
                .text(text.placed(x: left, top: labelTop, width: text.measured.width + 1)),
            ], labelTop + text.height
        )
    }
}
