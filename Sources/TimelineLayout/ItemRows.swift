import TimelineModel
import TimelineScene

/// An item in reading order with its depth, flattened without recursion.
struct ItemRow {
    var item: Item
    var level: Int
    /// For a group: index of its last descendant row.
    var groupEnd: Int?
    /// Whether it is the first item of its day (always true without day grouping).
    var startsDay = true
    /// Rows closed right after this one (groups whose last descendant it is).
    var closesGroups = 0

    static func flatten(_ items: [Item]) -> [ItemRow] {
        var rows: [ItemRow] = []
        var stack: [(item: Item, level: Int, isEnd: Bool)] = items.reversed().map { ($0, 0, false) }
        var openGroups: [Int] = []
        while let (item, level, isEnd) = stack.popLast() {
            if isEnd {
                if let start = openGroups.popLast() {
                    rows[start].groupEnd = rows.count - 1
                    rows[rows.count - 1].closesGroups += 1
                }
                continue
            }
            rows.append(ItemRow(item: item, level: level))
            if let children = item.children, !children.isEmpty {
                openGroups.append(rows.count - 1)
                stack.append((item, level, true))
                stack += children.reversed().map { ($0, level + 1, false) }
            }
        }
        return rows
    }

    /// Marks which rows begin a new day (by the date's own calendar day).
    static func markDays(_ rows: inout [ItemRow]) {
        var previousDay: Int?
        for index in rows.indices {
            let day = rows[index].item.date.map { $0.civil.dayNumber }
            rows[index].startsDay = day == nil || day != previousDay
            previousDay = day ?? previousDay
        }
    }
}

extension ItemRow {
    /// A card's rows with their left-column labels: with `groupBy: day` the day on a day's first
    /// item only, otherwise each item's event text.
    static func rows(of card: Card, text: ItemText) -> (rows: [ItemRow], labels: [String?]) {
        var rows = flatten(card.items)
        let byDay = card.groupBy == .day
        if byDay { markDays(&rows) }
        let labels = rows.map { row in byDay ? (row.startsDay ? text.day(row.item) : nil) : text.event(row.item) }
        return (rows, labels)
    }

    /// The node's size by its role; zero for a day's later items, which have no node of their own.
    func nodeSize(_ style: Style, byDay: Bool) -> Double {
        if byDay, !startsDay { return 0 }
        if item.isGroup { return style.groupShapeSize }
        return level > 0 ? style.subShapeSize : style.shapeSize
    }
}

/// Texts shared by every layout: event labels, descriptions.
struct ItemText {
    let style: Style
    let now: DateValue?
    /// The style's fonts, resolved once: their names are built by interpolation, per item otherwise.
    private let titleFont, subtitleFont, eventFont, statusFont: String

    init(style: Style, now: DateValue?) {
        self.style = style
        self.now = now
        titleFont = style.resolvedTitleFont
        subtitleFont = style.resolvedSubtitleFont
        eventFont = style.resolvedEventFont
        statusFont = "\(style.font) Medium 12"
    }

    /// The event column's text: `event`, else `date` in `eventFormat`.
    func event(_ item: Item) -> String? {
        if let event = item.event { return event }
        guard let format = style.eventFormat, let date = item.date,
              case .success(let pattern) = DatePattern.parse(format) else { return nil }
        return pattern.format(date)
    }

    func day(_ item: Item) -> String? {
        guard let date = item.date, case .success(let pattern) = DatePattern.parse(style.dayFormat) else { return nil }
        return pattern.format(date)
    }

    /// `label — title — subtitle (status[, overdue])` for the SVG's description.
    /// Built as bytes (it runs for every item): String appends cost ten times as much.
    func describe(_ item: Item, label: String?) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128)
        for part in [label, item.title, item.subtitle] {
            guard let part else { continue }
            if !bytes.isEmpty { bytes += Self.separator }
            Self.appendOneLine(part, to: &bytes)
        }
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
        stack.append(item.attribute, font: subtitleFont, color: secondary, width: width, measurer: measurer)
        stack.append(item.subAttribute, font: subtitleFont, color: secondary, width: width, measurer: measurer)
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

    /// The texts of rows, measured: `measurer` may shape them all ahead, on several threads.
    func measure(_ rows: [ItemRow], labels: [String?], columns: VerticalColumns, hasStatus: Bool, byDay: Bool,
                 measurer: any TextMeasuring) -> [RowTexts] {
        func measureAll(_ measurer: any TextMeasuring) -> [RowTexts] {
            rows.indices.map { index in
                let row = rows[index]
                return measure(row.item, label: labels[index], textWidth: max(60, columns.textRight - columns.textX(row.level)),
                               labelWidth: columns.labelWidth, statusWidth: hasStatus ? columns.statusWidth : nil,
                               byDay: byDay, measurer: measurer)
            }
        }
        measurer.prepare {
            let recorder = RecordingMeasurer()
            _ = measureAll(recorder)
            return recorder.requests
        }
        return measureAll(measurer)
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
