import CPangoCairo
import Dispatch
import TimelinePolicy
import XCTest

@testable import TimelineCairo

/// Pango works on the text thread alone (`TextThread`), with no lock: fonts whose metrics are
/// first asked for by several threads at once all get their approximate character width (Pango
/// 1.50 guards that computation with one flag for the whole process: a font measured beside
/// another kept a width of 0, and its text broke otherwise), and every renderer of a set of font
/// options shares one library.
final class TextThreadTests: XCTestCase {
    func testFontsMeasuredForManyThreadsAllHaveTheirWidth() throws {
        let threads = 4
        let libraries = try (0..<threads).map { _ in try FontLibrary() }
        let languages = ["en", "de", "ja", "ar"]
        // Each size is a font of its own, its metrics computed on first asking.
        let sizes = (0..<60).map { 8 + Double($0) / 4 }
        let widths = UnsafeMutableBufferPointer<Int32>.allocate(capacity: threads * sizes.count * languages.count)
        widths.initialize(repeating: 0)
        defer { widths.deallocate() }
        let slots = SendableBuffer(widths)
        let handoff = SendableLibraries(libraries)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let library = handoff.libraries[thread]
            for (sizeIndex, size) in sizes.enumerated() {
                TextThread.run {
                    XCTAssertTrue(TextThread.isCurrent)
                    let font = pango_font_map_load_font(
                        library.fontMap, library.context, library.description("Inter \(size)"))
                    for (languageIndex, language) in languages.enumerated() {
                        let metrics = pango_font_get_metrics(font, pango_language_from_string(language))
                        let slot = (thread * sizes.count + sizeIndex) * languages.count + languageIndex
                        slots.buffer[slot] = pango_font_metrics_get_approximate_char_width(metrics)
                        pango_font_metrics_unref(metrics)
                    }
                    g_object_unref(UnsafeMutableRawPointer(font))
                }
            }
        }
        let zero = widths.enumerated().filter { $0.element <= 0 }.map(\.offset)
        XCTAssertEqual(zero, [], "fonts without an approximate character width")
    }

    /// Asked for at once by several threads, a set of font options gives one library; other
    /// options another.
    func testEveryThreadGetsTheOneLibraryOfItsFontOptions() throws {
        let found = UnsafeMutableBufferPointer<UnsafeMutableRawPointer?>.allocate(capacity: 8)
        found.initialize(repeating: nil)
        defer { found.deallocate() }
        let slots = SendableLibrarySlots(found)
        DispatchQueue.concurrentPerform(iterations: found.count) { index in
            let library = try? FontLibrary.shared(extraDirectories: [], systemFonts: false, limits: Limits())
            slots.buffer[index] = library.map { Unmanaged.passUnretained($0).toOpaque() }
        }
        XCTAssertNotNil(found[0])
        XCTAssertEqual(Set(found.map { $0 }).count, 1, "one library for the default options")
        let other = try FontLibrary.shared(extraDirectories: [], systemFonts: true, limits: Limits())
        XCTAssertNotEqual(Unmanaged.passUnretained(other).toOpaque(), found[0])
    }

    /// A document is measured on the text thread, whatever thread asks; a library's Pango objects
    /// are let go of there too, after the work given before.
    func testMeasuringRunsOnTheTextThreadAndLettingGoFollows() throws {
        XCTAssertFalse(TextThread.isCurrent)
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        let measured = measurer.measuringDocument { measurer -> (Bool, Int) in
            let text = measurer.measure("Plan the launch", font: "Inter 12", maxWidth: 40, maxLines: nil)
            return (TextThread.isCurrent, text.lines.count)
        }
        XCTAssertTrue(measured.result.0, "laid out on the text thread")
        XCTAssertGreaterThan(measured.result.1, 1, "wrapped at 40 pt")
        let released = XCTestExpectation(description: "let go of on the text thread")
        let onTextThread = SendableFlag()
        // Made and let go of on another thread: its deinit gives the letting go to the text thread.
        DispatchQueue.global().async {
            _ = ReleaseProbe { isCurrent in
                onTextThread.value = isCurrent
                released.fulfill()
            }
        }
        wait(for: [released], timeout: 10)
        XCTAssertTrue(onTextThread.value)
    }

    private final class ReleaseProbe: @unchecked Sendable {
        let done: (Bool) -> Void
        init(_ done: @escaping (Bool) -> Void) { self.done = done }
        deinit {
            let done = done
            TextThread.release { done(TextThread.isCurrent) }
        }
    }

    private final class SendableFlag: @unchecked Sendable {
        var value = false
    }

    private struct SendableBuffer: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Int32>
        init(_ buffer: UnsafeMutableBufferPointer<Int32>) { self.buffer = buffer }
    }

    private struct SendableLibrarySlots: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<UnsafeMutableRawPointer?>
        init(_ buffer: UnsafeMutableBufferPointer<UnsafeMutableRawPointer?>) { self.buffer = buffer }
    }

    private struct SendableLibraries: @unchecked Sendable {
        let libraries: [FontLibrary]
        init(_ libraries: [FontLibrary]) { self.libraries = libraries }
    }
}
