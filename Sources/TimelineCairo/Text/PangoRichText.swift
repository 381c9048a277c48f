import CPangoCairo
import TimelineScene

extension PangoTextMeasurer {
    /// Runs wrapped as one paragraph where its plain text would break (`measureRunsAsPlainText`):
    /// our opportunities across runs, a word too wide broken by `wordPieces`; each run on a line
    /// measured and shaped as a line of its own, as it is drawn.
    public func measure(runs: [TextRun], maxWidth: Double) -> MeasuredRichText {
        FontLibrary.pangoTurn.lock()
        defer { FontLibrary.pangoTurn.unlock() }
        return measureRunsAsPlainText(runs, maxWidth: maxWidth)
    }
}
