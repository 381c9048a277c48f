import TimelineModel

/// Where the columns of a vertical card sit: event labels, the line, the text (indented per
/// group level) and the status column, with widths from a `ColumnPlan`. Shared by the list and
/// time layouts.
struct VerticalColumns {
    static let gutter: Double = 12
    /// Between the widest node's edge and the text.
    static let textGap: Double = 14
    /// Group levels that indent further (on the left by `nestIndent`, on the right by the group
    /// padding): deeper ones stay at the last, so a deep node is never far from its title.
    static let indentedLevels = 4

    /// How many steps in a row `level` groups deep is indented.
    static func indentSteps(_ level: Int) -> Double { Double(min(max(0, level), indentedLevels)) }

    let labelWidth: Double
    let statusWidth: Double
    /// The widest node, which every text column clears.
    let widest: Double
    let lineX: Double
    /// Right edge of the title column.
    let textRight: Double
    /// Left edge of the status column.
    let statusX: Double
    private let nestIndent: Double

    init(style: Style, width: Double, widest: Double, plan: ColumnPlan) {
        labelWidth = plan.labelWidth
        statusWidth = plan.statusWidth
        self.widest = widest
        lineX = labelWidth + (labelWidth > 0 ? Self.gutter : 0) + widest / 2
        statusX = width - plan.rightInset - statusWidth
        textRight = statusX - (statusWidth > 0 ? Self.gutter : 0)
        nestIndent = style.nestIndent
    }

    /// Left edge of the text of an item `level` groups deep.
    func textX(_ level: Int) -> Double {
        lineX + widest / 2 + Self.textGap + Self.indentSteps(level) * nestIndent
    }
}
