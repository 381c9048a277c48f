import TimelineScene

extension PangoTextMeasurer {
    /// Runs wrapped as one paragraph where its plain text would break (`measureRunsAsPlainText`):
    /// our opportunities across runs, a word too wide broken by `wordPieces`; each run on a line
    /// measured and shaped as a line of its own, as it is drawn, on the text thread, each line's
    /// runs in the visual order of UAX #9 in a paragraph of the base direction `rightToLeft` says.
    public func measure(runs: [TextRun], maxWidth: Double, rightToLeft: Bool?) -> MeasuredRichText {
        guard TextThread.isCurrent else {
            return TextThread.run { measure(runs: runs, maxWidth: maxWidth, rightToLeft: rightToLeft) }
        }
        return measureRunsAsPlainText(runs, maxWidth: maxWidth, rightToLeft: rightToLeft)
    }
}
