import TimelineModel
import TimelineScene

/// Where dated items want to sit on a time axis: `dayScale` points per day, with every gap longer
/// than `maxGap` points compressed to `maxGap` (and marked, so the reader knows time was cut).
struct TimeAxis {
    /// Wanted node position of each item, relative to the first item's.
    var offsets: [Double]
    /// `breaks[i]`: the gap between item `i` and `i + 1` was compressed.
    var breaks: [Bool]

    let dates: [DateValue?]
    let dayScale: Double
    let maxGap: Double

    /// Items keep their input order: a date earlier than the one before it adds no distance, so
    /// the line never runs backwards (the overlap resolver then keeps them apart).
    init(dates: [DateValue?], dayScale: Double, maxGap: Double) {
        self.dates = dates
        self.dayScale = max(0, dayScale)
        self.maxGap = max(0, maxGap)
        var offsets: [Double] = [], breaks: [Bool] = []
        var position: Double = 0
        var previous: DateValue?
        for date in dates {
            if let date, let before = previous {
                let raw = Self.distance(from: before, to: date, dayScale: self.dayScale)
                if raw > self.maxGap {
                    breaks.append(true)
                    position += self.maxGap
                } else {
                    breaks.append(false)
                    position += raw
                }
            } else if !offsets.isEmpty {
                breaks.append(false)
            }
            offsets.append(position)
            previous = date ?? previous
        }
        self.offsets = offsets
        self.breaks = breaks
    }

    /// Uncompressed distance in points between two dates (never negative).
    static func distance(from start: DateValue, to end: DateValue, dayScale: Double) -> Double {
        max(0, (end.instant - start.instant) / 86_400 * dayScale)
    }

    /// Where `end` falls on the final axis, for a period starting at item `index`: interpolated
    /// between the final positions of the items around it, or past the last one (gap capped).
    func position(of end: DateValue, from index: Int, centers: [Double]) -> Double {
        guard index < centers.count, index < dates.count else { return 0 }
        var last = index
        while last + 1 < dates.count, last + 1 < centers.count, let next = dates[last + 1], next <= end {
            last += 1
        }
        guard let lastDate = dates[last] ?? dates[index] else { return centers[index] }
        if last + 1 < dates.count, last + 1 < centers.count, let next = dates[last + 1], next.instant > lastDate.instant {
            if last < breaks.count, breaks[last] {
                // A compressed gap keeps true scale on both sides of its break mark, in the middle;
                // a period reaching into the cut stops just short of the mark.
                let half = max(0, (centers[last + 1] - centers[last]) / 2 - TimeMarks.breakHalfGap * 2 - 2)
                let fromStart = Self.distance(from: lastDate, to: end, dayScale: dayScale)
                let toNext = Self.distance(from: end, to: next, dayScale: dayScale)
                return fromStart <= toNext ? centers[last] + min(fromStart, half) : centers[last + 1] - min(toNext, half)
            }
            let fraction = (end.instant - lastDate.instant) / (next.instant - lastDate.instant)
            return centers[last] + (centers[last + 1] - centers[last]) * max(0, min(1, fraction))
        }
        return centers[last] + min(maxGap, Self.distance(from: lastDate, to: end, dayScale: dayScale))
    }
}

/// The marks only time layouts draw: period bars and line breaks.
enum TimeMarks {
    /// Half the gap left in a broken line.
    static let breakHalfGap: Double = 3.5

    /// The line between two nodes cut around its middle, with two short slanted parallel strokes
    /// across it: a gap that was compressed. Too short a line is returned whole.
    static func broken(_ line: LineNode, vertical: Bool) -> [Primitive] {
        let length = vertical ? line.to.y - line.from.y : line.to.x - line.from.x
        guard length > breakHalfGap * 2 + 6 else { return [.line(line)] }
        let middle = vertical ? (line.from.y + line.to.y) / 2 : (line.from.x + line.to.x) / 2
        // Along-axis and across-axis points, mapped to x/y by direction.
        func point(along: Double, across: Double) -> Point {
            vertical ? Point(x: line.from.x + across, y: along) : Point(x: along, y: line.from.y + across)
        }
        var first = line, second = line
        first.to = point(along: middle - breakHalfGap, across: 0)
        second.from = point(along: middle + breakHalfGap, across: 0)
        let reach = max(5, line.stroke.width * 3)
        var stroke = line.stroke
        stroke.width = max(1, line.stroke.width * 0.75)
        let strokes = [middle - breakHalfGap, middle + breakHalfGap].map { center in
            Primitive.line(LineNode(from: point(along: center + reach * 0.45, across: -reach),
                                    to: point(along: center - reach * 0.45, across: reach), stroke: stroke))
        }
        return [.line(first), .line(second)] + strokes
    }

    /// A period from `start` to `end` along the line at `across`: a rounded bar in the node color,
    /// translucent so the line shows through, drawn under the nodes.
    static func periodBar(start: Double, end: Double, across: Double, thickness: Double, color: Color, vertical: Bool) -> Primitive {
        let length = max(thickness, end - start)
        let rect = vertical
            ? Rect(x: across - thickness / 2, y: start - thickness / 2, width: thickness, height: length + thickness / 2)
            : Rect(x: start - thickness / 2, y: across - thickness / 2, width: length + thickness / 2, height: thickness)
        return .box(BoxNode(rect: rect, corners: CornerRadii(all: thickness / 2), fill: color.withOpacity(0.35).rgba))
    }

    /// The bar's thickness for a node of `size`.
    static func barThickness(size: Double, style: Style) -> Double {
        // A group's bigger node would make a heavy bar: bars never outgrow a plain node's.
        max(style.lineWidth * 3, min(size, style.shapeSize) * 0.7)
    }
}
