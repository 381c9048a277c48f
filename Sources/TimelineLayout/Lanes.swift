import TimelineModel
import TimelineScene

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
