import TimelineModel
import TimelineScene

/// An item in reading order with its depth, flattened without recursion. A class: layouts pass
/// rows around and loop over them several times, and each copy of a struct holding an item
/// retained and released its dozen strings. Only `flatten` and `markDays` change a row.
final class ItemRow {
    let item: Item
    let level: Int
    /// For a group: index of its last descendant row.
    private(set) var groupEnd: Int?
    /// Whether it is the first item of its day (always true without day grouping).
    private(set) var startsDay = true
    /// Rows closed right after this one (groups whose last descendant it is).
    private(set) var closesGroups = 0

    init(item: Item, level: Int) {
        self.item = item
        self.level = level
    }

    /// A list being walked: the next item to take and the group whose children these are.
    private struct Walk {
        let items: [Item]
        var next = 0
        let group: ItemRow?
    }

    static func flatten(_ items: [Item]) -> [ItemRow] {
        var rows: [ItemRow] = []
        rows.reserveCapacity(items.count)
        var walks = [Walk(items: items, group: nil)]
        while let depth = walks.indices.last {
            let index = walks[depth].next
            guard index < walks[depth].items.count else {
                if let group = walks.removeLast().group, let last = rows.last {
                    group.groupEnd = rows.count - 1
                    last.closesGroups += 1
                }
                continue
            }
            walks[depth].next += 1
            let row = ItemRow(item: walks[depth].items[index], level: depth)
            rows.append(row)
            if let children = row.item.children, !children.isEmpty {
                walks.append(Walk(items: children, group: row))
            }
        }
        return rows
    }

    /// Marks which rows begin a new day (by the date's own calendar day).
    static func markDays(_ rows: [ItemRow]) {
        var previousDay: Int?
        for row in rows {
            let day = row.item.date.map { $0.civil.dayNumber }
            row.startsDay = day == nil || day != previousDay
            previousDay = day ?? previousDay
        }
    }
}

extension ItemRow {
    /// A card's rows with their left-column labels: with `groupBy: day` the day on a day's first
    /// item only, otherwise each item's event text.
    static func rows(of card: Card, text: ItemText) -> (rows: [ItemRow], labels: [String?]) {
        let rows = flatten(card.items)
        let byDay = card.groupBy == .day
        if byDay { markDays(rows) }
        let labels = rows.map { row in byDay ? (row.startsDay ? text.day(row.item) : nil) : text.event(row.item) }
        return (rows, labels)
    }

    /// The node's size by its role; a day's later items get a small one, which still shows their status.
    func nodeSize(_ style: Style, byDay: Bool) -> Double {
        if byDay, !startsDay { return min(style.subShapeSize, style.shapeSize) }
        if item.isGroup { return style.groupShapeSize }
        return level > 0 ? style.subShapeSize : style.shapeSize
    }
}

/// A node on the line, for drawing the segments between nodes.
struct LineStop {
    var center: Point
    /// Radius along the line: segments start and stop at the node's edge.
    var reach: Double
    var status: Status

    /// Segments joining consecutive stops edge to edge, skipping before `start` and after `end`.
    static func segments(_ stops: [LineStop], style: Style, vertical: Bool) -> [Primitive] {
        guard style.lineWidth > 0 else { return [] }
        var nodes: [Primitive] = []
        let stroke = Stroke(color: style.lineColor.rgba, width: style.lineWidth)
        for (previous, next) in zip(stops, stops.dropFirst()) {
            if previous.status.cutsTrailingLine || next.status.cutsLeadingLine { continue }
            let from =
                vertical
                ? Point(x: previous.center.x, y: previous.center.y + previous.reach)
                : Point(x: previous.center.x + previous.reach, y: previous.center.y)
            let to =
                vertical
                ? Point(x: next.center.x, y: next.center.y - next.reach)
                : Point(x: next.center.x - next.reach, y: next.center.y)
            if (vertical ? to.y - from.y : to.x - from.x) > 0.01 {
                nodes.append(.line(LineNode(from: from, to: to, stroke: stroke)))
            }
        }
        return nodes
    }
}
