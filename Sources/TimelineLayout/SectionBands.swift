import TimelineModel
import TimelineScene

/// Sections drawn as bands behind their items: a tinted band in the section's color around each
/// run of consecutive items of one section, named in its corner.
enum SectionBands {
    /// Light enough that secondary text keeps 4.5:1 on the band.
    static let tint = 0.05
    struct Run {
        var section: Section
        var first: Int
        var last: Int
    }

    /// Runs of consecutive rows in one section (rows without a section end a run).
    static func runs(_ rows: [ItemRow], sections: [Section]) -> [Run] {
        var runs: [Run] = []
        for (index, row) in rows.enumerated() {
            guard let name = row.item.section, let section = sections.first(where: { $0.name == name }) else {
                continue
            }
            if let last = runs.last, last.section.name == name, last.last == index - 1 {
                runs[runs.count - 1].last = index
            } else {
                runs.append(Run(section: section, first: index, last: index))
            }
        }
        return runs
    }

    /// The section's color, darkened or lightened until its name reads on its band.
    private static func labelColor(_ section: Section, _ style: Style) -> RGBA {
        section.color.readable(on: section.color.withOpacity(tint).over(style.background)).rgba
    }

    /// Bands across a vertical card from `left` to `right`, each around its rows' `spans` (top and
    /// bottom of each row); the name at the top right unless `named` is false, or it would run
    /// into one of `texts` or the name before it (the band's colour and the legend still tell it).
    static func vertical(
        _ runs: [Run], spans: [(top: Double, bottom: Double)], left: Double, right: Double, style: Style,
        named: Bool, texts: [Primitive] = [], measurer: any TextMeasuring
    ) -> [Primitive] {
        var lastNameBottom = -Double.infinity
        let pad = style.itemSpacing / 2 - 1
        var nodes: [Primitive] = []
        for (index, run) in runs.enumerated() {
            let top = spans[run.first].top - pad
            var bottom = spans[run.first...run.last].map(\.bottom).max() ?? top
            // A bar reaching into the next run's time does not pull its band over the next band.
            if index + 1 < runs.count { bottom = min(bottom, spans[runs[index + 1].first].top - pad * 2 - 2) }
            let rect = Rect(x: left, y: top, width: right - left, height: bottom + pad - top)
            nodes.append(
                .box(BoxNode(rect: rect, corners: CornerRadii(all: 8), fill: run.section.color.withOpacity(tint).rgba)))
            nodes.append(
                .box(
                    BoxNode(
                        rect: Rect(x: left, y: top, width: 3, height: rect.height), corners: CornerRadii(all: 1.5),
                        fill: run.section.color.rgba)))
            guard named else { continue }
            let label = TextBlock(
                run.section.name, font: "\(style.font) Semi-Bold 11", color: labelColor(run.section, style),
                width: rect.width / 2, maxLines: 1, measurer: measurer)
            // With a margin: a name touching a title reads as one word with it.
            let name = Rect(
                x: right - 12 - label.measured.width, y: top - 3, width: label.measured.width + 12,
                height: label.height + 6)
            guard !label.measured.isTruncated, name.y + 6 > lastNameBottom, !overlaps(name, texts) else { continue }
            lastNameBottom = name.y + name.height - 3
            nodes.append(
                .text(
                    label.placed(
                        x: right - rect.width / 2 - 6, top: top + 3, width: rect.width / 2, alignment: .trailing)))
        }
        return nodes
    }

    /// Whether `rect` meets a line of any of `texts`.
    private static func overlaps(_ rect: Rect, _ texts: [Primitive]) -> Bool {
        for case .text(let text) in texts {
            for line in text.lines
            where line.x < rect.x + rect.width && rect.x < line.x + line.width && line.top < rect.y + rect.height
                && rect.y < line.top + line.height
            {
                return true
            }
        }
        return false
    }

    /// Bands down a horizontal card from `top` to `bottom`, each around its columns' `spans`
    /// (left and right of each label); the name at the bottom left.
    static func horizontal(
        _ runs: [Run], spans: [(left: Double, right: Double)], top: Double, bottom: Double, style: Style,
        measurer: any TextMeasuring
    ) -> (nodes: [Primitive], height: Double) {
        var nodes: [Primitive] = []
        var height: Double = 0
        for run in runs {
            let left = spans[run.first].left - 4
            let right = (spans[run.first...run.last].map(\.right).max() ?? left) + 4
            let label = TextBlock(
                run.section.name, font: "\(style.font) Semi-Bold 11", color: labelColor(run.section, style),
                width: right - left - 8, maxLines: 1, measurer: measurer)
            let rect = Rect(x: left, y: top, width: right - left, height: bottom - top + label.height + 6)
            nodes.append(
                .box(BoxNode(rect: rect, corners: CornerRadii(all: 8), fill: run.section.color.withOpacity(tint).rgba)))
            nodes.append(
                .box(
                    BoxNode(
                        rect: Rect(x: left, y: top, width: rect.width, height: 3), corners: CornerRadii(all: 1.5),
                        fill: run.section.color.rgba)))
            // A name its band cannot hold is left to the legend rather than cut or run into the next.
            guard !label.measured.isTruncated, label.measured.width <= right - left - 8 else { continue }
            nodes.append(.text(label.placed(x: left + 4, top: bottom + 2, width: right - left - 8)))
            height = max(height, label.height + 6)
        }
        return (nodes, height)
    }
}
