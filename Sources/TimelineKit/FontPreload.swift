import Foundation
import TimelineCairo
import TimelineModel

/// The default fonts loaded on another thread while the command line is parsed: a small render
/// spends as long parsing its arguments as loading fonts, and the machine has a second core.
/// The first renderer with default font options takes the library; anything else ignores it.
public enum FontPreload {
    /// Starts loading; call once, before parsing.
    public static func start() {
        state.condition.lock()
        defer { state.condition.unlock() }
        guard state.thread == nil else { return }
        let thread = Thread {
            let library = try? FontLibrary()
            if let library { warmUp(library) }
            state.condition.lock()
            state.library = library.map(Handoff.init)
            state.done = true
            state.condition.broadcast()
            state.condition.unlock()
        }
        state.thread = thread
        thread.start()
    }

    /// The preloaded library when `fontDirectories` and `systemFonts` are the defaults, waiting
    /// for it if it is still loading; nil when none was started or it was taken already.
    static func take(fontDirectories: [String], systemFonts: Bool) -> FontLibrary? {
        guard fontDirectories.isEmpty, !systemFonts else { return nil }
        state.condition.lock()
        defer { state.condition.unlock() }
        guard state.thread != nil else { return nil }
        while !state.done { state.condition.wait() }
        defer { state.library = nil }
        return state.library?.library
    }

    /// Shapes the default theme's fonts once, so HarfBuzz's plans are compiled and the common
    /// glyphs' extents cached before the first document needs them.
    private static func warmUp(_ library: FontLibrary) {
        let style = Style()
        let measurer = PangoTextMeasurer(fonts: library)
        let sample = "ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 ,.:;-–—'()/&"
        for font in [style.resolvedTitleFont, style.resolvedSubtitleFont, style.resolvedEventFont] {
            _ = measurer.measure(sample, font: font, maxWidth: 10_000, maxLines: nil)
        }
        library.discardShapedLines()
    }

    /// A library moved from the loading thread to the one that renders with it; used by one
    /// thread at a time.
    private struct Handoff: @unchecked Sendable {
        let library: FontLibrary
    }

    private final class State: @unchecked Sendable {
        let condition = NSCondition()
        var thread: Thread?
        var done = false
        var library: Handoff?
    }
    private static let state = State()
}
