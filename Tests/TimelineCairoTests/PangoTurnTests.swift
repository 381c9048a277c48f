import CPangoCairo
import Dispatch
import XCTest

@testable import TimelineCairo

/// Fonts whose metrics are first asked for on several threads, each in its turn
/// (`FontLibrary.pangoTurn`), all get their approximate character width: Pango's guard against
/// recursion, one for the whole process, makes a font computed beside another keep a width of 0,
/// and a text in it break differently from run to run.
final class PangoTurnTests: XCTestCase {
    func testFontsMeasuredOnManyThreadsInTurnAllHaveTheirWidth() throws {
        let threads = 4
        let libraries = try (0..<threads).map { _ in try FontLibrary() }
        let languages = ["en", "de", "ja", "ar"]
        // Each size is a font of its own, its metrics computed on first asking.
        let sizes = (0..<60).map { 8 + Double($0) / 4 }
        let widths = UnsafeMutableBufferPointer<Int32>.allocate(capacity: threads * sizes.count * languages.count)
        defer { widths.deallocate() }
        let slots = SendableBuffer(widths)
        let handoff = SendableLibraries(libraries)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let library = handoff.libraries[thread]
            for (sizeIndex, size) in sizes.enumerated() {
                FontLibrary.pangoTurn.lock()
                defer { FontLibrary.pangoTurn.unlock() }
                let description = library.description("Inter \(size)")
                let font = pango_font_map_load_font(library.fontMap, library.context, description)
                for (languageIndex, language) in languages.enumerated() {
                    let metrics = pango_font_get_metrics(font, pango_language_from_string(language))
                    let slot = (thread * sizes.count + sizeIndex) * languages.count + languageIndex
                    slots.buffer[slot] = pango_font_metrics_get_approximate_char_width(metrics)
                    pango_font_metrics_unref(metrics)
                }
                g_object_unref(UnsafeMutableRawPointer(font))
            }
        }
        let zero = widths.enumerated().filter { $0.element <= 0 }.map(\.offset)
        XCTAssertEqual(zero, [], "fonts without an approximate character width")
    }

    private struct SendableBuffer: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Int32>
        init(_ buffer: UnsafeMutableBufferPointer<Int32>) { self.buffer = buffer }
    }

    private struct SendableLibraries: @unchecked Sendable {
        let libraries: [FontLibrary]
        init(_ libraries: [FontLibrary]) { self.libraries = libraries }
    }
}
