import TimelineScene

extension PangoTextMeasurer {
    /// Runs wrapped as `measure(runs:maxWidth:)` wraps them, on the text thread, each line's runs
    /// in the visual order of UAX #9 in a paragraph of the base direction `rightToLeft` says.
    public func measure(runs: [TextRun], maxWidth: Double, rightToLeft: Bool?) -> MeasuredRichText {
        guard TextThread.isCurrent else {
            return TextThread.run { measure(runs: runs, maxWidth: maxWidth, rightToLeft: rightToLeft) }
        }
        return measureRunsAsPlainText(runs, maxWidth: maxWidth, rightToLeft: rightToLeft)
    }
}
