import TimelineScene

/// The texts on either side of a vertical list row's line and title: its event label and its
/// status, each on the title's first baseline, whatever the fonts' sizes.
struct RowSides {
    /// The row's title stack, placed at `textTop`.
    let title: TextStack
    let textTop: Double
    let lineHeight: Double
    /// Where the node's middle is, for a row without a title.
    let centerY: Double

    /// Places `label` in the event column and `status` in the status column, or the other way
    /// round when the cell is `swapped`; each flush right, as the column's own texts are, so the
    /// columns keep one edge. Returns the lowest bottom they reach.
    func place(label: TextBlock?, status: TextStack?, swapped: Bool, columns: VerticalColumns,
               into texts: inout [Primitive]) -> Double {
        let eventColumn = (x: 0.0, width: columns.labelWidth)
        let statusColumn = (x: columns.statusX, width: columns.statusWidth)
        let (labelColumn, statusTextColumn) = swapped ? (statusColumn, eventColumn) : (eventColumn, statusColumn)
        let titleBaseline = title.blocks.first?.measured.lines.first?.baseline
        var bottom = -Double.infinity
        if let label {
            let labelBaseline = label.measured.lines.first?.baseline ?? 0
            let top = titleBaseline.map { textTop + $0 - labelBaseline } ?? centerY - label.firstLineHeight / 2
            texts.append(.text(label.placed(x: labelColumn.x, top: top, width: labelColumn.width, alignment: .right)))
            bottom = max(bottom, top + label.height)
        }
        if let status {
            let statusBaseline = status.blocks.first?.measured.lines.first?.baseline ?? 0
            let top = textTop + (titleBaseline ?? lineHeight) - statusBaseline
            status.place(x: statusTextColumn.x, top: top, width: statusTextColumn.width, alignment: .right, into: &texts)
            bottom = max(bottom, top + status.height)
        }
        return bottom
    }
}
