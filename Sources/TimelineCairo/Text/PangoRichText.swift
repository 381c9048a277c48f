import TimelineScene

extension PangoTextMeasurer {
    /// Runs wrapped as one paragraph where its plain text would break (`measureRunsAsPlainText`):
    /// our opportunities across runs, a word too wide broken by `wordPieces`; each run on a line
    /// measured and shaped as a line of its own, as it is drawn.
    public func measure(runs: [TextRun], maxWidth: Double) -> MeasuredRichText {
        guard TextThread.isCurrent else { return TextThread.run { measure(runs: runs, maxWidth: maxWidth) } }
        return measureRunsAsPlainText(runs, maxWidth: maxWidth)
    }
}
