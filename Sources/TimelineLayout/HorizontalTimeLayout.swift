import TimelineModel
import TimelineScene

/// `layout: time, direction: horizontal`: the span fitted to the card's width, event text above
/// the line, period bars in lanes under it, labels centred under their nodes (pushed apart where
/// dates are close) and the dated axis at the bottom. Quiet gaps are cut only when labels would
/// push a node more than `maxGap` points from its date at true scale.
struct HorizontalTimeLayout {
    let card: Card
    let width: Double
    let measurer: any TextMeasuring

    private var style: Style { card.style }
    private static let gutter: Double = 12
    /// Label widths allowed before wrapping.
    private static let labelWidths: ClosedRange<Double> = 64...150
    private static let eventGap: Double = 6
    private static let labelGap: Double = 8
    private static let axisGap: Double = 14

    func layout() -> CardContent {
        let text = ItemText(style: style, now: card.now)
        let (rows, labels) = ItemRow.rows(of: card, text: text)
        guard !rows.isEmpty else { return CardContent() }
        let byDay = card.groupBy == .day
        let sizes = rows.map { $0.nodeSize(style, byDay: byDay) }
        let widest = sizes.max() ?? style.shapeSize
        let hasGroups = rows.contains { $0.groupEnd != nil }
        let inset = hasGroups ? style.groupPadding / 2 : 0
        let intervals = TimeAxisMarks.intervals(rows.map(\.item))
        let lanes = Lanes(rows: rows, intervals: intervals, style: style)
        let natural = rows.indices.map { naturalWidth(rows[$0].item, label: labels[$0], text: text, byDay: byDay) }
        let floors = rows.indices.map { min(natural[$0], widestWord(rows[$0].item, label: labels[$0])) }
        let fitted = fit(natural, floors: floors, intervals: intervals, inset: inset, width: width)
        let (widths, scale, centers) = (fitted.widths, fitted.scale, fitted.centers)
        let map = AxisMap(scale: scale, instants: intervals.map { $0?.start }, centers: centers)

        let eventBlocks = rows.indices.map { index in
            labels[index].map { TextBlock($0, font: style.resolvedEventFont, color: style.eventColor.rgba, width: widths[index], measurer: measurer) }
        }
        let stacks = rows.indices.map { labelStack(rows[$0].item, width: widths[$0], text: text, byDay: byDay) }
        let eventHeight = eventBlocks.compactMap { $0?.height }.max() ?? 0
        let top = hasGroups ? style.groupPadding : 0
        let lineY = top + (eventHeight > 0 ? eventHeight + Self.eventGap : 0) + widest / 2
        let labelTop = lineY + max(widest / 2, lanes.extraWidth + lanes.thickness / 2) + Self.labelGap

        var content = CardContent()
        var describing: [UInt8] = []
        var bars: [Primitive] = [], markers: [Primitive] = [], texts: [Primitive] = [], links: [Primitive] = []
        var stops: [LineStop] = []
        var right: Double = 0
        var bottom = lineY + widest / 2
        var reach = centers
        for (index, row) in rows.enumerated() {
            let item = row.item
            let center = Point(x: centers[index], y: lineY)
            let left = centers[index] - widths[index] / 2
            if let block = eventBlocks[index] {
                texts.append(.text(block.placed(x: left, top: lineY - widest / 2 - Self.eventGap - block.height,
                                                width: widths[index], alignment: .center)))
            }
            stacks[index].place(x: left, top: labelTop, width: widths[index], alignment: .center, into: &texts)
            if stacks[index].isTruncated { content.truncations.append(text.truncation(item)) }
            let look = NodeLook(item: item, style: style, isOverdue: item.isOverdue(now: card.now))
            if let end = item.end, let lane = lanes.lane[index] {
                let endX = max(center.x, map.position(end.instant))
                bars += lanes.bar(lane: lane, from: center, to: endX, color: look.color, vertical: false)
                right = max(right, endX + lanes.thickness / 2)
                reach[index] = endX + lanes.thickness / 2
            }
            NodeDrawing.node(look: look, item: item, center: center, size: sizes[index], style: style, into: &markers)
            stops.append(LineStop(center: center, reach: look.shape == .none ? 0 : sizes[index] / 2, status: item.status))
            if let link = item.link {
                links.append(.link(LinkNode(rect: Rect(x: left, y: labelTop, width: widths[index], height: stacks[index].height), url: link)))
            }
            content.description.append(text.describe(item, label: labels[index], scratch: &describing))
            right = max(right, left + widths[index])
            bottom = max(bottom, labelTop + stacks[index].height)
        }
        bottom += hasGroups ? style.groupPadding : 0
        let runs = SectionBands.runs(rows, sections: card.sections)
        let spans = rows.indices.map { (left: centers[$0] - widths[$0] / 2, right: centers[$0] + widths[$0] / 2) }
        let bands = SectionBands.horizontal(runs, spans: spans, top: 0, bottom: bottom, style: style, measurer: measurer)
        bottom += bands.height
        let boxes = groupBoxes(rows, centers: centers, widths: widths, reach: reach, inset: inset, bottom: bottom)

        var drawing = AxisPainter.Drawing()
        if style.axis != .none, scale.last > scale.origin {
            let utcOffset = rows.first { $0.item.date != nil }?.item.date?.utcOffset ?? 0
            let marks = TimeAxisMarks.marks(map: map, style: style, now: card.now, utcOffset: utcOffset, names: style.names,
                                            minimumPitch: AxisPainter.horizontalPitch)
            let painter = AxisPainter(style: style, measurer: measurer, names: style.names)
            drawing = painter.horizontal(marks, y: bottom + Self.axisGap, top: 0, texts: texts)
            bottom += Self.axisGap + drawing.extent
            if marks.today != nil { content.description.append("Today") }
        }
        let breaks = scale.cuts.map(map.breakPosition)
        content.layers = [drawing.under, bands.nodes, boxes, TimeMarks.line(stops, breaks: breaks, style: style, vertical: false), bars,
                          markers, texts, drawing.axis, links]
        content.width = width
        // Labels that cannot share the width even wrapped to their widest words: the card is refused.
        if fitted.extent > width - inset + 0.01 {
            content.minimumWidth = minimumWidth(natural, floors: floors, intervals: intervals, inset: inset)
        }
        content.height = bottom
        return content
    }

    private struct Fitted {
        var widths: [Double]
        var scale: TimeScale
        var centers: [Double]
        /// Right edge of the rightmost label.
        var extent: Double
    }

    /// Labels placed in `width`: running past it, they wrap narrower, each down to its widest
    /// word (`floors`), before the card is refused.
    private func fit(_ natural: [Double], floors: [Double], intervals: [(start: Double, end: Double)?], inset: Double,
                     width: Double) -> Fitted {
        var widths = natural
        var (scale, centers) = place(intervals: intervals, widths: widths, inset: inset, width: width)
        var extent = zip(centers, widths).map { $0 + $1 / 2 }.max() ?? 0
        for _ in 0..<12 {
            guard extent > width - inset + 0.01, zip(widths, floors).contains(where: { $0 > $1 + 0.5 }) else { break }
            let ratio = (width - inset) / extent
            widths = zip(widths, floors).map { max($1, ($0 * ratio).rounded(.down)) }
            (scale, centers) = place(intervals: intervals, widths: widths, inset: inset, width: width)
            extent = zip(centers, widths).map { $0 + $1 / 2 }.max() ?? 0
        }
        return Fitted(widths: widths, scale: scale, centers: centers, extent: extent)
    }

    /// The narrowest width, above `width`, whose labels fit: what a refusal names.
    private func minimumWidth(_ natural: [Double], floors: [Double], intervals: [(start: Double, end: Double)?],
                              inset: Double) -> Double {
        let step = max(4, width * 0.02)
        var candidate = width + step
        for _ in 0..<200 {
            if fit(natural, floors: floors, intervals: intervals, inset: inset, width: candidate).extent <= candidate - inset + 0.01 {
                return candidate
            }
            candidate += step
        }
        return candidate
    }

    /// The scale and node centres: the span fitted to the width; if labels then push a node
    /// more than `maxGap` points from its date, the outlying quiet gaps are cut and the rest
    /// fitted again.
    private func place(intervals: [(start: Double, end: Double)?], widths: [Double], inset: Double,
                       width: Double) -> (TimeScale, [Double]) {
        let spans = intervals.compactMap { $0 }.map { ($0.start, $0.end) }
        let left = inset + (widths.first ?? 0) / 2
        let length = max(0, width - inset - (widths.last ?? 0) / 2 - left)
        var result: (TimeScale, [Double]) = (TimeScale.fitted(intervals: spans, length: length, cutLength: style.maxGap, cutting: false), [])
        for cutting in [false, true] {
            let scale = TimeScale.fitted(intervals: spans, length: length, cutLength: style.maxGap, cutting: cutting)
            let wanted = widths.indices.map { left + (intervals[$0].map { scale.position($0.start) } ?? 0) - widths[$0] / 2 }
            let gaps = widths.indices.dropLast().map { index -> Double in
                guard let a = intervals[index]?.start, let b = intervals[index + 1]?.start,
                      scale.cuts.contains(where: { $0.start >= a && $0.end <= b }) else { return Self.gutter }
                return max(Self.gutter, scale.position(b) - scale.position(a) - (widths[index] + widths[index + 1]) / 2)
            }
            let starts = OverlapResolver.resolve(wanted: wanted, heights: widths, gaps: gaps, minimum: inset)
            result = (scale, widths.indices.map { starts[$0] + widths[$0] / 2 })
            let pushed = zip(starts, wanted).map { abs($0 - $1) }.max() ?? 0
            if pushed <= style.maxGap || scale.last <= scale.origin { break }
        }
        return result
    }

    /// The widest single word of an item's title and event text: narrower, a word would break.
    private func widestWord(_ item: Item, label: String?) -> Double {
        var texts: [(String, String)] = []
        if let title = item.title { texts.append((title, style.resolvedTitleFont)) }
        if let label { texts.append((label, style.resolvedEventFont)) }
        let widths = texts.flatMap { text, font in
            text.split(whereSeparator: { $0 == " " || $0.isNewline }).map {
                measurer.measure(String($0), font: font, maxWidth: 10_000, maxLines: 1).width
            }
        }
        return ((widths.max() ?? 0) + 1).rounded(.up)
    }

    /// How wide an item's labels want to be, within `labelWidths`.
    private func naturalWidth(_ item: Item, label: String?, text: ItemText, byDay: Bool) -> Double {
        let maxWidth = Self.labelWidths.upperBound
        var natural = labelStack(item, width: maxWidth, text: text, byDay: byDay).blocks.map(\.measured.width).max() ?? 0
        if let label {
            natural = max(natural, TextBlock(label, font: style.resolvedEventFont, color: style.eventColor.rgba,
                                             width: maxWidth, measurer: measurer).measured.width)
        }
        // A point of slack so wrapping again at this width keeps the same lines.
        return min(maxWidth, max(Self.labelWidths.lowerBound, (natural + 1).rounded(.up)))
    }

    /// Boxes around each group's columns and every bar that starts inside it (`reach`: where a row's bar ends).
    private func groupBoxes(_ rows: [ItemRow], centers: [Double], widths: [Double], reach: [Double], inset: Double,
                            bottom: Double) -> [Primitive] {
        rows.indices.compactMap { index -> Primitive? in
            guard let end = rows[index].groupEnd else { return nil }
            // Nested groups are inset a little so each one's edge stays visible.
            let shrink = Double(rows[index].level) * 3
            let left = centers[index] - widths[index] / 2 - inset
            let right = max(centers[end] + widths[end] / 2, reach[index...end].max() ?? 0) + inset
            let rect = Rect(x: left, y: shrink, width: right - left, height: bottom - shrink * 2)
            return .box(BoxNode(rect: rect, corners: CornerRadii(all: 10), fill: style.nodeColor.withOpacity(0.07).rgba))
        }
    }

    /// Title, subtitle, attributes and status texts, all centred under the node.
    private func labelStack(_ item: Item, width: Double, text: ItemText, byDay: Bool) -> TextStack {
        var stack = TextStack()
        if byDay, let event = text.event(item) {
            stack.append(event, font: style.resolvedEventFont, color: style.eventColor.rgba, width: width, measurer: measurer)
        }
        stack.blocks += text.stack(item, width: width, measurer: measurer).blocks
        stack.blocks += text.statusStack(item, width: width, measurer: measurer).blocks
        return stack
    }
}
