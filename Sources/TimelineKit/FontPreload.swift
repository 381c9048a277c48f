import Dispatch
import TimelineCairo
import TimelineModel
import TimelineThreads

/// The default fonts loaded on another thread while the command line is parsed: a small render
/// spends about as long parsing its arguments as loading fonts, and the machine has a second
/// core. The first renderer with default font options takes the library; anything else ignores it.
package enum FontPreload {
    /// Starts loading; call once, before parsing.
    package static func start() {
        state.access.wait()
        defer { state.access.signal() }
        guard state.loading == nil else { return }
        // Where the pool cannot start it (a process limit), the render that takes the library
        // loads it itself, after the arguments and the input are read: help and mistakes are
        // still told as such.
        state.loading = PoolJob {
            if let library = try? FontLibrary() {
                FontLibrary.pangoTurn.withLock { warmUp(library) }
                state.library = Handoff(library: library)
            }
        }
    }

    /// The preloaded library when `fontDirectories` and `systemFonts` are the defaults, waiting
    /// for it if it is still loading; nil when none was started or it was taken already.
    static func take(fontDirectories: [String], systemFonts: Bool) -> FontLibrary? {
        guard fontDirectories.isEmpty, !systemFonts else { return nil }
        state.access.wait()
        defer { state.access.signal() }
        guard let loading = state.loading else { return nil }
        loading.finish()
        defer { state.library = nil }
        return state.library?.library
    }

    /// Returns once the preloaded library is loaded (at once if none was started), without taking it.
    @Sendable static func waitUntilLoaded() {
        state.access.wait()
        let loading = state.loading
        state.access.signal()
        loading?.finish()
    }

    /// Shapes a sample in the fonts of every card's items, so HarfBuzz's plans are compiled and the
    /// common glyphs' extents cached before the first document needs them.
    private static func warmUp(_ library: FontLibrary) {
        library.startLoading(itemFonts)
        PangoTextMeasurer(fonts: library).warmUp(itemFonts)
    }

    /// The default theme's title and subtitle fonts: the render waits for this thread, so a
    /// font warmed here that the card does not draw (the event font of cards without dates)
    /// only delays it; a card with dates loads that font as it measures them.
    static var itemFonts: [String] {
        let style = TimelineModel.Style()
        return [style.resolvedTitleFont, style.resolvedSubtitleFont]
    }

    /// A library moved from the loading thread to the one that renders with it; used by one
    /// thread at a time.
    private struct Handoff: @unchecked Sendable {
        let library: FontLibrary
    }

    /// `access` guards `loading` and `library`; `library` is set before `loading` finishes.
    private final class State: @unchecked Sendable {
        let access = DispatchSemaphore(value: 1)
        var loading: PoolJob?
        var library: Handoff?
    }
    private static let state = State()
}
