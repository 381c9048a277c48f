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
    /// bottom of each row); the name at the top right unless `named` is false.
    static func vertical(
        _ runs: [Run], spans: [(top: Double, bottom: Double)], left: Double, right: Double, style: Style,
        named: Bool, measurer: any TextMeasuring
    ) -> [Primitive] {
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
            nodes.append(
                .text(
                    label.placed(
                        x: right - rect.width / 2 - 6, top: top + 3, width: rect.width / 2, alignment: .trailing)))
        }
        return nodes
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
            nodes.append(.text(label.placed(x: left + 4, top: bottom + 2, width: right - left - 8)))
            height = max(height, label.height + 6)
        }
        return (nodes, height)
    }
}
