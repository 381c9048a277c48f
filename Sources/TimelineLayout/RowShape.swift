import TimelineScene

/// One vertical row measured: its texts and its geometry relative to the row's top. The node
/// sits on the middle of the title's first line (or the title's first line on the node's middle,
/// when the node is taller); the event label and the status share that line's baseline.
struct RowShape {
    var row: ItemRow
    var size: Double
    var stack: TextStack
    var label: TextBlock?
    var status: TextStack?
    /// Tops of the label and status texts below the row's top.
    var labelTop: Double
    var statusTop: Double
    /// Left edge and width of the title column.
    var left: Double
    var textWidth: Double
    /// Node centre below the row's top.
    var centerOffset: Double
    var height: Double

    init(_ row: ItemRow, _ texts: RowTexts, size: Double, left: Double) {
        let stack = texts.stack
        let lineHeight = stack.blocks.isEmpty ? size : stack.firstLineHeight
        let centerOffset = max(lineHeight, size) / 2
        let textTop = centerOffset - lineHeight / 2
        var height = max(textTop + stack.height, centerOffset + size / 2)
        // Without a title, event and status texts centre on the node.
        let baseline = stack.blocks.first?.measured.lines.first.map { textTop + $0.baseline }
        func top(_ first: TextBlock?) -> Double {
            guard let first else { return textTop }
            if let baseline, let own = first.measured.lines.first?.baseline { return baseline - own }
            return centerOffset - first.firstLineHeight / 2
        }
        let labelTop = top(texts.label)
        if let label = texts.label { height = max(height, labelTop + label.height) }
        let statusTop = top(texts.status?.blocks.first)
        if let status = texts.status { height = max(height, statusTop + status.height) }
        // A label or status in a taller font than the title's could start above the row: the
        // row then starts there, and everything else moves down.
        let rise = max(0, -min(labelTop, statusTop))
        self.row = row
        self.size = size
        self.stack = stack
        label = texts.label
        status = texts.status
        self.labelTop = labelTop + rise
        self.statusTop = statusTop + rise
        self.left = left
        textWidth = texts.textWidth
        self.centerOffset = centerOffset + rise
        self.height = height + rise
    }
}
