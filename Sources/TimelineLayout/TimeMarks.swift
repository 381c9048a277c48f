import TimelineModel
import TimelineScene

/// The marks only time layouts draw: period bars and break marks.
enum TimeMarks {
    /// Half the gap left in a broken line.
    static let breakHalfGap: Double = 3.5

    /// `line` cut around `middle` (a position along it), with two short slanted parallel strokes
    /// across it: time was compressed there. A line not reaching past the cut is returned whole.
    static func broken(_ line: LineNode, at middle: Double, vertical: Bool) -> [Primitive] {
        let (from, to) = vertical ? (line.from.y, line.to.y) : (line.from.x, line.to.x)
        guard middle - breakHalfGap > from + 1, middle + breakHalfGap < to - 1 else { return [.line(line)] }
        // Along-axis and across-axis points, mapped to x/y by direction.
        func point(along: Double, across: Double) -> Point {
            vertical ? Point(x: line.from.x + across, y: along) : Point(x: along, y: line.from.y + across)
        }
        var first = line
        var second = line
        first.to = point(along: middle - breakHalfGap, across: 0)
        second.from = point(along: middle + breakHalfGap, across: 0)
        return [.line(first), .line(second)]
            + strokes(
                at: middle, across: vertical ? line.from.x : line.from.y,
                stroke: line.stroke, vertical: vertical)
    }

    /// The two slanted strokes of a break mark centred at `middle` on a line at `across`.
    static func strokes(at middle: Double, across: Double, stroke: Stroke, vertical: Bool) -> [Primitive] {
        let reach = max(5, stroke.width * 3)
        var thin = stroke
        thin.width = max(1, stroke.width * 0.75)
        func point(along: Double, offset: Double) -> Point {
            vertical ? Point(x: across + offset, y: along) : Point(x: along, y: across + offset)
        }
        return [middle - breakHalfGap, middle + breakHalfGap].map { center in
            Primitive.line(
                LineNode(
                    from: point(along: center + reach * 0.45, offset: -reach),
                    to: point(along: center - reach * 0.45, offset: reach), stroke: thin))
        }
    }

    /// A period from `start` to `end` along a line at `across`: a rounded bar in the node color,
    /// translucent so the line shows through, drawn under the nodes.
    static func periodBar(start: Double, end: Double, across: Double, thickness: Double, color: Color, vertical: Bool)
        -> Primitive
    {
        let length = max(thickness, end - start)
        let rect =
            vertical
            ? Rect(
                x: across - thickness / 2, y: start - thickness / 2, width: thickness, height: length + thickness / 2)
            : Rect(
                x: start - thickness / 2, y: across - thickness / 2, width: length + thickness / 2, height: thickness)
        return .box(BoxNode(rect: rect, corners: CornerRadii(all: thickness / 2), fill: color.withOpacity(0.35).rgba))
    }

    /// The bar's thickness for a node of `size`.
    static func barThickness(size: Double, style: Style) -> Double {
        // A group's bigger node would make a heavy bar: bars never outgrow a plain node's.
        max(style.lineWidth * 3, min(size, style.shapeSize) * 0.7)
    }

    /// The line between consecutive nodes, broken where a cut's middle (`breaks`, positions along
    /// the line) falls on a segment.
    static func line(_ stops: [LineStop], breaks: [Double], style: Style, vertical: Bool) -> [Primitive] {
        var nodes: [Primitive] = []
        for segment in LineStop.segments(stops, style: style, vertical: vertical) {
            guard case .line(let line) = segment else { continue }
            var pieces: [Primitive] = [.line(line)]
            for middle in breaks {
                pieces = pieces.flatMap { piece -> [Primitive] in
                    guard case .line(let part) = piece else { return [piece] }
                    let (from, to) = vertical ? (part.from.y, part.to.y) : (part.from.x, part.to.x)
                    return middle > from && middle < to ? broken(part, at: middle, vertical: vertical) : [piece]
                }
            }
            nodes += pieces
        }
        return nodes
    }
}

/// Lanes for periods that overlap in time: each period takes the first lane free at its start.
enum PeriodLanes {
    /// Lane of each interval (0 first); touching periods share a lane.
    static func assign(_ intervals: [(start: Double, end: Double)]) -> [Int] {
        var lanes = [Int](repeating: 0, count: intervals.count)
        var laneEnds: [Double] = []
        for index in intervals.indices.sorted(by: { intervals[$0].start < intervals[$1].start }) {
            let interval = intervals[index]
            if let free = laneEnds.firstIndex(where: { $0 <= interval.start }) {
                lanes[index] = free
                laneEnds[free] = interval.end
            } else {
                lanes[index] = laneEnds.count
                laneEnds.append(interval.end)
            }
        }
        return lanes
    }
}

/// Period bars of a card in their lanes: lane 0 lies on the line, each further lane one bar
/// further out (right of a vertical line, below a horizontal one), joined to its node by a tick.
struct Lanes {
    /// Lane of each row that is a period.
    let lane: [Int?]
    let thickness: Double
    var pitch: Double { thickness + 3 }
    let count: Int
    /// Room the lanes past the first take beside the line.
    var extraWidth: Double { Double(max(0, count - 1)) * pitch }

    init(rows: [ItemRow], intervals: [(start: Double, end: Double)?], style: Style) {
        let periods = rows.indices.filter { rows[$0].item.end != nil && intervals[$0] != nil }
        let assigned = PeriodLanes.assign(periods.compactMap { intervals[$0] })
        var lane = [Int?](repeating: nil, count: rows.count)
        for (position, index) in periods.enumerated() { lane[index] = assigned[position] }
        self.lane = lane
        count = (assigned.max() ?? -1) + 1
        thickness = TimeMarks.barThickness(size: style.shapeSize, style: style)
    }

    /// The bar of a period starting at the node `center` and ending at `end` along the line.
    func bar(lane: Int, from center: Point, to end: Double, color: Color, vertical: Bool) -> [Primitive] {
        let offset = Double(lane) * pitch
        let across = (vertical ? center.x : center.y) + offset
        let start = vertical ? center.y : center.x
        let bar = TimeMarks.periodBar(
            start: start, end: end, across: across, thickness: thickness, color: color, vertical: vertical)
        guard lane > 0 else { return [bar] }
        let tick =
            vertical
            ? LineNode(
                from: center, to: Point(x: across, y: center.y),
                stroke: Stroke(color: color.withOpacity(0.6).rgba, width: 1.5))
            : LineNode(
                from: center, to: Point(x: center.x, y: across),
                stroke: Stroke(color: color.withOpacity(0.6).rgba, width: 1.5))
        return [.line(tick), bar]
    }
}
