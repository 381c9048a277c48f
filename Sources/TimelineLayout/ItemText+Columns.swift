import TimelineModel
import TimelineScene

extension ItemText {
    /// The columns of a vertical card whose rows are `rows`, planned from their texts. A row
    /// whose `swapped` is true puts its label in the status column and its status in the event
    /// column (a cell reading the other way from its card); rows past its end swap nothing.
    func columns(
        _ rows: [ItemRow], labels: [String?], width: Double, sizes: [Double], byDay: Bool,
        swapped: [Bool] = [], statusInColumn: Bool = true, measurer: any TextMeasuring
    ) -> (columns: VerticalColumns, plan: ColumnPlan) {
        let widest = sizes.max() ?? style.shapeSize
        var texts = ColumnPlan.Texts(labels: [], statuses: [], titles: [], levels: rows.map(\.level), swapped: swapped)
        for (index, row) in rows.enumerated() {
            let item = row.item
            let label = labels[index].map { [(text: $0, font: eventFont)] } ?? []
            var statuses: [(text: String, font: String)] = []
            if statusInColumn, let status = item.statusText { statuses.append((status, statusFont)) }
            if statusInColumn, let status = item.subStatusText { statuses.append((status, subtitleFont)) }
            let swaps = index < swapped.count && swapped[index]
            texts.labels.append(swaps ? statuses : label)
            texts.statuses.append(swaps ? label : statuses)
            var titles: [(text: String, font: String, maxLines: Int?)] = []
            if let title = item.title { titles.append((title, titleFont, style.maxTitleLines)) }
            for text in [item.subtitle, item.attribute, item.subAttribute].compactMap({ $0 }) {
                titles.append((text, subtitleFont, nil))
            }
            if byDay, let event = event(item) { titles.append((event, eventFont, nil)) }
            // Statuses out of their column stack under the title, in its column (compact cells).
            if !statusInColumn, let status = item.statusText { titles.append((status, statusFont, nil)) }
            if !statusInColumn, let status = item.subStatusText { titles.append((status, subtitleFont, nil)) }
            texts.titles.append(titles)
            texts.bodies.append(item.body.map { RichParagraph.runs($0, font: subtitleFont) } ?? [])
        }
        let hasGroups = rows.contains { $0.groupEnd != nil }
        let plan = ColumnPlan(
            style: style, width: width, widestNode: widest, texts: texts, hasGroups: hasGroups, measurer: measurer)
        return (VerticalColumns(style: style, width: width, widest: widest, plan: plan), plan)
    }
}
