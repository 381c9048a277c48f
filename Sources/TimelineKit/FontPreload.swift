import TimelineBreaks
import TimelineCairo
import TimelineModel
import TimelinePolicy

/// The default fonts loaded on the text thread while the command line is parsed: a small render
/// spends about as long parsing its arguments as loading fonts, and the machine has a second
/// core. The library is the one every renderer with the default font options shares
/// (`FontLibrary.shared`), so the first of them finds it loaded, or waits for it behind the
/// text thread's other work.
package enum FontPreload {
    /// Starts loading and warming up the default fonts, then the line-break rules (unless the
    /// thread reading the input has: `TimelineRenderer.readAhead`), on the text thread; call
    /// before parsing. Later calls add nothing. Where the text thread cannot start, nothing is
    /// loaded ahead: the first renderer loads the fonts itself, after the arguments and the input
    /// are read, so help and mistakes are still told as such.
    package static func start() {
        TextThread.postIfStarted {
            guard !warmed,
                let library = try? FontLibrary.shared(extraDirectories: [], systemFonts: false, limits: Limits())
            else { return }
            warmed = true
            // Each font is matched as the warm-up first shapes in it: asking Pango for both
            // fonts' sets first, to match them on its threads at once, made renders slower
            // (#48: 0.98 of the time without it for 8 items, 0.96 for 1,000).
            PangoTextMeasurer(fonts: library).warmUp(itemFonts)
            // While a large input is still decoded; after a small one, its thread has loaded them.
            LineBreaks.prepare()
        }
    }

    /// Whether the default library was warmed up; the text thread's.
    nonisolated(unsafe) private static var warmed = false

    /// The default theme's title and subtitle fonts, whose HarfBuzz plans and common glyphs the
    /// warm-up makes ready: the render waits for the text thread, so a font warmed here that the
    /// card does not draw (the event font of cards without dates) only delays it; a card with
    /// dates loads that font as it measures them.
    static var itemFonts: [String] {
        let style = TimelineModel.Style()
        return [style.resolvedTitleFont, style.resolvedSubtitleFont]
    }
}
