import TimelineModel
import TimelineScene

/// Sections drawn as bands behind their items: a tinted band in the section's color around each
/// run of consecutive items of one section, with the section's name in a place of its own (a
/// header row above a vertical band's rows, a title row under a horizontal band's labels), so a
/// name never sits on an item's text. A band holds its own marks: where a node or a bar lies past
/// the band's texts (a bar running into the next section's time, a node whose text was moved), the
/// band runs on to it as a strip around the line and the bars' lanes.
enum SectionBands {
    /// Light enough that secondary text keeps 4.5:1 on the band.
    static let tint = 0.05
    /// Between a vertical band's header row and its first item.
    static let headerGap: Double = 2
    /// Around a mark inside the strip that carries its band past the band's rows.
    static let barMargin: Double = 3

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

    /// The section's name, `width` wide at most, in the section's color made readable on its
    /// band: it wraps rather than being cut.
    static func name(_ section: Section, width: Double, style: Style, measurer: any TextMeasuring) -> TextBlock {
        let color = section.color.readable(on: section.color.withOpacity(tint).over(style.background)).rgba
        return TextBlock(
            section.name, font: "\(style.font) Semi-Bold 11", color: color, width: width, measurer: measurer)
    }

    /// Bands across a vertical card from `left` to `right`, each from the top of its run's
    /// `spans` (header row and texts) to their bottom and its bars', stopping short of the next
    /// band; `marks` are each row's node and bar, which their band follows past that.
    static func vertical(
        _ runs: [Run], spans: [(top: Double, bottom: Double)], marks: [[Rect]], left: Double, right: Double,
        style: Style
    ) -> [Primitive] {
        let pad = style.itemSpacing / 2 - 1
        var nodes: [Primitive] = []
        for (index, run) in runs.enumerated() {
            let rows = run.first...run.last
            let top = spans[run.first].top - pad
            let ownMarks = rows.flatMap { marks[$0] }
            var bottom = max(
                spans[rows].map(\.bottom).max() ?? top, ownMarks.map { $0.y + $0.height + barMargin }.max() ?? top)
            // A bar reaching into the next run's time does not pull its band over the next band.
            if index + 1 < runs.count { bottom = min(bottom, spans[runs[index + 1].first].top - pad * 2 - 2) }
            let rect = Rect(x: left, y: top, width: right - left, height: max(0, bottom + pad - top))
            let fill = run.section.color.withOpacity(tint).rgba
            nodes.append(.box(BoxNode(rect: rect, corners: CornerRadii(all: 8), fill: fill)))
            nodes += strips(for: ownMarks, past: rect, vertical: true).map {
                .box(BoxNode(rect: $0.rect, corners: $0.corners, fill: fill))
            }
            nodes.append(
                .box(
                    BoxNode(
                        rect: Rect(x: left, y: top, width: 3, height: rect.height), corners: CornerRadii(all: 1.5),
                        fill: run.section.color.rgba)))
        }
        return nodes
    }

    /// Bands down a horizontal card from `top` to `bottom`, each around its columns' `spans`
    /// (left and right of each label), with its name in a row under them; `marks` are each row's
    /// node and bar, which their band follows past its columns.
    static func horizontal(
        _ runs: [Run], spans: [(left: Double, right: Double)], marks: [[Rect]], top: Double, bottom: Double,
        style: Style, measurer: any TextMeasuring
    ) -> (nodes: [Primitive], height: Double) {
        // Each band from its first column's left, clear of the band before, to its last one's right.
        var extents: [(left: Double, right: Double)] = []
        for run in runs {
            let left = max(spans[run.first].left - 4, (extents.last?.right ?? -.infinity) + 2)
            extents.append((left, (spans[run.first...run.last].map(\.right).max() ?? left) + 4))
        }
        let names = zip(runs, extents).map {
            name($0.section, width: $1.right - $1.left - 8, style: style, measurer: measurer)
        }
        let height = names.map { $0.height + 6 }.max() ?? 0
        var nodes: [Primitive] = []
        for ((run, name), (left, right)) in zip(zip(runs, names), extents) {
            let rows = run.first...run.last
            let rect = Rect(x: left, y: top, width: right - left, height: bottom - top + height)
            let fill = run.section.color.withOpacity(tint).rgba
            nodes.append(.box(BoxNode(rect: rect, corners: CornerRadii(all: 8), fill: fill)))
            nodes += strips(for: rows.flatMap { marks[$0] }, past: rect, vertical: false).map {
                .box(BoxNode(rect: $0.rect, corners: $0.corners, fill: fill))
            }
            nodes.append(
                .box(
                    BoxNode(
                        rect: Rect(x: left, y: top, width: rect.width, height: 3), corners: CornerRadii(all: 1.5),
                        fill: run.section.color.rgba)))
            // Wrapped to the band's width, a name is cut only when one of its words is wider
            // than the band: then the legend and the band's colour tell the section instead.
            guard !name.measured.isTruncated else { continue }
            nodes.append(.text(name.placed(x: left + 4, top: bottom + 2, width: right - left - 8)))
        }
        return (nodes, height)
    }

    /// Strips of a band's tint around `bars` (nodes and bars) where they lie before or after `band`
    /// (along a vertical or horizontal line), square where they meet the band.
    static func strips(for bars: [Rect], past band: Rect, vertical: Bool) -> [(rect: Rect, corners: CornerRadii)] {
        guard !bars.isEmpty else { return [] }
        let margin = barMargin
        let acrossStart = bars.map { vertical ? $0.x : $0.y }.min()! - margin
        let acrossEnd = bars.map { vertical ? $0.x + $0.width : $0.y + $0.height }.max()! + margin
        let alongStart = bars.map { vertical ? $0.y : $0.x }.min()! - margin
        let alongEnd = bars.map { vertical ? $0.y + $0.height : $0.x + $0.width }.max()! + margin
        let (bandStart, bandEnd) = vertical ? (band.y, band.y + band.height) : (band.x, band.x + band.width)
        func rect(_ from: Double, _ to: Double) -> Rect {
            vertical
                ? Rect(x: acrossStart, y: from, width: acrossEnd - acrossStart, height: to - from)
                : Rect(x: from, y: acrossStart, width: to - from, height: acrossEnd - acrossStart)
        }
        let round = 4.0
        var strips: [(rect: Rect, corners: CornerRadii)] = []
        if alongStart < bandStart {
            let corners =
                vertical
                ? CornerRadii(topLeft: round, topRight: round, bottomRight: 0, bottomLeft: 0)
                : CornerRadii(topLeft: round, topRight: 0, bottomRight: 0, bottomLeft: round)
            strips.append((rect(alongStart, bandStart), corners))
        }
        if alongEnd > bandEnd {
            let corners =
                vertical
                ? CornerRadii(topLeft: 0, topRight: 0, bottomRight: round, bottomLeft: round)
                : CornerRadii(topLeft: 0, topRight: round, bottomRight: round, bottomLeft: 0)
            strips.append((rect(bandEnd, alongEnd), corners))
        }
        return strips
    }
}

/// A vertical time card's section names, one for each run of rows of one section, each in a
/// header row of its own above the run's first row, in its title column.
struct SectionHeaders {
    let runs: [SectionBands.Run]
    /// Each run's name, as wide as its first row's title column at most.
    let names: [TextBlock]

    init(_ builder: VerticalRows, sections: [Section], measurer: any TextMeasuring) {
        runs = SectionBands.runs(builder.rows, sections: sections)
        names = runs.map {
            SectionBands.name(
                $0.section, width: builder.shapes[$0.first].textWidth, style: builder.style, measurer: measurer)
        }
    }

    /// The names with their tops at `tops`.
    func placed(_ builder: VerticalRows, tops: [Double]) -> [Primitive] {
        runs.indices.map { index in
            let shape = builder.shapes[runs[index].first]
            return .text(names[index].placed(x: shape.left, top: tops[index], width: shape.textWidth))
        }
    }
}
