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
        let (rows, labels) = ItemRow.rows(of: card, text: ItemText(card: card))
        let bands = ListSectionBands(rows: rows, card: card)
        // Sections' header bands take a column left of the rows (Mermaid's bands, turned).
        let bandColumn = bands.map { $0.columnWidth(width: width, measurer: measurer) + ListSectionBands.gap } ?? 0
        let rowsWidth = width - bandColumn
        var (builder, sections) = rowsBuilder(rows: rows, labels: labels, width: rowsWidth)
        var runs = bands.map { VerticalSectionRuns($0, column: bandColumn - ListSectionBands.gap, measurer: measurer) }
        let (textLeft, textRight) = (builder.columns.textX(0), builder.columns.textRight)
        var drawing = VerticalRows.Drawing()
        drawing.reserve(rows: rows.count)
        var tops: [Double] = []
        var bottoms: [Double] = []
        var y = builder.firstTop
        let todayAfter = TodayMarker.row(after: rows, now: card.now, style: style)
        var todayY: Double?
        for index in rows.indices {
            if sections, let day = labels[index] {
                y += sectionRow(day, top: y, left: textLeft, right: textRight, into: &drawing.texts)
            }
            y = runs?.opening(index, at: y, itemSpacing: style.itemSpacing) ?? y
            builder.draw(index, top: y, into: &drawing)
            builder.drawn(index)
            tops.append(y)
            y += builder.shapes[index].height
            bottoms.append(y)
            y = runs?.closing(index, at: y) ?? y
            if index == rows.count - 1 {
                y += style.groupPadding * Double(rows[index].closesGroups)
                break
            }
            if index == todayAfter {
                todayY = y + (style.itemSpacing + TodayMarker.room) / 2
                y += TodayMarker.room
            }
            y += builder.gap(after: index)
        }

        var content = CardContent()
        content.description = drawing.description
        bands?.describe(&content.description, rows: rows.count)
        content.truncations = drawing.truncations
        let today = todayY.map {
            TodayMarker.draw(
                y: $0, width: rowsWidth, axisLeft: builder.lineX - builder.columns.widest / 2, textLeft: textLeft,
                style: style, label: style.names.today, measurer: measurer)
        }
        if todayY != nil { content.description.append("Today") }
        let boxes = builder.groupBoxes(tops: tops, bottoms: bottoms)
        let line = LineStop.segments(drawing.stops, style: style, vertical: true)
        content.layers = [boxes, line, drawing.markers, drawing.texts, today ?? [], drawing.links]
        // The layers are the card's alone now: the band column moves them without a copy.
        drawing = VerticalRows.Drawing()
        content.width = width
        content.minimumWidth = builder.minimumWidth + bandColumn
        content.promisedWidth = builder.promisedWidth + bandColumn
        content.height = max(y + (runs?.endPadding ?? 0), 0)
        if let runs { Self.placeBands(runs, column: bandColumn, width: width, into: &content) }
        return content
    }

    /// The rows moved right of the sections' band column, their texts readable on the sections'
    /// tints, and the bands and boxes behind them.
    private static func placeBands(
        _ runs: VerticalSectionRuns, column: Double, width: Double, into content: inout CardContent
    ) {
        for layer in content.layers.indices {
            for index in content.layers[layer].indices { content.layers[layer][index].translate(dx: column, dy: 0) }
        }
        let (bands, bodies) = runs.boxes(width: width)
        runs.bands.keepTextsReadable(&content.layers[3], boxes: bodies)
        content.layers[0] = bands + content.layers[0]
    }

    /// Whether a day label is too wide for a third of the card: then each heads its day as a
    /// section row instead of sitting in the event column.
    /// The rows, and whether a list by day puts its days in section rows: a day wider than a
    /// third of the card does, and so do days whose column leaves the card too narrow (else a card
    /// refused at one width would fit a narrower one, whose days are section rows).
    private func rowsBuilder(rows: [ItemRow], labels: [String?], width rowsWidth: Double) -> (VerticalRows, Bool) {
        func builder(sections: Bool) -> VerticalRows {
            VerticalRows(
                card: card, rows: rows, labels: labels, labelsInColumn: !sections, width: rowsWidth,
                groupOpacity: Self.groupOpacity, rightToLeft: rightToLeft, measurer: measurer)
        }
        guard card.groupBy == .day else { return (builder(sections: false), false) }
        if usesSections(labels) { return (builder(sections: true), true) }
        let inColumn = builder(sections: false)
        if inColumn.minimumWidth <= rowsWidth + 0.01 { return (inColumn, false) }
        return (builder(sections: true), true)
    }

    private func usesSections(_ labels: [String?]) -> Bool {
        let days = labels.compactMap { $0 }
        guard !days.isEmpty else { return false }
        return measurer.measure(
            days.map { TextRequest(text: $0, font: style.resolvedEventFont, maxWidth: 100_000, maxLines: nil) }
        )
        .contains { $0.width > width / 3 }
    }

    /// A day's section row over the title column; returns the height it takes with its gap.
    private func sectionRow(_ day: String, top: Double, left: Double, right: Double, into texts: inout [Primitive])
        -> Double
    {
        let block = TextBlock(
            day, font: "\(style.font) Semi-Bold 12", color: style.eventColor.rgba, width: right - left,
            measurer: measurer)
        texts.append(.text(block.placed(x: left, top: top, width: right - left, alignment: .left)))
        return block.height + Self.sectionGap
    }
}
