import TimelineModel
import TimelineScene

/// The translucent boxes behind groups in vertical layouts.
enum GroupBoxes {
    /// One box per group row, from `groupPadding` above the group's row to `groupPadding` below
    /// its last descendant; groups closing on the same row step down one padding each from the
    /// innermost out, so every box shows its own bottom edge (the rows below already leave that
    /// room: a row is followed by one padding per group it closes). A nested box is inset on the
    /// right by one padding a level (up to `VerticalColumns.indentedLevels`), as on the left.
    static func vertical(
        _ rows: [ItemRow], tops: [Double], bottoms: [Double], width: Double, style: Style,
        opacity: Double, left: (ItemRow) -> Double
    ) -> [Primitive] {
        var boxes: [Primitive] = []
        for (index, row) in rows.enumerated() {
            guard let end = row.groupEnd else { continue }
            let inner = rows[index..<(end + 1)].filter { $0.groupEnd == end && $0.level > row.level }.count
            let x = left(row)
            let right = width - style.groupPadding * VerticalColumns.indentSteps(row.level)
            let top = tops[index] - style.groupPadding
            let bottom = bottoms[end] + style.groupPadding * Double(inner + 1)
            boxes.append(
                .box(
                    BoxNode(
                        rect: Rect(x: x, y: top, width: right - x, height: bottom - top),
                        corners: CornerRadii(all: 10), fill: style.nodeColor.withOpacity(opacity).rgba)))
        }
        return boxes
    }

    /// What a row's texts sit on: the card under `depth` group boxes.
    static func background(depth: Int, style: Style, opacity: Double) -> Color {
        var color = style.background.over(.white)
        for _ in 0..<depth { color = style.nodeColor.withOpacity(opacity).over(color) }
        return color
    }

    /// How many group boxes a row sits in: its enclosing groups, and its own when it is one.
    static func depth(of row: ItemRow) -> Int { row.level + (row.groupEnd != nil ? 1 : 0) }
}

extension TextStack {
    /// Each block's color, made readable on `background` when it is not (group boxes tint what
    /// text sits on).
    mutating func keepReadable(on background: Color) {
        func readable(_ rgba: RGBA) -> RGBA {
            Color(red: rgba.r, green: rgba.g, blue: rgba.b, alpha: rgba.a).readable(on: background).rgba
        }
        for index in blocks.indices {
            blocks[index].color = readable(blocks[index].color)
            if let pair = blocks[index].beside {
                var beside = pair.block
                beside.color = readable(beside.color)
                blocks[index].beside = TextBlock.Beside(beside, firstWidth: pair.firstWidth)
            }
        }
    }
}
