import TimelineModel
import TimelineScene

/// TimelineCards' list: items evenly spaced by their content, top to bottom, optionally with an
/// event column, a status column and day grouping (SAP Fiori cells, a SwiftUI list by day).
struct ListLayout {
    let card: Card
    let width: Double
    let measurer: any TextMeasuring

    private var style: Style { card.style }

    func layout() -> CardContent {
        let text = ItemText(style: style, now: card.now)
        let (rows, labels) = ItemRow.rows(of: card, text: text)
        let byDay = card.groupBy == .day
        let hasLabels = byDay || labels.contains { $0 != nil }
        let hasStatus = rows.contains { $0.item.statusText != nil || $0.item.subStatusText != nil }
        let sizes = rows.map { $0.nodeSize(style, byDay: byDay) }
        let columns = VerticalColumns(style: style, width: width, sizes: sizes, hasLabels: hasLabels, hasStatus: hasStatus)
        let (labelWidth, statusWidth, widest, lineX, textRight) =
            (columns.labelWidth, columns.statusWidth, columns.widest, columns.lineX, columns.textRight)
        let textX = columns.textX
        var neededWidth = width

        var content = CardContent()
        var describing: [UInt8] = []
        var boxes: [Primitive] = [], markers: [Primitive] = [], texts: [Primitive] = [], links: [Primitive] = []
        var stops: [LineStop] = []
        var rowTops: [Double] = [], rowBottoms: [Double] = []
        var y: Double = rows.first?.groupEnd != nil ? style.groupPadding : 0

        let measured = text.measure(rows, labels: labels, columns: columns, hasStatus: hasStatus, byDay: byDay, measurer: measurer)
        for (index, row) in rows.enumerated() {
            let left = textX(row.level)
            let (stack, textWidth) = (measured[index].stack, measured[index].textWidth)
            neededWidth = max(neededWidth, left + textWidth + (hasStatus ? statusWidth + VerticalColumns.gutter : 0))
            let size = sizes[index]
            let lineHeight = stack.blocks.isEmpty ? size : stack.firstLineHeight
            let band = max(lineHeight, size)
            let center = Point(x: lineX, y: y + band / 2)
            let textTop = center.y - lineHeight / 2
            var bottom = max(textTop + stack.height, center.y + size / 2)
            stack.place(x: left, top: textTop, width: textWidth, into: &texts)
            if stack.isTruncated { content.truncations.append(text.truncation(row.item)) }

            if let block = measured[index].label {
                let top = center.y - block.firstLineHeight / 2
                texts.append(.text(block.placed(x: 0, top: top, width: labelWidth, alignment: .trailing)))
                bottom = max(bottom, top + block.height)
            }
            if let status = measured[index].status {
                // Share the title's first baseline, whatever the two fonts' ascents.
                let titleBaseline = stack.blocks.first?.measured.lines.first?.baseline ?? lineHeight
                let statusBaseline = status.blocks.first?.measured.lines.first?.baseline ?? 0
                let statusTop = textTop + titleBaseline - statusBaseline
                status.place(x: width - statusWidth, top: statusTop, width: statusWidth, alignment: .trailing, into: &texts)
                bottom = max(bottom, statusTop + status.height)
            }
            let look = NodeLook(item: row.item, style: style, isOverdue: row.item.isOverdue(now: card.now))
            NodeDrawing.node(look: look, item: row.item, center: center, size: size, style: style, into: &markers)
            let reach = look.shape == .none ? 0 : size / 2
            stops.append(LineStop(center: center, reach: size > 0 ? reach : 0, status: row.item.status))
            if let link = row.item.link {
                links.append(.link(LinkNode(rect: Rect(x: left, y: y, width: textRight - left, height: bottom - y), url: link, label: row.item.title)))
            }
            content.description.append(text.describe(row.item, label: labels[index], scratch: &describing))
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

        for (index, row) in rows.enumerated() {
            guard let end = row.groupEnd else { continue }
            let left = row.level == 0 ? lineX - widest / 2 - style.groupPadding : textX(row.level) - style.groupPadding
            let rect = Rect(x: left, y: rowTops[index] - style.groupPadding, width: width - left,
                            height: rowBottoms[end] - rowTops[index] + style.groupPadding * 2)
            boxes.append(.box(BoxNode(rect: rect, corners: CornerRadii(all: 10), fill: style.nodeColor.withOpacity(0.05).rgba)))
        }
        content.layers = [boxes, LineStop.segments(stops, style: style, vertical: true), markers, texts, links]
        content.width = neededWidth
        content.height = max(y, 0)
        return content
    }
}
