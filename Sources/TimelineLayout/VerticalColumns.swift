import TimelineModel

/// Where the columns of a vertical card sit: event labels, the line, the text (indented per
/// group level) and the status column. Shared by the list and time layouts.
struct VerticalColumns {
    static let gutter: Double = 12

    let labelWidth: Double
    let statusWidth: Double
    /// The widest node, which every text column clears.
    let widest: Double
    let lineX: Double
    /// Right edge of the title column.
    let textRight: Double
    private let nestIndent: Double

    init(style: Style, width: Double, sizes: [Double], hasLabels: Bool, hasStatus: Bool) {
        labelWidth = hasLabels ? style.eventColumnWidth : 0
        statusWidth = hasStatus ? style.statusColumnWidth : 0
        widest = sizes.max() ?? style.shapeSize
        lineX = labelWidth + (hasLabels ? Self.gutter : 0) + widest / 2
        textRight = width - (hasStatus ? statusWidth + Self.gutter : 0)
        nestIndent = style.nestIndent
    }

    /// Left edge of the text of an item `level` groups deep.
    func textX(_ level: Int) -> Double { lineX + widest / 2 + 14 + Double(level) * nestIndent }
}
