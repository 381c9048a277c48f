import TimelineModel
import TimelineScene

extension VerticalRows {
    /// What the rows draw, layer by layer, in row order.
    struct Drawing {
        var markers: [Primitive] = [], texts: [Primitive] = [], links: [Primitive] = []
        /// Lines from a node at its date to its row's texts, where they were moved apart.
        var leaders: [Primitive] = []
        var stops: [LineStop] = []
        var description: [String] = []
        var truncations: [Truncation] = []
        /// Every row's description is built in this one buffer.
        var describing: [UInt8] = []

        /// Room for `rows` rows' nodes, a few texts each, and their stops and descriptions: a
        /// big card's arrays otherwise grow by copying themselves over and over.
        mutating func reserve(rows: Int) {
            markers.reserveCapacity(rows)
            texts.reserveCapacity(3 * rows)
            stops.reserveCapacity(rows)
            description.reserveCapacity(rows)
        }
    }

    /// Row `index` drawn with its top at `top`: its texts, its node and its link. The node sits
    /// at `node` (a time layout's date) when given, joined to texts moved off it by a leader.
    func draw(_ index: Int, top: Double, node: Double? = nil, into drawing: inout Drawing) {
        let row = shapes[index].row
        // A row outside groups is drawn from its shape in place: copying a shape retains its texts.
        guard row.level > 0 || row.groupEnd != nil else {
            return draw(shapes[index], index, top: top, node: node, into: &drawing)
        }
        var shape = shapes[index]
        let under = GroupBoxes.background(depth: GroupBoxes.depth(of: row), style: style, opacity: groupOpacity)
        shape.stack.keepReadable(on: under)
        // The title and status columns lie inside the group's box; the event column outside it.
        if swapped[index] {
            var label = shape.label.map { TextStack(blocks: [$0]) }
            label?.keepReadable(on: under)
            shape.label = label?.blocks.first
        } else {
            shape.status?.keepReadable(on: under)
        }
        draw(shape, index, top: top, node: node, into: &drawing)
    }

    private func draw(_ shape: RowShape, _ index: Int, top: Double, node: Double?, into drawing: inout Drawing) {
        let item = shape.row.item
        let textCenter = top + shape.centerOffset
        let center = Point(x: lineX, y: node ?? textCenter)
        shape.stack.place(
            x: shape.left, top: textCenter - shape.stack.firstLineHeight / 2, width: shape.textWidth, alignment: .left,
            into: &drawing.texts)
        // Any of the row's texts cut (title column, event label, status) is reported once.
        let label = shape.label.flatMap { $0.measured.isTruncated ? $0.source : nil }
        if let cut = shape.stack.cutText ?? label ?? shape.status?.cutText {
            drawing.truncations.append(text.truncation(item, cut: cut))
        }
        // Label and status flush right, as their columns' own texts are, so each column keeps one edge.
        let eventColumn = (x: 0.0, width: columns.labelWidth)
        let statusColumn = (x: columns.statusX, width: columns.statusWidth)
        let (labelColumn, statusTextColumn) = swapped[index] ? (statusColumn, eventColumn) : (eventColumn, statusColumn)
        if let label = shape.label {
            let placed = label.placed(
                x: labelColumn.x, top: top + shape.labelTop, width: labelColumn.width, alignment: .right)
            drawing.texts.append(.text(placed))
        }
        shape.status?.place(
            x: statusTextColumn.x, top: top + shape.statusTop, width: statusTextColumn.width, alignment: .right,
            into: &drawing.texts)
        let look = NodeLook(item: item, style: style, isOverdue: item.isOverdue(now: text.now))
        NodeDrawing.node(look: look, item: item, center: center, size: shape.size, style: style, into: &drawing.markers)
        let reach = look.shape == .none || shape.size <= 0 ? 0 : shape.size / 2
        drawing.stops.append(LineStop(center: center, reach: reach, status: item.status))
        if abs(center.y - textCenter) > 1 {
            drawing.leaders.append(
                .line(
                    LineNode(
                        from: Point(x: lineX + reach + 2, y: center.y), to: Point(x: shape.left - 4, y: textCenter),
                        stroke: Stroke(color: style.lineColor.rgba, width: 1))))
            // The event text moved with its row: a leader on its side too, so its time reads as the node's.
            let eventRight = labelColumn.x + labelColumn.width + 4
            if shape.label != nil, !swapped[index], eventRight < lineX - reach - 2 {
                drawing.leaders.append(
                    .line(
                        LineNode(
                            from: Point(x: lineX - reach - 2, y: center.y), to: Point(x: eventRight, y: textCenter),
                            stroke: Stroke(color: style.lineColor.rgba, width: 1))))
            }
        }
        let rect = Rect(x: shape.left, y: top, width: shape.textWidth, height: shape.height)
        drawing.links += Primitive.itemLink(item.link, over: rect, label: item.title)
        drawing.description.append(text.describe(item, label: labels[index], scratch: &drawing.describing))
    }

    /// A tinted box behind each group, from its row's top to its last row's bottom (`bottoms`).
    func groupBoxes(tops: [Double], bottoms: [Double]) -> [Primitive] {
        // A top-level group's box starts left of the widest node; a nested one's at its indent.
        func left(_ row: ItemRow) -> Double {
            row.level == 0 ? columns.lineX - columns.widest / 2 : columns.textX(row.level)
        }
        return GroupBoxes.vertical(
            rows, tops: tops, bottoms: bottoms, width: width, style: style, opacity: groupOpacity,
            left: { left($0) - style.groupPadding })
    }
}
