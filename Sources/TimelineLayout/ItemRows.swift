import TimelineModel
import TimelineScene

/// An item in reading order with its depth, flattened without recursion. A class: layouts pass
/// rows around and loop over them several times, and each copy of a struct holding an item
/// retained and released its dozen strings. Only `flatten` and `markDays` change a row.
final class ItemRow {
    let item: Item
    let level: Int
    /// For a group: index of its last descendant row.
    private(set) var groupEnd: Int?
    /// Whether it is the first item of its day (always true without day grouping).
    private(set) var startsDay = true
    /// Rows closed right after this one (groups whose last descendant it is).
    private(set) var closesGroups = 0

    init(item: Item, level: Int) {
        self.item = item
        self.level = level
    }

    /// A list being walked: the next item to take and the group whose children these are.
    private struct Walk {
        let items: [Item]
        var next = 0
        let group: ItemRow?
    }

    static func flatten(_ items: [Item]) -> [ItemRow] {
        var rows: [ItemRow] = []
        rows.reserveCapacity(items.count)
        var walks = [Walk(items: items, group: nil)]
        while let depth = walks.indices.last {
            let index = walks[depth].next
            guard index < walks[depth].items.count else {
                if let group = walks.removeLast().group, let last = rows.last {
                    group.groupEnd = rows.count - 1
                    last.closesGroups += 1
                }
                continue
            }
            walks[depth].next += 1
            let row = ItemRow(item: walks[depth].items[index], level: depth)
            rows.append(row)
            if let children = row.item.children, !children.isEmpty {
                walks.append(Walk(items: children, group: row))
            }
        }
        return rows
    }

    /// Marks which rows begin a new day (by the date's own calendar day).
    static func markDays(_ rows: [ItemRow]) {
        var previousDay: Int?
        for row in rows {
            let day = row.item.date.map { $0.civil.dayNumber }
            row.startsDay = day == nil || day != previousDay
            previousDay = day ?? previousDay
        }
    }
}

extension ItemRow {
    /// A card's rows with their left-column labels: with `groupBy: day` the day on a day's first
    /// item only, otherwise each item's event text.
    static func rows(of card: Card, text: ItemText) -> (rows: [ItemRow], labels: [String?]) {
        let rows = flatten(card.items)
        let byDay = card.groupBy == .day
        if byDay { markDays(rows) }
        let labels = rows.map { row in byDay ? (row.startsDay ? text.day(row.item) : nil) : text.event(row.item) }
        return (rows, labels)
    }

    /// The node's size by its role; a day's later items get a small one, which still shows their status.
    func nodeSize(_ style: Style, byDay: Bool) -> Double {
        if byDay, !startsDay { return min(style.subShapeSize, style.shapeSize) }
        if item.isGroup { return style.groupShapeSize }
        return level > 0 ? style.subShapeSize : style.shapeSize
    }
}

/// Texts shared by every layout: event labels, descriptions.
struct ItemText {
    let style: Style
    let now: DateValue?
    /// The style's fonts, resolved once: their names are built by interpolation, per item otherwise.
    let titleFont, subtitleFont, eventFont, statusFont: String

    init(style: Style, now: DateValue?) {
        self.style = style
        self.now = now
        titleFont = style.resolvedTitleFont
        subtitleFont = style.resolvedSubtitleFont
        eventFont = style.resolvedEventFont
        statusFont = "\(style.font) Medium 12"
    }

    /// The event column's text: `event`, else a period's range, else `date` in `eventFormat`.
    func event(_ item: Item) -> String? {
        if let event = item.event { return event }
        if let date = item.date, let end = item.end {
            return DateRangeText.range(date, end, pattern: style.eventFormat, names: style.names)
        }
        guard let format = style.eventFormat, let date = item.date,
              case .success(let pattern) = DatePattern.parse(format) else { return nil }
        return pattern.format(date, names: style.names)
    }

    func day(_ item: Item) -> String? {
        guard let date = item.date, case .success(let pattern) = DatePattern.parse(style.dayFormat) else { return nil }
        return pattern.format(date, names: style.names)
    }

    /// `label — title — subtitle — attributes — status texts (status[, overdue])` for the SVG's
    /// description: every text the item draws, then its status.
    /// Built as bytes in `scratch`, which a layout reuses for all its items (this runs for every
    /// item): String appends cost far more.
    func describe(_ item: Item, label: String?, scratch bytes: inout [UInt8]) -> String {
        bytes.removeAll(keepingCapacity: true)
        func add(_ part: String?) {
            guard let part else { return }
            if !bytes.isEmpty { bytes += Self.separator }
            Self.appendOneLine(part, to: &bytes)
        }
        add(label)
        add(item.title)
        add(item.subtitle)
        add(item.attribute)
        add(item.subAttribute)
        add(item.statusText)
        add(item.subStatusText)
        if bytes.isEmpty { bytes += Self.placeholder }
        bytes += Self.openStatus
        Self.append(item.status.rawValue, to: &bytes)
        if item.isOverdue(now: now) { bytes += Self.overdue }
        bytes.append(UInt8(ascii: ")"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let separator = Array(" — ".utf8), placeholder = Array("item".utf8)
    private static let openStatus = Array(" (".utf8), overdue = Array(", overdue".utf8)

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// `text` with its line breaks turned into spaces. Most texts have none: those are copied
    /// without walking their characters.
    static func appendOneLine(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        let hasBreak = text.withUTF8 { utf8 in
            // Every newline character starts with one of these bytes in UTF-8 (\n \v \f \r, U+0085, U+2028/9).
            for byte in utf8 where (0x0A...0x0D).contains(byte) || byte == 0xC2 || byte == 0xE2 { return true }
            bytes.append(contentsOf: utf8)
            return false
        }
        if hasBreak { append(text.split(whereSeparator: \.isNewline).joined(separator: " "), to: &bytes) }
    }

    /// Title, subtitle and attributes of an item, stacked.
    func stack(_ item: Item, width: Double, measurer: any TextMeasuring) -> TextStack {
        var stack = TextStack()
        stack.append(item.title, font: titleFont, color: style.titleColor.rgba, width: width,
                     maxLines: style.maxTitleLines, measurer: measurer)
        let secondary = style.subtitleColor.rgba
        stack.append(item.subtitle, font: subtitleFont, color: secondary, width: width, measurer: measurer)
        if let attribute = item.attribute, let subAttribute = item.subAttribute {
            // Side by side under the subtitle, as FUITimelineCell's attribute labels.
            let half = TextBlock.halfWidth(width)
            var pair = TextBlock(attribute, font: subtitleFont, color: secondary, width: half, measurer: measurer)
            pair.beside = TextBlock.Beside(TextBlock(subAttribute, font: subtitleFont, color: secondary, width: half, measurer: measurer))
            stack.blocks.append(pair)
        } else {
            stack.append(item.attribute ?? item.subAttribute, font: subtitleFont, color: secondary, width: width, measurer: measurer)
        }
        if let body = item.body {
            stack.blocks.append(RichParagraph.block(body, font: subtitleFont, style: style, width: width, measurer: measurer))
        }
        return stack
    }

    /// The right-hand status column.
    func statusStack(_ item: Item, width: Double, measurer: any TextMeasuring) -> TextStack {
        var stack = TextStack()
        let color = item.isOverdue(now: now) ? style.overdueColor.rgba : style.subtitleColor.rgba
        stack.append(item.statusText, font: statusFont, color: color, width: width, measurer: measurer)
        stack.append(item.subStatusText, font: subtitleFont, color: style.subtitleColor.rgba, width: width, measurer: measurer)
        return stack
    }

    /// The texts of rows, measured: listed first and measured in one batch, which `measurer` may
    /// shape on several threads; then built into stacks from the answers. A row whose `swapped`
    /// is true has its label measured for the status column and its status for the event column.
    func measure(_ rows: [ItemRow], labels: [String?], columns: VerticalColumns, hasStatus: Bool, byDay: Bool,
                 swapped: [Bool] = [], measurer: any TextMeasuring) -> [RowTexts] {
        let textWidths = rows.map { max(1, columns.textRight - columns.textX($0.level)) }
        let widths = rows.indices.map { index -> (label: Double, status: Double?) in
            let swaps = index < swapped.count && swapped[index]
            let status = swaps ? columns.labelWidth : columns.statusWidth
            return (swaps ? columns.statusWidth : columns.labelWidth, hasStatus ? status : nil)
        }
        var requests: [TextRequest] = []
        requests.reserveCapacity(rows.count * 4)
        for index in rows.indices {
            listRequests(rows[index].item, label: labels[index], textWidth: textWidths[index], labelWidth: widths[index].label,
                         statusWidth: widths[index].status, byDay: byDay, into: &requests)
        }
        let answers = MeasuredAnswers(requests: requests, fallback: measurer)
        let texts = rows.indices.map { index in
            measure(rows[index].item, label: labels[index], textWidth: textWidths[index], labelWidth: widths[index].label,
                    statusWidth: widths[index].status, byDay: byDay, measurer: answers)
        }
        assert(answers.wereAllAnsweredInOrder, "listRequests and measure(_:label:…) disagree")
        return texts
    }

    /// The requests `measure(_:label:…)` makes for one row, in its order (a test holds the two
    /// together; a difference would only cost a measurement outside the batch).
    private func listRequests(_ item: Item, label: String?, textWidth: Double, labelWidth: Double, statusWidth: Double?,
                              byDay: Bool, into requests: inout [TextRequest]) {
        func add(_ text: String?, _ font: String, _ width: Double, maxLines: Int? = nil) {
            guard let text else { return }
            requests.append(TextRequest(text: text, font: font, maxWidth: TextBlock.measuredWidth(width), maxLines: maxLines))
        }
        add(item.title, titleFont, textWidth, maxLines: style.maxTitleLines)
        add(item.subtitle, subtitleFont, textWidth)
        if item.attribute != nil, item.subAttribute != nil {
            add(item.attribute, subtitleFont, TextBlock.halfWidth(textWidth))
            add(item.subAttribute, subtitleFont, TextBlock.halfWidth(textWidth))
        } else {
            add(item.attribute ?? item.subAttribute, subtitleFont, textWidth)
        }
        if byDay { add(event(item), eventFont, textWidth) }
        add(label, eventFont, labelWidth)
        if let statusWidth {
            add(item.statusText, statusFont, statusWidth)
            add(item.subStatusText, subtitleFont, statusWidth)
        }
    }

    /// One row's texts: the stack beside the node (the event on top when grouped by day), the
    /// event column's label and the status column.
    private func measure(_ item: Item, label: String?, textWidth: Double, labelWidth: Double, statusWidth: Double?,
                         byDay: Bool, measurer: any TextMeasuring) -> RowTexts {
        var stack = stack(item, width: textWidth, measurer: measurer)
        if byDay, let event = event(item) {
            var withEvent = TextStack()
            withEvent.append(event, font: eventFont, color: style.eventColor.rgba, width: textWidth, measurer: measurer)
            withEvent.blocks += stack.blocks
            stack = withEvent
        }
        let labelBlock = label.map {
            TextBlock($0, font: eventFont, color: style.eventColor.rgba, width: labelWidth, measurer: measurer)
        }
        let status = statusWidth.map { statusStack(item, width: $0, measurer: measurer) }
        return RowTexts(stack: stack, label: labelBlock, status: status, textWidth: textWidth)
    }

    func truncation(_ item: Item) -> Truncation {
        Truncation(location: item.location?.description ?? "item", text: item.title ?? "")
    }
}

/// A row's measured texts (see `ItemText.measure`).
struct RowTexts {
    var stack: TextStack
    var label: TextBlock?
    var status: TextStack?
    var textWidth: Double
}

/// A node on the line, for drawing the segments between nodes.
struct LineStop {
    var center: Point
    /// Radius along the line: segments start and stop at the node's edge.
    var reach: Double
    var status: Status

    /// Segments joining consecutive stops edge to edge, skipping before `start` and after `end`.
    static func segments(_ stops: [LineStop], style: Style, vertical: Bool) -> [Primitive] {
        guard style.lineWidth > 0 else { return [] }
        var nodes: [Primitive] = []
        let stroke = Stroke(color: style.lineColor.rgba, width: style.lineWidth)
        for (previous, next) in zip(stops, stops.dropFirst()) {
            if previous.status.cutsTrailingLine || next.status.cutsLeadingLine { continue }
            let from = vertical ? Point(x: previous.center.x, y: previous.center.y + previous.reach)
                : Point(x: previous.center.x + previous.reach, y: previous.center.y)
            let to = vertical ? Point(x: next.center.x, y: next.center.y - next.reach)
                : Point(x: next.center.x - next.reach, y: next.center.y)
            if (vertical ? to.y - from.y : to.x - from.x) > 0.01 {
                nodes.append(.line(LineNode(from: from, to: to, stroke: stroke)))
            }
        }
        return nodes
    }
}
