import TimelineModel
import TimelineScene

/// A time layout's axis: a rule with tick marks and date labels, faint gridlines across the card
/// (`axis: grid`), break marks where time was cut and the Today line.
struct AxisPainter {
    let style: Style
    let measurer: any TextMeasuring
    let names: DateNames

    /// Ticks never sit closer than this along a vertical axis…
    static let verticalPitch: Double = 34
    /// …or a horizontal one, where labels are side by side.
    static let horizontalPitch: Double = 56
    /// Room between the labels and the rule.
    static let labelGap: Double = 6
    static let tickLength: Double = 4

    var labelFont: String { "\(style.font) Medium 11" }
    var contextFont: String { "\(style.font) Bold 11" }
    var todayColor: RGBA { style.overdueColor.rgba }

    /// Primitives under the content (gridlines, Today line) and the axis itself.
    struct Drawing {
        var under: [Primitive] = []
        var axis: [Primitive] = []
        /// How far the drawing reaches past the content (below, for a horizontal axis).
        var extent: Double = 0
        /// For each of the marks' ticks, whether its label was drawn (a label too close to the
        /// one before it, or to Today's, is left out; its tick stays).
        var labelled: [Bool] = []
        /// The last tick, when it is not drawn at all: its label would crowd out a year's or a day's.
        var undrawn: Int?
    }

    /// Where ticks and marks fall, in final positions along the axis.
    struct Marks {
        var ticks: [(tick: AxisTick, position: Double)]
        var breaks: [Double]
        var today: Double?
        /// The rule's ends.
        var start: Double
        var end: Double
    }

    /// Labels of a tick: the label, then the context line when there is one.
    private func blocks(_ tick: AxisTick, width: Double) -> [TextBlock] {
        let color = style.eventColor.rgba
        var blocks = [
            TextBlock(tick.label, font: labelFont, color: color, width: width, maxLines: 1, measurer: measurer)
        ]
        if let context = tick.context {
            blocks.append(
                TextBlock(
                    context, font: contextFont, color: style.titleColor.rgba, width: width, maxLines: 1,
                    measurer: measurer))
        }
        return blocks
    }

    /// Width the vertical axis's labels need (at most 88 points).
    func labelColumnWidth(_ ticks: [AxisTick], today: Bool) -> Double {
        let cap: Double = 88
        var widest = ticks.flatMap { blocks($0, width: cap) }.map(\.measured.width).max() ?? 0
        if today {
            widest = max(
                widest,
                TextBlock(names.today, font: contextFont, color: todayColor, width: cap, measurer: measurer).measured
                    .width)
        }
        return min(cap, (widest + 1).rounded(.up))
    }

    /// A vertical axis: labels right-aligned in `[0, column]`, the rule at `column + labelGap`,
    /// gridlines and the Today line from the rule to `right`.
    /// The Today line stops short of the `texts` it would cross.
    func vertical(_ marks: Marks, column: Double, right: Double, texts: [Primitive]) -> Drawing {
        var drawing = Drawing()
        let ruleX = column + Self.labelGap
        let stroke = Stroke(color: style.lineColor.rgba, width: 1)
        let rule = LineNode(from: Point(x: ruleX, y: marks.start), to: Point(x: ruleX, y: marks.end), stroke: stroke)
        drawing.axis += TimeMarks.line(
            [
                LineStop(center: rule.from, reach: 0, status: .open),
                LineStop(center: rule.to, reach: 0, status: .open),
            ],
            breaks: marks.breaks, style: axisStyle, vertical: true)
        let labels = marks.ticks.map { blocks($0.tick, width: column) }
        let extents = zip(marks.ticks, labels).map { mark, labels in
            let top = mark.position - (labels.first?.firstLineHeight ?? 0) / 2
            return LabelExtent(
                at: mark.position, from: top, to: top + labels.reduce(0) { $0 + $1.height },
                named: mark.tick.context != nil)
        }
        let todayLabel = marks.today.map { today in
            let label = TextBlock(
                names.today, font: contextFont, color: todayColor, width: column, maxLines: 1, measurer: measurer)
            return (label, Self.todayLabelTop(label, at: today, clearOf: texts))
        }
        // Ticks keep clear of the line and of its label, wherever the label went.
        let blocked = marks.today.map { today -> ClosedRange<Double> in
            let (top, bottom) = todayLabel.map { ($0.1, $0.1 + $0.0.height) } ?? (today, today)
            return min(today - 9, top - 2)...max(today + 9, bottom + 2)
        }
        (drawing.labelled, drawing.undrawn) = Self.labelled(
            extents, pitch: Self.verticalPitch, gap: 2, blocked: blocked)
        for (index, (_, y)) in marks.ticks.enumerated() where index != drawing.undrawn {
            drawing.axis.append(
                .line(
                    LineNode(from: Point(x: ruleX - Self.tickLength, y: y), to: Point(x: ruleX, y: y), stroke: stroke)))
            if style.axis == .grid {
                drawing.under.append(
                    .line(LineNode(from: Point(x: ruleX, y: y), to: Point(x: right, y: y), stroke: gridStroke)))
            }
            guard drawing.labelled[index] else { continue }
            var lineTop = extents[index].from
            for block in labels[index] {
                drawing.axis.append(.text(block.placed(x: 0, top: lineTop, width: column, alignment: .trailing)))
                lineTop += block.height
            }
        }
        if let today = marks.today, let todayLabel {
            for (from, to) in Self.clear(of: texts, at: today, from: ruleX, to: right) {
                drawing.under.append(
                    .line(LineNode(from: Point(x: from, y: today), to: Point(x: to, y: today), stroke: todayStroke)))
            }
            let (label, top) = todayLabel
            drawing.axis.append(.text(label.placed(x: 0, top: top, width: column, alignment: .trailing)))
        }
        return drawing
    }

    /// Where a vertical axis's Today label goes: level with its line, unless that is an item's
    /// row, where it would read as that item's date; then just above the line, or just below it.
    static func todayLabelTop(_ label: TextBlock, at today: Double, clearOf texts: [Primitive]) -> Double {
        var rows: [(top: Double, bottom: Double)] = []
        for case .text(let text) in texts {
            for line in text.lines { rows.append(lineBox(line, font: text.font)) }
        }
        let height = label.height
        let level = today - label.firstLineHeight / 2
        func free(_ top: Double) -> Bool { !rows.contains { $0.top < top + height && $0.bottom > top } }
        guard !free(level) else { return level }
        // Above or below the rows it meets, whichever is nearer the line and free.
        let met = rows.filter { $0.top < level + height && $0.bottom > level }
        let above = (met.map(\.top).min() ?? today) - height - 1
        let below = (met.map(\.bottom).max() ?? today) + 1
        let candidates = [above, below].filter(free).sorted { abs($0 - level) < abs($1 - level) }
        return candidates.first ?? level
    }

    /// A horizontal axis: the rule at `y`, labels centred under their ticks, gridlines and the
    /// Today line from `top` down to the rule.
    func horizontal(_ marks: Marks, y: Double, top: Double, texts: [Primitive]) -> Drawing {
        var drawing = Drawing()
        let stroke = Stroke(color: style.lineColor.rgba, width: 1)
        drawing.axis += TimeMarks.line(
            [
                LineStop(center: Point(x: marks.start, y: y), reach: 0, status: .open),
                LineStop(center: Point(x: marks.end, y: y), reach: 0, status: .open),
            ],
            breaks: marks.breaks, style: axisStyle, vertical: false)
        let labelTop = y + Self.tickLength + 3
        let todayLabel = marks.today.map { _ in
            TextBlock(names.today, font: contextFont, color: todayColor, width: 120, maxLines: 1, measurer: measurer)
        }
        let labels = marks.ticks.map { blocks($0.tick, width: 120) }
        let extents = zip(marks.ticks, labels).map { mark, labels in
            let half = (labels.map(\.measured.width).max() ?? 0) / 2
            return LabelExtent(
                at: mark.position, from: mark.position - half, to: mark.position + half, named: mark.tick.context != nil
            )
        }
        let todayHalf = (todayLabel?.measured.width ?? 0) / 2 + 4
        (drawing.labelled, drawing.undrawn) = Self.labelled(
            extents, pitch: Self.horizontalPitch, gap: 6,
            blocked: marks.today.map { ($0 - todayHalf)...($0 + todayHalf) })
        for (index, (_, x)) in marks.ticks.enumerated() where index != drawing.undrawn {
            drawing.axis.append(
                .line(LineNode(from: Point(x: x, y: y), to: Point(x: x, y: y + Self.tickLength), stroke: stroke)))
            if style.axis == .grid {
                drawing.under.append(
                    .line(LineNode(from: Point(x: x, y: top), to: Point(x: x, y: y), stroke: gridStroke)))
            }
            guard drawing.labelled[index] else { continue }
            var lineTop = labelTop
            for block in labels[index] {
                drawing.axis.append(.text(block.placed(x: x - 60, top: lineTop, width: 120, alignment: .center)))
                lineTop += block.height
            }
            drawing.extent = max(drawing.extent, lineTop - y)
        }
        if let today = marks.today, let todayLabel {
            for (from, to) in Self.clear(of: texts, at: today, from: top, to: y, vertical: true) {
                drawing.under.append(
                    .line(LineNode(from: Point(x: today, y: from), to: Point(x: today, y: to), stroke: todayStroke)))
            }
            drawing.axis.append(.text(todayLabel.placed(x: today - 60, top: labelTop, width: 120, alignment: .center)))
            drawing.extent = max(drawing.extent, labelTop + todayLabel.height - y)
        }
        return drawing
    }

    /// Where a tick's label lies along the axis; `named`: it names a year or a day.
    struct LabelExtent {
        var at, from, to: Double
        var named = false
    }

    /// Which ticks get their labels: each at least `pitch` after the last labelled one and `gap`
    /// clear of its label, none over `blocked` (Today's). The last tick ends the span, so it is
    /// labelled or not drawn: the plain labels before it that would crowd it give way, but a label
    /// naming a year or a day does not (the last tick is then left out, `undrawn`).
    static func labelled(_ extents: [LabelExtent], pitch: Double, gap: Double, blocked: ClosedRange<Double>?)
        -> (labelled: [Bool], undrawn: Int?)
    {
        func fits(_ label: LabelExtent, after previous: LabelExtent) -> Bool {
            label.from > previous.to + gap && label.at - previous.at >= pitch
        }
        func free(_ label: LabelExtent) -> Bool { blocked.map { !$0.overlaps(label.from...label.to) } ?? true }
        var flags = [Bool](repeating: false, count: extents.count)
        var last: LabelExtent?
        for (index, extent) in extents.enumerated() where free(extent) && last.map({ fits(extent, after: $0) }) ?? true
        {
            flags[index] = true
            last = extent
        }
        guard let end = extents.indices.last, !flags[end] else { return (flags, nil) }
        let crowding = extents.indices.dropLast().filter { flags[$0] && !fits(extents[end], after: extents[$0]) }
        guard free(extents[end]), !crowding.contains(where: { extents[$0].named }) else { return (flags, end) }
        flags[end] = true
        for index in crowding { flags[index] = false }
        return (flags, nil)
    }

    /// Stretches of a line at `across` from `start` to `end` (horizontal, or vertical when
    /// `vertical`) that cross none of `texts`.
    static func clear(
        of texts: [Primitive], at across: Double, from start: Double, to end: Double,
        vertical: Bool = false
    ) -> [(Double, Double)] {
        var blocked: [(Double, Double)] = []
        for case .text(let text) in texts {
            for line in text.lines {
                let (top, bottom) = lineBox(line, font: text.font)
                if vertical, across >= line.x - 3, across <= line.x + line.width + 3 {
                    blocked.append((top - 2, bottom + 2))
                }
                if !vertical, across >= top, across <= bottom { blocked.append((line.x - 4, line.x + line.width + 4)) }
            }
        }
        var pieces: [(Double, Double)] = []
        var cursor = start
        for (from, to) in blocked.sorted(by: { $0.0 < $1.0 }) where to > cursor {
            if from > cursor { pieces.append((cursor, min(from, end))) }
            cursor = max(cursor, to)
        }
        if cursor < end { pieces.append((cursor, end)) }
        // A sliver between two rows of text (shorter than one dash and its gap) reads as a stray
        // mark, not as the line: left out, unless it ends the line.
        return pieces.filter { $0.1 - $0.0 > 1 && ($0.1 - $0.0 >= 7 || $0.0 == start || $0.1 == end) }
    }

    /// Where a placed line's text lies across it: its line box as measured (a real font's is
    /// taller than its size: Inter's 12 pt line is 19.4 pt from 15.5 above the baseline), else,
    /// for a line placed without one, its size above the baseline and a third of it below.
    static func lineBox(_ line: PlacedLine, font: String) -> (top: Double, bottom: Double) {
        let size = font.split(separator: " ").last.flatMap { Double($0) } ?? 12
        let guess = (line.baseline - size, line.baseline + size * 0.3)
        guard line.height > 0 else { return guess }
        return (min(guess.0, line.top), max(guess.1, line.top + line.height))
    }

    private var axisStyle: Style {
        var axis = style
        axis.lineWidth = 1
        return axis
    }

    private var gridStroke: Stroke { Stroke(color: style.lineColor.withOpacity(0.45).rgba, width: 0.5) }
    private var todayStroke: Stroke { Stroke(color: todayColor, width: 1.5, dash: [4, 3]) }
}
