import TimelineModel
import TimelineScene

/// The rows of a vertical card, the part the list and time layouts share: their columns, their
/// texts measured from one plan, each row's shape, and the drawing of a row at its top. Only
/// how row tops are chosen differs: one after another in the list, where their dates fall in
/// the time layout.
struct VerticalRows {
    /// The card's texts and style.
    let text: ItemText
    let rows: [ItemRow]
    /// Each row's event text (or its day's, on a day's first row): in the event column unless
    /// the card heads its days with section rows, and in the description either way.
    let labels: [String?]
    let byDay: Bool
    let hasStatus: Bool
    /// Compact cells (FUITimelineCell's compact form): a list card too narrow for its event,
    /// title and status side by side stacks them, the event above the title and the status under it.
    let compact: Bool
    /// Rows reading the other way from their card, whose label and status swap columns.
    let swapped: [Bool]
    let columns: VerticalColumns
    /// The narrowest width the columns fit in (`ColumnPlan.minimumWidth`).
    let minimumWidth: Double
    /// The width a refusal names (`ColumnPlan.promisedWidth`).
    let promisedWidth: Double
    /// Where the nodes sit: left of the columns' line by the room period lanes take right of it.
    let lineX: Double
    /// Each row's measured texts; a layout that places rows once lets each go once drawn (`drawn`).
    private(set) var shapes: [RowShape]
    /// The group boxes' tint, which the texts inside them stay readable on.
    let groupOpacity: Double
    /// The width rows and group boxes span.
    let width: Double

    var style: Style { text.style }

    /// `laneRoom` widens the node column for period lanes; `labelsInColumn` false leaves the event
    /// column to other texts (the list's day sections).
    init(
        card: Card, rows: [ItemRow], labels: [String?], labelsInColumn: Bool = true, width: Double,
        laneRoom: Double = 0, groupOpacity: Double, rightToLeft: Bool, measurer: any TextMeasuring
    ) {
        text = ItemText(card: card)
        self.rows = rows
        self.labels = labels
        self.width = width
        self.groupOpacity = groupOpacity
        byDay = card.groupBy == .day
        hasStatus = rows.contains { $0.item.statusText != nil || $0.item.subStatusText != nil }
        let sizes = rows.map { $0.nodeSize(card.style, byDay: card.groupBy == .day) }
        let widestNode = sizes.max() ?? card.style.shapeSize
        // By day, the event column holds the day, which is not any one item's to move.
        var swapped =
            byDay ? rows.map { _ in false } : ReadingDirection.swapsColumns(rows, cardIsRightToLeft: rightToLeft)
        var shown = labelsInColumn ? labels : labels.map { _ in nil }
        var (columns, plan) = text.columns(
            rows, labels: shown, width: width, sizes: sizes + [widestNode + laneRoom * 2], byDay: byDay,
            swapped: swapped, measurer: measurer)
        let sideBySide = shown.contains { $0 != nil } || hasStatus
        // By day, the day's column may not be given up; days in section rows leave it free.
        compact =
            card.layout == .list && (!byDay || !labelsInColumn) && sideBySide
            && columns.textRight - columns.textX(0) < Self.compactTitleWidth
        if compact {
            // The event and status stack with the title, in its column (planned as by day's event).
            shown = labels.map { _ in nil }
            swapped = rows.map { _ in false }
            (columns, plan) = text.columns(
                rows, labels: shown, width: width, sizes: sizes + [widestNode + laneRoom * 2], byDay: true,
                swapped: swapped, statusInColumn: false, measurer: measurer)
        }
        self.columns = columns
        minimumWidth = plan.minimumWidth
        promisedWidth = plan.promisedWidth
        self.swapped = swapped
        lineX = columns.lineX - laneRoom
        let texts = Self.measure(
            rows, labels: shown, columns: columns, hasStatus: hasStatus, byDay: byDay || compact, compact: compact,
            swapped: swapped, text: text, measurer: measurer)
        shapes = rows.indices.map {
            RowShape(rows[$0], texts[$0], size: sizes[$0], left: columns.textX(rows[$0].level))
        }
    }

    /// Below this title column (side by side with the event and status columns) cells are compact.
    static let compactTitleWidth: Double = 120

    /// Above the first row: a group's padding when it opens one.
    var firstTop: Double { rows.first?.groupEnd != nil ? style.groupPadding : 0 }

    /// Between row `index` and the next: the spacing, a padding for each group it closes and one
    /// when the next row opens a group.
    /// Row `index` drawn, its texts are let go: a card of many rows then holds each text once, as
    /// placed, not also as measured. Its height and columns stay for the rows after it.
    mutating func drawn(_ index: Int) {
        shapes[index].stack = TextStack()
        shapes[index].label = nil
        shapes[index].status = nil
    }

    func gap(after index: Int) -> Double {
        style.itemSpacing + style.groupPadding * Double(rows[index].closesGroups)
            + (rows[index + 1].groupEnd != nil ? style.groupPadding : 0)
    }

    /// The rows' texts, planned and measured in one batch, then built from the answers. A row whose
    /// `swapped` is true has its label measured for the status column and its status for the event
    /// column.
    private static func measure(
        _ rows: [ItemRow], labels: [String?], columns: VerticalColumns, hasStatus: Bool, byDay: Bool, compact: Bool,
        swapped: [Bool], text: ItemText, measurer: any TextMeasuring
    ) -> [RowTexts] {
        var plan = TextPlan()
        // A row with nothing in the status column gives its text that column's room.
        let textWidths = rows.indices.map { index -> Double in
            let item = rows[index].item
            let statusEmpty =
                compact || (swapped[index] ? labels[index] == nil : item.statusText == nil && item.subStatusText == nil)
            let right = statusEmpty ? columns.statusX + columns.statusWidth : columns.textRight
            return max(1, right - columns.textX(rows[index].level))
        }
        let planned = rows.indices.map { index -> (stack: [TextPlan.Block], label: Int?, status: [TextPlan.Block]?) in
            let (labelWidth, statusWidth) =
                swapped[index]
                ? (columns.statusWidth, columns.labelWidth)
                : (columns.labelWidth, columns.statusWidth)
            let item = rows[index].item
            if compact {
                // The event above the title, the status under the texts, all in the one column.
                let stack = text.plan(item, width: textWidths[index], withEvent: true, into: &plan)
                return (stack + text.planStatus(item, width: textWidths[index], into: &plan), nil, nil)
            }
            return (
                text.plan(item, width: textWidths[index], withEvent: byDay, into: &plan),
                text.planLabel(labels[index], width: labelWidth, into: &plan),
                hasStatus ? text.planStatus(item, width: statusWidth, into: &plan) : nil
            )
        }
        let answers = plan.measure(measurer)
        return rows.indices.map { index in
            let row = planned[index]
            return RowTexts(
                stack: answers.stack(row.stack, style: text.style), label: row.label.map(answers.block),
                status: row.status.map { answers.stack($0, style: text.style) }, textWidth: textWidths[index])
        }
    }
}

/// A row's measured texts: the stack beside the node (the event on top when grouped by day), the
/// event column's label and the status column.
struct RowTexts {
    var stack: TextStack
    var label: TextBlock?
    var status: TextStack?
    var textWidth: Double
}
