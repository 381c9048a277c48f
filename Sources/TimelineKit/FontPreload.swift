import Dispatch
import TimelineCairo
import TimelineModel
import TimelineSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The default fonts loaded on another thread while the command line is parsed: a small render
/// spends about as long parsing its arguments as loading fonts, and the machine has a second
/// core. The first renderer with default font options takes the library; anything else ignores it.
package enum FontPreload {
    /// Starts loading; call once, before parsing.
    package static func start() {
        state.access.wait()
        defer { state.access.signal() }
        guard !state.started else { return }
        state.started = true
        state.loaded.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            // What the main thread meets first between parsing and the first document, paid here:
            // the cores (cgroup files read), and URL's first use in naming an input file.
            _ = BatchRender.cores
            _ = InputSource(file: "warm-up.yaml")
            if let library = try? FontLibrary() {
                warmUp(library)
                state.library = Handoff(library: library)
            }
            state.loaded.leave()
        }
    }

    /// The preloaded library when `fontDirectories` and `systemFonts` are the defaults, waiting
    /// for it if it is still loading; nil when none was started or it was taken already.
    static func take(fontDirectories: [String], systemFonts: Bool) -> FontLibrary? {
        guard fontDirectories.isEmpty, !systemFonts else { return nil }
        state.access.wait()
        defer { state.access.signal() }
        guard state.started else { return nil }
        state.loaded.wait()
        defer { state.library = nil }
        return state.library?.library
    }

    /// Shapes a sample in the default theme's fonts, so HarfBuzz's plans are compiled and the
    /// common glyphs' extents cached before the first document needs them; then renders a small
    /// card as SVG, which pays on this thread, while the other still parses the command line, what
    /// the first document costs once per process: Swift's runtime resolving the generic types and
    /// conformances of decoding, layout and the SVG writer, cairo's scaled fonts and outlines.
    /// Nothing it shaped is kept.
    private static func warmUp(_ library: FontLibrary) {
        PangoTextMeasurer(fonts: library).warmUp(defaultFonts)
        let renderer = TimelineRenderer(options: RenderOptions(), fonts: library)
        _ = try? renderer.render(sample)
        library.discardShapedLines()
    }

    /// Items with a title, a subtitle and a status, as in most cards; a letter each, since every
    /// new glyph costs its outline, which the documents' own glyphs pay anyway.
    static let sample = InputSource(
        displayName: "warm-up", baseName: "warm-up",
        data: Data(
            """
            version: 1
            cards:
              - items:
                  - { title: S, subtitle: T, status: complete }
                  - { title: E, status: end }
            """.utf8),
        format: .yaml, directory: "/")

    /// The fonts of the default theme's titles, subtitles and labels.
    static var defaultFonts: [String] {
        let style = Style()
        return [style.resolvedTitleFont, style.resolvedSubtitleFont, style.resolvedEventFont]
    }

    /// A library moved from the loading thread to the one that renders with it; used by one
    /// thread at a time.
    private struct Handoff: @unchecked Sendable {
        let library: FontLibrary
    }

    /// `access` guards `started` and `library`; `loaded` is left once the library is there.
    private final class State: @unchecked Sendable {
        let access = DispatchSemaphore(value: 1)
        let loaded = DispatchGroup()
        var started = false
        var library: Handoff?
    }
    private static let state = State()
}
