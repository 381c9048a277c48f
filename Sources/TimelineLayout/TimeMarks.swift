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
