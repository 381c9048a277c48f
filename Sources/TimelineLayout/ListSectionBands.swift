import TimelineModel
import TimelineScene

/// Sections in the list layout, drawn as Mermaid draws a timeline's sections: each run of
/// consecutive items of one section under a header band tinted with the section's own colour,
/// its name in it, spanning the run's items, which sit on a lighter tint of the same colour.
/// Horizontal: the band is a row above the run's columns. Vertical: the same turned, a column
/// left of the run's rows. The items keep their own nodes; a section adds none.
struct ListSectionBands {
    let runs: [SectionBands.Run]
    let style: Style

    /// The header band's tint of the section's colour, and the items' lighter one.
    static let headerTint = 0.2
    static let bodyTint = 0.07
    /// Inside a band, around its name.
    static let padding: Double = 8
    /// Between the header band and the run's items.
    static let gap: Double = 6
    /// Between the bands of two runs.
    static let runGap: Double = 6

    /// Nil when no item at the top level names a section, or the card has groups (whose boxes
    /// already frame their items).
    init?(rows: [ItemRow], card: Card) {
        guard !card.sections.isEmpty, !rows.contains(where: { $0.groupEnd != nil || $0.level > 0 }) else {
            return nil
        }
        let runs = SectionBands.runs(rows, sections: card.sections)
        guard !runs.isEmpty else { return nil }
        self.runs = runs
        style = card.style
    }

    /// The band's colour, opaque: the section's colour over the card.
    func headerColor(_ run: SectionBands.Run) -> Color {
        run.section.color.withOpacity(Self.headerTint).over(style.background.over(.white))
    }

    func bodyColor(_ run: SectionBands.Run) -> Color {
        run.section.color.withOpacity(Self.bodyTint).over(style.background.over(.white))
    }

    /// The section's name in its colour made readable at 4.5:1 on its band, wrapped to `width`.
    func name(_ run: SectionBands.Run, width: Double, measurer: any TextMeasuring) -> TextBlock {
        let color = run.section.color.readable(on: headerColor(run), minimum: Color.readableContrast, target: 6)
        return TextBlock(
            run.section.name, font: "\(style.font) Semi-Bold 13", color: color.rgba, width: max(1, width),
            measurer: measurer)
    }

    /// The description with each section's name on a line of its own before its run's first item
    /// (one line per drawn text: the band's name is drawn too); unchanged unless it has one line per row.
    func describe(_ description: inout [String], rows: Int) {
        guard description.count == rows else { return }
        for run in runs.reversed() {
            let name = run.section.name.split(whereSeparator: \.isNewline).joined(separator: " ")
            description.insert(name, at: run.first)
        }
    }

    /// Every text inside a run's items' box made readable on its tint (titles and events keep
    /// 4.5:1 there, as on the card).
    func keepTextsReadable(_ texts: inout [Primitive], boxes: [(run: SectionBands.Run, rect: Rect)]) {
        for index in texts.indices {
            guard case .text(var node) = texts[index], let line = node.lines.first else { continue }
            let point = Point(x: line.x + line.width / 2, y: line.top)
            guard let box = boxes.first(where: { $0.rect.contains(point) }) else { continue }
            let background = bodyColor(box.run)
            let color = Color(red: node.color.r, green: node.color.g, blue: node.color.b, alpha: node.color.a)
            let readable = color.readable(on: background)
            guard readable != color else { continue }
            node.color = readable.rgba
            texts[index] = .text(node)
        }
    }

    /// A run's items' box, tinted, and its header band over the top (or left) of it, with the name.
    func boxes(_ run: SectionBands.Run, body: Rect, header: Rect, name: TextBlock, horizontal: Bool) -> [Primitive] {
        let round = 8.0
        let headerCorners =
            horizontal
            ? CornerRadii(topLeft: round, topRight: round, bottomRight: 0, bottomLeft: 0)
            : CornerRadii(topLeft: round, topRight: 0, bottomRight: 0, bottomLeft: round)
        let inside = header.width - Self.padding * 2
        return [
            .box(BoxNode(rect: body, corners: CornerRadii(all: round), fill: bodyColor(run).rgba)),
            .box(BoxNode(rect: header, corners: headerCorners, fill: headerColor(run).rgba)),
            .text(
                name.placed(
                    x: header.x + Self.padding, top: header.y + Self.padding, width: inside,
                    alignment: horizontal ? .center : .leading)),
        ]
    }
}

extension Rect {
    fileprivate func contains(_ point: Point) -> Bool {
        point.x >= x && point.x <= x + width && point.y >= y && point.y <= y + height
    }
}

extension ListSectionBands {
    /// Horizontal: a header band above each run's columns, from the middle of the gutter before
    /// its first column to the middle of the one after its last. Returns the bands and boxes
    /// (drawn `height` tall under the items), and how far the items move down under the bands.
    func horizontal(centers: [Double], widths: [Double], width: Double, measurer: any TextMeasuring)
        -> (extents: [(left: Double, right: Double)], names: [TextBlock], offset: Double)
    {
        func gutter(after index: Int) -> Double {
            guard index + 1 < centers.count else { return width - centers[index] - widths[index] / 2 }
            return (centers[index + 1] - widths[index + 1] / 2) - (centers[index] + widths[index] / 2)
        }
        let extents = runs.map { run -> (left: Double, right: Double) in
            let before = run.first == 0 ? centers[0] - widths[0] / 2 : gutter(after: run.first - 1) / 2
            let after = run.last == centers.count - 1 ? gutter(after: run.last) : gutter(after: run.last) / 2
            let left = centers[run.first] - widths[run.first] / 2 - before + (run.first == 0 ? 0 : Self.runGap / 2)
            let right =
                centers[run.last] + widths[run.last] / 2 + after
                - (run.last == centers.count - 1 ? 0 : Self.runGap / 2)
            return (left, right)
        }
        let names = zip(runs, extents).map {
            name($0, width: $1.right - $1.left - Self.padding * 2, measurer: measurer)
        }
        let height = (names.map(\.height).max() ?? 0) + Self.padding * 2
        return (extents, names, height + Self.gap)
    }

    /// The boxes of a horizontal card's runs, `bottom` tall (the items' bottom, moved down).
    func horizontalBoxes(
        extents: [(left: Double, right: Double)], names: [TextBlock], offset: Double, bottom: Double
    ) -> [Primitive] {
        runs.indices.flatMap { index -> [Primitive] in
            let (left, right) = extents[index]
            let body = Rect(x: left, y: 0, width: right - left, height: bottom)
            let header = Rect(x: left, y: 0, width: right - left, height: offset - Self.gap)
            return boxes(runs[index], body: body, header: header, name: names[index], horizontal: true)
        }
    }

    /// Vertical: the width of the header column, left of the rows: the widest word of the names
    /// with its padding, at least 96 points and at most 30% of the card.
    func columnWidth(width: Double, measurer: any TextMeasuring) -> Double {
        let font = "\(style.font) Semi-Bold 13"
        let widest = runs.map { SlotWidths.widestWord($0.section.name, font: font, measurer: measurer) }.max() ?? 0
        return min(max(96, widest + Self.padding * 2 + 1), max(96, width * 0.3))
    }
}

/// A vertical list's section runs as its rows are stacked: each run opens with room above its
/// first row and closes with room under its last, at least as tall as its name in the band.
struct VerticalSectionRuns {
    let bands: ListSectionBands
    let column: Double
    private let names: [TextBlock]
    private var runOf: [Int: Int] = [:]
    private(set) var tops: [Double]
    private(set) var bottoms: [Double]
    /// Under the last row when it closes a run (the rows' stacking stops at the last row).
    private(set) var endPadding: Double = 0

    init(_ bands: ListSectionBands, column: Double, measurer: any TextMeasuring) {
        self.bands = bands
        self.column = column
        names = bands.runs.map { bands.name($0, width: column - ListSectionBands.padding * 2, measurer: measurer) }
        for (index, run) in bands.runs.enumerated() {
            runOf[run.first] = index
            runOf[run.last] = index
        }
        tops = bands.runs.map { _ in 0 }
        bottoms = tops
    }

    /// Where row `index` starts: moved down when it opens a run, so the run's box has its padding
    /// and stands `runGap` from the box before.
    mutating func opening(_ index: Int, at y: Double, itemSpacing: Double) -> Double {
        guard let run = runOf[index], bands.runs[run].first == index else { return y }
        let pad = ListSectionBands.padding
        let extra = index == 0 ? pad : max(0, ListSectionBands.runGap + pad * 2 - itemSpacing)
        tops[run] = y + extra - pad
        return y + extra
    }

    /// Where row `index` ends: lower when it closes a run whose name needs more room.
    mutating func closing(_ index: Int, at y: Double) -> Double {
        guard let run = runOf[index], bands.runs[run].last == index else {
            endPadding = 0
            return y
        }
        let pad = ListSectionBands.padding
        bottoms[run] = max(y + pad, tops[run] + names[run].height + pad * 2)
        endPadding = pad
        return bottoms[run] - pad
    }

    /// Each run's box across the card and its band in the column, and the boxes the rows' texts sit on.
    func boxes(width: Double) -> (nodes: [Primitive], bodies: [(run: SectionBands.Run, rect: Rect)]) {
        var nodes: [Primitive] = []
        var bodies: [(run: SectionBands.Run, rect: Rect)] = []
        for (index, run) in bands.runs.enumerated() {
            let height = bottoms[index] - tops[index]
            let body = Rect(x: 0, y: tops[index], width: width, height: height)
            let header = Rect(x: 0, y: tops[index], width: column, height: height)
            nodes += bands.boxes(run, body: body, header: header, name: names[index], horizontal: false)
            bodies.append((run, body))
        }
        return (nodes, bodies)
    }
}
