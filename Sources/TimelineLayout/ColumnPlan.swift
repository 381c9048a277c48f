import TimelineModel
import TimelineScene

/// How a vertical card's width is shared between its columns, so that the card is exactly its
/// `width` and no word is broken inside:
/// - the event column is as wide as its widest text, up to a third of the card or its widest word
///   when that is wider (`eventColumnWidth` fixes it instead, widened only for the words of a
///   status swapped into it);
/// - the status column is as wide as its widest text, up to the larger of `statusColumnWidth` and
///   a quarter of the card, and at least its widest word;
/// - the title column gets the rest. A word too wide for it takes room from the status column,
///   then from the event column, each down to its own widest word; a word that still does not fit
///   breaks at a character with a hyphen.
struct ColumnPlan {
    /// The narrowest title column a card may have; below it the width is refused.
    static let minimumTextWidth: Double = 48

    var labelWidth: Double
    var statusWidth: Double
    /// Room kept right of the status column: group boxes' padding, so statuses keep it too.
    var rightInset: Double
    /// The narrowest content width that keeps every column at its minimum: below it the card is
    /// refused.
    var minimumWidth: Double
    /// The width a refusal names: `minimumWidth`, or more where a title's widest piece needs
    /// it, so that at this width every word is whole or broken at a dictionary point.
    var promisedWidth: Double = 0

    /// The texts a plan is made from, one entry per row. `labels` and `statuses` are what lands in
    /// the event and status columns: a row whose cell is mirrored has them swapped.
    struct Texts {
        var labels: [[(text: String, font: String)]]
        var statuses: [[(text: String, font: String)]]
        var titles: [[(text: String, font: String, maxLines: Int?)]]
        var levels: [Int]
        /// Rows whose cells are swapped; rows past its end are not.
        var swapped: [Bool] = []
        /// Each row's description as the runs it is set in (none: empty), in the title column.
        var bodies: [[TextRun]] = []
    }

    init(style: Style, width: Double, widestNode: Double, texts: Texts, hasGroups: Bool, measurer: any TextMeasuring) {
        rightInset = Self.rightInset(style, texts: texts, hasGroups: hasGroups)
        let hasLabels = texts.labels.contains { !$0.isEmpty }
        let hasStatus = texts.statuses.contains { !$0.isEmpty }
        let labelTexts = texts.labels.flatMap { $0 }
        let statusTexts = texts.statuses.flatMap { $0 }
        let statusCap = max(style.statusColumnWidth, width / 4)
        let fixedLabel = Self.fixedLabelWidth(style, texts: texts, cap: width / 3, measurer: measurer)
        let (columns, labelCap, labelWord) = Self.columns(
            labelTexts, statusTexts, statusCap: statusCap, width: width, wraps: hasLabels && fixedLabel == nil,
            measurer: measurer)
        let columnWidths = columns.map(\.width)
        var label = hasLabels ? fixedLabel ?? Self.widest(columnWidths.prefix(labelTexts.count), cap: labelCap) : 0
        var status = hasStatus ? Self.widest(columnWidths.dropFirst(labelTexts.count), cap: statusCap) : 0
        let maxLevel = VerticalColumns.indentSteps(texts.levels.max() ?? 0)
        // Everything but the title column and the two flexible columns.
        let fixed =
            (hasLabels ? VerticalColumns.gutter : 0) + widestNode + VerticalColumns.textGap
            + (hasStatus ? VerticalColumns.gutter : 0) + rightInset
        func titleWidth(level: Int) -> Double {
            width - label - status - fixed - VerticalColumns.indentSteps(level) * style.nestIndent
        }
        // The widest word of a title that does not fit takes room from the neighbours. Without a
        // column to take room from, nothing would change: the rows' own measuring reports what is
        // cut (and big plain lists are measured once, not twice).
        let canShrink = hasStatus || (hasLabels && fixedLabel == nil)
        let statusRoom = hasStatus ? status + VerticalColumns.gutter : 0
        let deficit = canShrink ? Self.titleDeficit(texts, room: titleWidth, statusRoom, measurer: measurer) : 0
        // A narrow title column is measured against its titles' pieces too (a CJK character and
        // the pair after it, though no word is too wide), once, for a narrow card only.
        let titleNeeds = MeasuredOnce { Self.titleNeed(texts, style: style, measurer: measurer) }
        func titleNeed() -> Double { titleNeeds.value }
        let narrowTitles = titleWidth(level: Int(maxLevel)) < 2 * Self.minimumTextWidth
        let cramped =
            titleWidth(level: Int(maxLevel)) < Self.minimumTextWidth
            || (narrowTitles && titleNeed() > width - label - status - fixed + 0.01)
        guard deficit > 0 || cramped else {
            (labelWidth, statusWidth, minimumWidth, promisedWidth) = (label, status, 0, 0)
            return
        }
        // Everything but the event and status columns, the title column at its widest piece (a
        // long word at its dictionary points) or its minimum.
        let fixedRest = fixed + max(maxLevel * style.nestIndent + Self.minimumTextWidth, titleNeed())
        let (statusFloor, word, promised, refusedBelow) = Self.promise(
            statuses: hasStatus ? statusTexts : [], labels: hasLabels ? labelTexts : [], statusCap: statusCap,
            labelWord: labelWord, fixedLabel: fixedLabel, hasLabels: hasLabels, fixedRest: fixedRest,
            fixedMinimum: fixed + maxLevel * style.nestIndent + Self.minimumTextWidth, width: width,
            measurer: measurer)
        let labelFloor = !hasLabels ? 0 : fixedLabel ?? word
        let titleShort = narrowTitles ? titleNeed() - (width - label - status - fixed) : 0
        let wanted = max(deficit, Self.minimumTextWidth - titleWidth(level: Int(maxLevel)), titleShort)
        let fromStatus = min(wanted, max(0, status - statusFloor))
        status -= fromStatus
        label -= min(wanted - fromStatus, max(0, label - labelFloor))
        (labelWidth, statusWidth) = (label, status)
        // The narrowest width that holds every column at its floor: the event column at its widest
        // word; the title column at its minimum, or, promised, at its widest piece.
        minimumWidth = refusedBelow
        promisedWidth = promised
    }

    /// The widest of `widths` up to `cap`, rounded up a little, so wrapping again at that width
    /// keeps the same lines.
    private static func widest(_ widths: ArraySlice<Double>, cap: Double) -> Double {
        min(cap, ((widths.max() ?? 0) + 1).rounded(.up))
    }

    /// The columns' floors, the width promised and the width below which a card is refused. The
    /// event and status columns' floors are their widest words whole; where that leaves the title
    /// too little, their words' dictionary points, if that is enough (the narrowest promised).
    /// `fixedRest` is everything but those two columns with the title at its widest piece,
    /// `fixedMinimum` the same with the title at its minimum.
    private static func promise(
        statuses: [(text: String, font: String)], labels: [(text: String, font: String)], statusCap: Double,
        labelWord: Double?, fixedLabel: Double?,
        hasLabels: Bool, fixedRest: Double, fixedMinimum: Double, width: Double, measurer: any TextMeasuring
    ) -> (statusFloor: Double, word: Double, promised: Double, refusedBelow: Double) {
        var (statusFloor, word) = floors(
            statuses: statuses, labels: labels, cap: statusCap, labelWord: labelWord, hyphenated: false,
            measurer: measurer)
        var promised = statusFloor + fixedRest + (hasLabels ? fixedLabel ?? word : 0)
        var refusedBelow = statusFloor + fixedMinimum + (hasLabels ? fixedLabel ?? word : 0)
        if promised > width + 0.01 {
            let hyphenated = floors(
                statuses: statuses, labels: labels, cap: statusCap, labelWord: nil, hyphenated: true,
                measurer: measurer)
            let labelFloor = hasLabels ? fixedLabel ?? hyphenated.label : 0
            promised = hyphenated.status + fixedRest + labelFloor
            // Hyphenated where that keeps the promise here, or where whole words would not even
            // leave the title its minimum; else whole, the titles broken as they must be anyway.
            if promised <= width + 0.01 || refusedBelow > width + 0.01 { (statusFloor, word) = hyphenated }
            refusedBelow = hyphenated.status + fixedMinimum + labelFloor
        }
        return (statusFloor, word, promised, refusedBelow)
    }

    /// The widest title column a row needs, its indent with it, for every word of its titles and
    /// description to be whole or broken at a dictionary point. Measured only for a card that may be refused.
    private static func titleNeed(_ texts: Texts, style: Style, measurer: any TextMeasuring) -> Double {
        var need: Double = 0
        var byLevel: [Int: [(text: String, font: String)]] = [:]
        for (row, stack) in texts.titles.enumerated() {
            byLevel[texts.levels[row], default: []] += stack.map { ($0.text, $0.font) }
        }
        var bodies: [Int: [[TextRun]]] = [:]
        for (row, runs) in texts.bodies.enumerated() where !runs.isEmpty {
            bodies[texts.levels[row], default: []].append(runs)
        }
        for level in Set(byLevel.keys).union(bodies.keys) {
            let indent = VerticalColumns.indentSteps(level) * style.nestIndent
            let titles = byLevel[level] ?? []
            let title = titles.isEmpty ? 0 : widestWord(titles, measurer: measurer, hyphenated: true)
            // Descriptions too: set run by run, at their dictionary points (#48 item 5).
            let body = bodies[level].map { (measurer.widestHyphenatedPiece(paragraphs: $0) + 1).rounded(.up) } ?? 0
            need = max(need, indent + max(title, body))
        }
        return need
    }

    /// The status column's floor (at most `cap`) and the event column's widest word, whole or
    /// `hyphenated`; a label word already measured whole (`labelWord`) is taken as it is.
    private static func floors(
        statuses: [(text: String, font: String)], labels: [(text: String, font: String)], cap: Double,
        labelWord: Double?, hyphenated: Bool, measurer: any TextMeasuring
    ) -> (status: Double, label: Double) {
        let status = statuses.isEmpty ? 0 : min(cap, widestWord(statuses, measurer: measurer, hyphenated: hyphenated))
        let label =
            labels.isEmpty
            ? 0 : labelWord ?? widestWord(labels.map(dashHeld), measurer: measurer, hyphenated: hyphenated)
        return (status, label)
    }

    /// Room right of the status column: every text clears the innermost group box, each nested
    /// box inset by one padding more than the one around it.
    static func rightInset(_ style: Style, texts: Texts, hasGroups: Bool) -> Double {
        let deepestGroup = max(0, (texts.levels.max() ?? 0) - 1)
        return hasGroups ? style.groupPadding * (1 + VerticalColumns.indentSteps(deepestGroup)) : 0
    }

    /// How much wider than its room the widest cut word of any title is (≤ 0 when none is cut).
    /// Measured as one batch, at the widths the rows are measured at again when nothing moves: a
    /// row with nothing in the status column has that column's room (`statusRoom`) too.
    private static func titleDeficit(
        _ texts: Texts, room: (Int) -> Double, _ statusRoom: Double, measurer: any TextMeasuring
    ) -> Double {
        var requests: [TextRequest] = []
        var available: [Double] = []
        for (row, stack) in texts.titles.enumerated() {
            let statusEmpty = texts.statuses.indices.contains(row) && texts.statuses[row].isEmpty
            let room = room(texts.levels[row]) + (statusEmpty ? statusRoom : 0)
            for entry in stack {
                requests.append(
                    TextRequest(
                        text: entry.text, font: entry.font, maxWidth: TextBlock.measuredWidth(room),
                        maxLines: entry.maxLines))
                available.append(room)
            }
        }
        return requests.isEmpty ? 0 : zip(measurer.measure(requests), available).map { $0.overflow - $1 }.max() ?? 0
    }

    /// `eventColumnWidth`, widened (up to a third of the card) to the widest unbreakable piece of
    /// its labels and of a status swapped into it: a date whole, a range's date with its dash
    /// ("Nov 16 –"), a status's words. Narrower, one would be cut at a letter.
    static func fixedLabelWidth(_ style: Style, texts: Texts, cap: Double, measurer: any TextMeasuring) -> Double? {
        guard let fixed = style.eventColumnWidth else { return nil }
        let labels = texts.labels.flatMap { $0 }
        guard !labels.isEmpty else { return fixed }
        return max(fixed, min(cap, widestWord(labels.map(dashHeld), measurer: measurer)))
    }

    /// Labels and statuses at their widest, in one batch: the event column up to a third of the
    /// card, or its widest word when a label wraps there and `wraps` (a range after its dash,
    /// never inside a date; words are measured only then, and the batch again).
    private static func columns(
        _ labels: [(text: String, font: String)], _ statuses: [(text: String, font: String)], statusCap: Double,
        width: Double, wraps: Bool, measurer: any TextMeasuring
    ) -> (columns: [MeasuredText], labelCap: Double, labelWord: Double?) {
        let columns = measure(labels, cap: width / 3, statuses, cap: statusCap, measurer: measurer)
        let wrapped = zip(labels, columns).contains { label, measured in
            measured.lines.count > label.text.split(separator: "\n", omittingEmptySubsequences: false).count
        }
        guard wraps, wrapped else { return (columns, width / 3, nil) }
        let word = widestWord(labels.map(dashHeld), measurer: measurer)
        guard word > width / 3 else { return (columns, width / 3, word) }
        return (measure(labels, cap: word, statuses, cap: statusCap, measurer: measurer), word, word)
    }

    /// Labels at most `labelCap` wide and statuses at most `statusCap`, in one batch.
    private static func measure(
        _ labels: [(text: String, font: String)], cap labelCap: Double, _ statuses: [(text: String, font: String)],
        cap statusCap: Double, measurer: any TextMeasuring
    ) -> [MeasuredText] {
        let texts = labels.map { ($0, labelCap) } + statuses.map { ($0, statusCap) }
        guard !texts.isEmpty else { return [] }
        return measurer.measure(
            texts.map { TextRequest(text: $0.0.text, font: $0.0.font, maxWidth: $0.1, maxLines: nil) })
    }

    /// `text` with a range's dash held to the end before it ("Nov 3 –"), as one word: a column
    /// that narrow would put the dash alone on a line.
    private static func dashHeld(_ text: (text: String, font: String)) -> (text: String, font: String) {
        (text.text.replacing(" – ", with: "\u{00A0}– "), text.font)
    }

    /// The widest unbreakable piece of `texts`, whole or, `hyphenated`, at its dictionary
    /// points: below it a word would be cut at a letter. Every piece in one batch.
    static func widestWord(
        _ texts: [(text: String, font: String)], measurer: any TextMeasuring, hyphenated: Bool = false
    ) -> Double {
        guard !texts.isEmpty else { return 0 }
        return (measurer.widestUnbreakable(texts, hyphenated: hyphenated) + 1).rounded(.up)
    }
}

/// A width measured the first time it is asked for, then kept: measured only for a card that
/// needs it.
private final class MeasuredOnce {
    private let measure: () -> Double
    private lazy var measured: Double = measure()

    init(_ measure: @escaping () -> Double) { self.measure = measure }

    var value: Double { measured }
}
