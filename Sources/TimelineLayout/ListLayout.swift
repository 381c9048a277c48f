import TimelineModel
import TimelineScene

/// TimelineCards' list: items evenly spaced by their content, top to bottom, optionally with an
/// event column, a status column and day grouping (SAP Fiori cells, a SwiftUI list by day).
struct ListLayout {
    let card: Card
    let width: Double
    let measurer: any TextMeasuring
    /// Whether the card will be mirrored: items reading left to right then swap their columns.
    var rightToLeft = false

    private var style: Style { card.style }
    static let groupOpacity = 0.05
    /// Between a day's section row and its first item.
    static let sectionGap: Double = 6

    func layout() -> CardContent {
        let text = ItemText(style: style, now: card.now)
        let (rows, dayLabels) = ItemRow.rows(of: card, text: text)
        let byDay = card.groupBy == .day
        let sections = byDay && usesSections(dayLabels)
        let labels = sections ? dayLabels.map { _ in nil } : dayLabels
        let hasStatus = rows.contains { $0.item.statusText != nil || $0.item.subStatusText != nil }
        let sizes = rows.map { $0.nodeSize(style, byDay: byDay) }
        // By day, the event column holds the day, which is not any one item's to move.
        let swapped = byDay ? rows.map { _ in false } : ReadingDirection.swapsColumns(rows, cardIsRightToLeft: rightToLeft)
        let (columns, plan) = text.columns(rows, labels: labels, width: width, sizes: sizes, byDay: byDay, swapped: swapped,
                                           measurer: measurer)
        let (widest, lineX, textRight) = (columns.widest, columns.lineX, columns.textRight)
        let textX = columns.textX

        var content = CardContent()
        var describing: [UInt8] = []
        var boxes: [Primitive] = [], markers: [Primitive] = [], texts: [Primitive] = [], links: [Primitive] = []
        var stops: [LineStop] = []
        var rowTops: [Double] = [], rowBottoms: [Double] = []
        var y: Double = rows.first?.groupEnd != nil ? style.groupPadding : 0

        let measured = text.measure(rows, labels: labels, columns: columns, hasStatus: hasStatus, byDay: byDay, swapped: swapped,
                                    measurer: measurer)
        for (index, row) in rows.enumerated() {
            if sections, let day = dayLabels[index] {
                y += sectionRow(day, top: y, left: textX(0), right: textRight, into: &texts)
            }
            let left = textX(row.level)
            var (stack, textWidth) = (measured[index].stack, measured[index].textWidth)
            var statusStack = measured[index].status
            var label = measured[index].label.map { TextStack(blocks: [$0]) }
            if row.level > 0 || row.groupEnd != nil {
                // The title and status columns lie inside the group's box; the event column outside it.
                let under = GroupBoxes.background(depth: GroupBoxes.depth(of: row), style: style, opacity: Self.groupOpacity)
                stack.keepReadable(on: under)
                if swapped[index] { label?.keepReadable(on: under) } else { statusStack?.keepReadable(on: under) }
            }
            let size = sizes[index]
            let lineHeight = stack.blocks.isEmpty ? size : stack.firstLineHeight
            let band = max(lineHeight, size)
            let center = Point(x: lineX, y: y + band / 2)
            let textTop = center.y - lineHeight / 2
            var bottom = max(textTop + stack.height, center.y + size / 2)
            stack.place(x: left, top: textTop, width: textWidth, alignment: .left, into: &texts)
            // Any of the row's texts cut (title column, event label, status) is reported once.
            if stack.isTruncated || measured[index].label?.measured.isTruncated == true || statusStack?.isTruncated == true {
                content.truncations.append(text.truncation(row.item))
            }

            let beside = RowSides(title: stack, textTop: textTop, lineHeight: lineHeight, centerY: center.y)
            bottom = max(bottom, beside.place(label: label?.blocks.first, status: statusStack, swapped: swapped[index],
                                              columns: columns, into: &texts))
            let look = NodeLook(item: row.item, style: style, isOverdue: row.item.isOverdue(now: card.now))
            NodeDrawing.node(look: look, item: row.item, center: center, size: size, style: style, into: &markers)
            let reach = look.shape == .none ? 0 : size / 2
            stops.append(LineStop(center: center, reach: size > 0 ? reach : 0, status: row.item.status))
            if let link = row.item.link {
                links.append(.link(LinkNode(rect: Rect(x: left, y: y, width: textRight - left, height: bottom - y), url: link)))
            }
            content.description.append(text.describe(row.item, label: dayLabels[index], scratch: &describing))
            rowTops.append(y)
            rowBottoms.append(bottom)
            y = bottom
            if index < rows.count - 1 {
                y += style.itemSpacing + style.groupPadding * Double(row.closesGroups)
                if rows[index + 1].groupEnd != nil { y += style.groupPadding }
            } else {
                y += style.groupPadding * Double(row.closesGroups)
            }
        }

        boxes = GroupBoxes.vertical(rows, tops: rowTops, bottoms: rowBottoms, width: width, style: style, opacity: Self.groupOpacity) { row in
            row.level == 0 ? lineX - widest / 2 - style.groupPadding : textX(row.level) - style.groupPadding
        }
        content.layers = [boxes, LineStop.segments(stops, style: style, vertical: true), markers, texts, links]
        content.width = width
        content.minimumWidth = plan.minimumWidth
        content.height = max(y, 0)
        return content
    }

    /// Whether a day label is too wide for a third of the card: then each heads its day as a
    /// section row instead of sitting in the event column.
    private func usesSections(_ dayLabels: [String?]) -> Bool {
        let days = dayLabels.compactMap { $0 }
        guard !days.isEmpty else { return false }
        return measurer.measure(days.map { TextRequest(text: $0, font: style.resolvedEventFont, maxWidth: 100_000, maxLines: nil) })
            .contains { $0.width > width / 3 }
    }

    /// A day's section row over the title column; returns the height it takes with its gap.
    private func sectionRow(_ day: String, top: Double, left: Double, right: Double, into texts: inout [Primitive]) -> Double {
        let block = TextBlock(day, font: "\(style.font) Semi-Bold 12", color: style.eventColor.rgba, width: right - left,
                              measurer: measurer)
        texts.append(.text(block.placed(x: left, top: top, width: right - left, alignment: .left)))
        return block.height + Self.sectionGap
    }
}
