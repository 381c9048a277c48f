import TimelineModel
import TimelineScene

/// How a vertical card's width is shared between its columns, so that the card is exactly its
/// `width` and no word is broken inside:
/// - the event column is as wide as its widest text, up to a third of the card (`eventColumnWidth`
///   fixes it instead);
/// - the status column is as wide as its widest text, up to the larger of `statusColumnWidth` and
///   a quarter of the card, and at least its widest word;
/// - the title column gets the rest. A word too wide for it takes room from the status column,
///   then from the event column, each down to its own widest word; what still does not fit is cut
///   with an ellipsis.
struct ColumnPlan {
    /// The narrowest title column a card may have; below it the width is refused.
    static let minimumTextWidth: Double = 48

    var labelWidth: Double
    var statusWidth: Double
    /// Room kept right of the status column: group boxes' padding, so statuses keep it too.
    var rightInset: Double
    /// The narrowest content width that keeps every column at its minimum.
    var minimumWidth: Double

    /// The texts a plan is made from, one entry per row.
    struct Texts {
        var labels: [String?]
        var statuses: [[(text: String, font: String)]]
        var titles: [[(text: String, font: String, maxLines: Int?)]]
        var levels: [Int]
    }

    init(style: Style, width: Double, widestNode: Double, texts: Texts, hasGroups: Bool, measurer: any TextMeasuring) {
        rightInset = hasGroups ? style.groupPadding : 0
        let hasLabels = texts.labels.contains { $0 != nil }
        let hasStatus = texts.statuses.contains { !$0.isEmpty }
        let labelTexts = texts.labels.compactMap { $0 }.map { (text: $0, font: style.resolvedEventFont) }
        let statusTexts = texts.statuses.flatMap { $0 }
        let labelCap = width / 3
        let statusCap = max(style.statusColumnWidth, width / 4)

        // Labels and statuses at their widest, in one batch.
        let columnTexts = labelTexts.map { ($0, labelCap) } + statusTexts.map { ($0, statusCap) }
        let columnWidths = columnTexts.isEmpty ? [] : measurer.measure(columnTexts.map {
            TextRequest(text: $0.0.text, font: $0.0.font, maxWidth: $0.1, maxLines: nil)
        }).map(\.width)
        func widest(_ widths: ArraySlice<Double>, cap: Double) -> Double {
            // Rounded up a little, so wrapping again at that width keeps the same lines.
            min(cap, ((widths.max() ?? 0) + 1).rounded(.up))
        }
        var label = hasLabels ? style.eventColumnWidth ?? widest(columnWidths.prefix(labelTexts.count), cap: labelCap) : 0
        var status = hasStatus ? widest(columnWidths.dropFirst(labelTexts.count), cap: statusCap) : 0
        let maxLevel = Double(texts.levels.max() ?? 0)
        // Everything but the title column and the two flexible columns.
        let fixed = (hasLabels ? VerticalColumns.gutter : 0) + widestNode + VerticalColumns.textGap
            + (hasStatus ? VerticalColumns.gutter : 0) + rightInset
        func titleWidth(level: Int) -> Double {
            width - label - status - fixed - Double(level) * style.nestIndent
        }

        // The widest word of a title that does not fit takes room from the neighbours. Measured
        // as one batch, at the widths the rows are measured at again when nothing moves.
        var requests: [TextRequest] = [], available: [Double] = []
        // Without a column to take room from, nothing would change: the rows' own measuring
        // reports what is cut (and big plain lists are measured once, not twice).
        let canShrink = hasStatus || (hasLabels && style.eventColumnWidth == nil)
        for (row, stack) in texts.titles.enumerated() where canShrink {
            let room = titleWidth(level: texts.levels[row])
            for entry in stack {
                requests.append(TextRequest(text: entry.text, font: entry.font, maxWidth: TextBlock.measuredWidth(room),
                                            maxLines: entry.maxLines))
                available.append(room)
            }
        }
        let deficit = requests.isEmpty ? 0 : zip(measurer.measure(requests), available).map { $0.overflow - $1 }.max() ?? 0
        let cramped = titleWidth(level: Int(maxLevel)) < Self.minimumTextWidth
        guard deficit > 0 || cramped else {
            (labelWidth, statusWidth, minimumWidth) = (label, status, 0)
            return
        }
        let statusFloor = hasStatus ? min(statusCap, Self.widestWord(statusTexts, measurer: measurer)) : 0
        let labelWord = hasLabels ? Self.widestWord(labelTexts, measurer: measurer) : 0
        let labelFloor = !hasLabels ? 0 : style.eventColumnWidth ?? min(labelCap, labelWord)
        let wanted = max(deficit, Self.minimumTextWidth - titleWidth(level: Int(maxLevel)))
        let fromStatus = min(wanted, max(0, status - statusFloor))
        status -= fromStatus
        label -= min(wanted - fromStatus, max(0, label - labelFloor))
        labelWidth = label
        statusWidth = status
        // The narrowest width whose own third still holds the event column's widest word, or else
        // the width at which that third (where the word is cut) leaves the rest enough.
        let rest = statusFloor + fixed + maxLevel * style.nestIndent + Self.minimumTextWidth
        minimumWidth = style.eventColumnWidth.map { rest + (hasLabels ? $0 : 0) } ?? min(rest + labelWord, rest * 1.5)
    }

    /// The widest single word of `texts`: below it a word would be cut.
    static func widestWord(_ texts: [(text: String, font: String)], measurer: any TextMeasuring) -> Double {
        texts.map { SlotWidths.widestWord($0.text, font: $0.font, measurer: measurer) }.max() ?? 0
    }
}
