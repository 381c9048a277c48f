import TimelineModel
import TimelineScene

/// SAP Fiori's FUITimelinePreviewView: a horizontal strip of up to `style.columns` columns, each a
/// node on one line with its date above and its title and subtitle below. Which items are shown
/// is `PreviewSelection`'s job; the line fades out toward the end, since more follows.
struct PreviewLayout {
    let card: Card
    let width: Double
    let measurer: any TextMeasuring

    private var style: Style { card.style }
    /// Between columns: narrow, since preview columns are.
    static let gutter: Double = 8
    private static let dateGap: Double = 6
    private static let labelGap: Double = 8
    private static let todayGap: Double = 3
    /// A column's narrowest text: a word of about nine letters of a title ("Furniture") whole.
    static let narrowestColumn: Double = 72
    /// Where the search for the narrowest width stops: no strip is wider.
    private static let widestSearched: Double = 10_000

    func layout() -> CardContent {
        let text = ItemText(card: card)
        let (columns, selection) = fittingColumns(text: text)
        guard !selection.items.isEmpty else { return CardContent() }
        let (size, items) = (style.shapeSize, selection.items)
        let overdue = items.map { $0.isOverdue(now: card.now) }
        let slots = SlotWidths.share(
            width, needs: wordNeeds(items, text: text) + Array(repeating: 0, count: max(0, columns - items.count)))
        let lefts = slots.indices.map { slots[..<$0].reduce(0, +) }
        let textWidths = slots.map { max(1, $0 - Self.gutter) }
        let columnTexts = columnTexts(items, overdue: overdue, widths: textWidths, text: text)
        let (dates, stacks) = (columnTexts.map(\.date), columnTexts.map(\.stack))
        let todayColor = overdue.contains(true) ? style.overdueColor : style.nodeColor
        let todayLabel = selection.todayBefore.map { _ in todayText(color: todayColor) }
        let header = PreviewHeader(card: card, hiddenCount: selection.hiddenCount, width: width, measurer: measurer)
        let lineY = lineY(below: header.height, today: todayLabel, dates: dates)
        let labelTop = lineY + size / 2 + Self.labelGap

        var (content, describing) = (CardContent(), [UInt8]())
        var markers: [Primitive] = []
        var texts: [Primitive] = header.nodes
        var links: [Primitive] = []
        func markToday(at x: Double) {
            guard let todayLabel else { return }
            markers += todayMark(
                todayLabel, x: x, top: header.height, lineY: lineY, contentWidth: width,
                color: todayColor)
            content.description.append("Today")
        }
        var bottom = lineY + size / 2
        for (index, item) in items.enumerated() {
            if index == selection.todayBefore { markToday(at: lefts[index]) }
            let textWidth = textWidths[index]
            let centerX = lefts[index] + slots[index] / 2
            let left = centerX - textWidth / 2
            if let date = dates[index] {
                let top = lineY - size / 2 - Self.dateGap - date.height
                texts.append(.text(date.placed(x: left, top: top, width: textWidth, alignment: .center)))
            }
            stacks[index].place(x: left, top: labelTop, width: textWidth, alignment: .center, into: &texts)
            let date = dates[index].flatMap { $0.measured.isTruncated ? $0.source : nil }
            if let cut = stacks[index].cutText ?? date {
                content.truncations.append(text.truncation(item, cut: cut))
            }
            let look = NodeLook(item: item, style: style, isOverdue: overdue[index])
            NodeDrawing.node(
                look: look, item: item, center: Point(x: centerX, y: lineY), size: size, style: style,
                into: &markers)
            let rect = Rect(x: left, y: labelTop, width: textWidth, height: stacks[index].height)
            links += Primitive.itemLink(item.link, over: rect, label: item.title)
            content.description.append(text.describe(item, label: dates[index]?.source, scratch: &describing))
            bottom = max(bottom, labelTop + stacks[index].height)
        }
        if selection.todayBefore == items.count { markToday(at: lefts[items.count - 1] + slots[items.count - 1]) }
        content.layers = [fadingLine(at: lineY, showsEnd: selection.showsEnd), markers, texts, links]
        content.width = width
        content.height = bottom
        content.minimumWidth = minimumWidth(text: text)
        return content
    }

    /// The Today marker's label, in the marker's color made darker or lighter when a light
    /// nodeColor would not read.
    private func todayText(color: Color) -> TextBlock {
        TextBlock(
            style.names.today, font: "\(style.font) Semi-Bold 11",
            color: color.readable(on: style.background).rgba, width: width, measurer: measurer)
    }

    /// `style.columns`, as the author asked, unless a column would be narrower than its widest
    /// date or `narrowestColumn`: a date never breaks, an ordinary word rarely does, and a long
    /// title wraps to two lines and is cut there rather than push items out. One column at least.
    private func fittingColumns(text: ItemText) -> (columns: Int, selection: PreviewSelection) {
        var columns = max(1, style.columns)
        while true {
            let selection = PreviewSelection.select(items: card.items, now: card.now, columns: columns)
            let shared = Self.sharedDays(selection.items)
            let dates = selection.items.compactMap { dateText($0, text: text, shared: shared) }
            let widestDate =
                dates.map { SlotWidths.widestWord($0, font: style.resolvedEventFont, measurer: measurer) }
                .max() ?? 0
            let column = max(Self.narrowestColumn, widestDate) + Self.gutter
            if columns == 1 || Double(columns) * column <= width + 0.001 { return (columns, selection) }
            columns -= 1
        }
    }

    /// The narrowest strip that shows its first item in one column with no word broken and no
    /// text past its line limit: the width a refusal names keeps that promise.
    private func minimumWidth(text: ItemText) -> Double {
        let smallest = ColumnPlan.minimumTextWidth + Self.gutter
        let first = PreviewSelection.select(items: card.items, now: card.now, columns: 1).items.first
        guard let first, cutsText([(first, smallest - Self.gutter)]) else { return smallest }
        var (low, high) = (smallest, Self.widestSearched)
        // A text that fits its lines at no width: nothing to promise beyond the smallest.
        if cutsText([(first, high - Self.gutter)]) { return smallest }
        while high - low > 0.5 {
            let middle = (low + high) / 2
            if cutsText([(first, middle - Self.gutter)]) { low = middle } else { high = middle }
        }
        return high.rounded(.up)
    }

    /// Whether any of the items' title, subtitle, attribute or status text, at its column's text
    /// width, breaks a word or runs past its line limit: the narrowest strip cuts nothing. A
    /// title's own line limit (`maxTitleLines`) asks for it to be cut: only its words count then.
    private func cutsText(_ columns: [(item: Item, width: Double)]) -> Bool {
        let titleLines: Int? = style.maxTitleLines == nil ? 2 : nil
        var requests: [TextRequest] = []
        for (item, width) in columns {
            let texts = [
                (item.title, style.resolvedTitleFont, titleLines), (item.subtitle, style.resolvedSubtitleFont, 2),
                (item.attribute, style.resolvedSubtitleFont, 2), (item.statusText, style.resolvedSubtitleFont, 2),
            ]
            for case (let value?, let font, let lines) in texts {
                requests.append(
                    TextRequest(text: value, font: font, maxWidth: TextBlock.measuredWidth(width), maxLines: lines))
            }
        }
        return !requests.isEmpty && measurer.measure(requests).contains { $0.isTruncated || $0.overflow > 0 }
    }

    /// What each item's column needs: its widest word (of the title, subtitle, attribute and
    /// status text) and its date whole, up to half the strip, and the gutter. Columns are equal
    /// otherwise; a long word's column takes room from short ones.
    private func wordNeeds(_ items: [Item], text: ItemText) -> [Double] {
        let shared = Self.sharedDays(items)
        return items.map { item -> Double in
            let texts = [
                (item.title, text.titleFont), (item.subtitle, text.subtitleFont), (item.attribute, text.subtitleFont),
                (item.statusText, text.subtitleFont),
            ]
            var words = texts.compactMap { entry in
                entry.0.map { SlotWidths.widestWord($0, font: entry.1, measurer: measurer) }
            }
            if let date = dateText(item, text: text, shared: shared) {
                words.append(
                    measurer.measure(date, font: style.resolvedEventFont, maxWidth: width, maxLines: nil).width + 1)
            }
            return min(width / 2, words.max() ?? 0) + Self.gutter
        }
    }

    /// `event`, else the date in `eventFormat`, else its day ("Nov 21"), with its time when
    /// another item of the strip falls on the same day ("Nov 21, 09:00"): columns that share a day
    /// still tell their order.
    private func dateText(_ item: Item, text: ItemText, shared: Set<Int>) -> String? {
        if item.event != nil || style.eventFormat != nil { return text.event(item) }
        guard let date = item.date else { return nil }
        if !date.isDay, shared.contains(date.civil.dayNumber) {
            return DateRangeText.point(date, names: style.names)
        }
        return style.names.localDigits(DateRangeText.keptTogether(style.names.day(date.civil)))
    }

    /// The days on which more than one of the columns' items falls with a time of day.
    private static func sharedDays(_ items: [Item]) -> Set<Int> {
        var seen = Set<Int>()
        var shared = Set<Int>()
        for item in items {
            guard let date = item.date, !date.isDay else { continue }
            if !seen.insert(date.civil.dayNumber).inserted { shared.insert(date.civil.dayNumber) }
        }
        return shared
    }

    /// The line's height: under the header, the Today label and the tallest date.
    private func lineY(below top: Double, today: TextBlock?, dates: [TextBlock?]) -> Double {
        let todayHeight = today.map { $0.height + Self.todayGap } ?? 0
        let dateHeight = dates.compactMap { $0?.height }.max() ?? 0
        return top + todayHeight + (dateHeight > 0 ? dateHeight + Self.dateGap : 0) + style.shapeSize / 2
    }

    /// Each column's date, and its title (two lines at most, then an ellipsis), subtitle,
    /// attribute and status text, at `widths`, measured in one batch.
    private func columnTexts(
        _ items: [Item], overdue: [Bool], widths: [Double],
        text: ItemText
    ) -> [(date: TextBlock?, stack: TextStack)] {
        var plan = TextPlan()
        // Two lines, then an ellipsis, as Fiori's preview cuts a title.
        let titleLines = max(1, min(3, style.maxTitleLines ?? 2))
        let shared = Self.sharedDays(items)
        let planned = items.indices.map { index -> (date: Int?, stack: [TextPlan.Block]) in
            let (item, width) = (items[index], widths[index])
            let dateColor = overdue[index] ? style.overdueColor.rgba : style.eventColor.rgba
            let date = dateText(item, text: text, shared: shared).map {
                plan.add($0, font: style.resolvedEventFont, color: dateColor, width: width)
            }
            var stack: [TextPlan.Block] = []
            plan.add(
                item.title, font: style.resolvedTitleFont, color: style.titleColor.rgba, width: width,
                maxLines: titleLines, to: &stack)
            plan.add(
                item.subtitle, font: style.resolvedSubtitleFont, color: style.subtitleColor.rgba, width: width,
                maxLines: 2, to: &stack)
            plan.add(
                item.attribute, font: style.resolvedSubtitleFont, color: style.subtitleColor.rgba, width: width,
                maxLines: 2, to: &stack)
            plan.add(
                item.statusText, font: style.resolvedSubtitleFont, color: dateColor, width: width, maxLines: 2,
                to: &stack)
            return (date, stack)
        }
        let answers = plan.measure(measurer)
        return planned.map { ($0.date.map(answers.block), answers.stack($0.stack, style: style)) }
    }

    /// The line across the strip, fading toward what is left out: the future, or the past once
    /// the end shows.
    private func fadingLine(at lineY: Double, showsEnd: Bool) -> [Primitive] {
        guard style.lineWidth > 0 else { return [] }
        let color = style.lineColor.rgba
        let (start, end) = (Point(x: 0, y: lineY), Point(x: width, y: lineY))
        return [
            .line(
                LineNode(
                    from: showsEnd ? end : start, to: showsEnd ? start : end,
                    stroke: Stroke(color: color, width: style.lineWidth), fadeTo: color.withAlpha(40)))
        ]
    }

    /// The "Today" label over a vertical tick at the boundary between two columns.
    private func todayMark(
        _ label: TextBlock, x: Double, top: Double, lineY: Double, contentWidth: Double, color: Color
    ) -> [Primitive] {
        let labelWidth = label.measured.width
        let labelLeft = max(0, min(contentWidth - labelWidth, x - labelWidth / 2))
        let tickTop = top + label.height + Self.todayGap
        let size = style.shapeSize
        let tick = LineNode(
            from: Point(x: x, y: tickTop), to: Point(x: x, y: lineY + size / 2 + 2),
            stroke: Stroke(color: color.rgba, width: 1.5))
        return [.line(tick), .text(label.placed(x: labelLeft, top: top, width: labelWidth))]
    }
}
