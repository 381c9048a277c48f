import Dispatch
import TimelineCairo
import TimelineModel
import TimelineSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything that shapes a render, as the command line's flags set it.
public struct RenderOptions: Sendable {
    /// The formats each image is made in, in this order.
    public var formats: [ImageFormat] = [.svg]
    /// One strip per input instead of one image per card.
    public var feed = false
    /// Pixels per point; nil means 2 for PNG and 1 for SVG and PDF.
    public var scale: Double?
    /// Replaces the documents' `now`.
    public var now: DateValue?
    /// Replaces the documents' `theme`.
    public var theme: String?
    /// Replaces the documents' and cards' `locale` (BCP 47, e.g. "de-DE").
    public var locale: String?
    /// Folders of fonts to use besides the bundled ones (`--fonts`).
    public var fontDirectories: [String] = []
    /// Use the machine's fonts too; output may then differ between machines (`--system-fonts`).
    public var systemFonts = false
    /// Truncated text is an error.
    public var strict = false
    /// What one input may ask for: items, nesting, text length, bytes.
    public var limits = Limits()
    /// Largest SVG or PDF side, in points.
    public var maxVectorSide: Double = 1_000_000
    /// Threads one input's text may be shaped on (`BatchRender` shares `--jobs` among inputs).
    /// The output does not depend on it.
    package var threadsPerInput = 1

    /// SVG only, one image per card, the bundled fonts and the default limits.
    public init() {}

    /// Pixels per point of `format`: `scale`, else 2 for PNG and 1 otherwise.
    public func scale(for format: ImageFormat) -> Double {
        scale ?? (format == .png ? 2 : 1)
    }

    /// The PDF creation date: `SOURCE_DATE_EPOCH` when set, else a constant, never the clock.
    package var creationDate: String {
        if let epoch = Environment.value("SOURCE_DATE_EPOCH"), let seconds = Int64(epoch) {
            let civil = CivilDate(secondsSinceEpoch: seconds)
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
            let date = "\(civil.year)-\(two(civil.month))-\(two(civil.day))"
            return date + "T\(two(civil.hour)):\(two(civil.minute)):\(two(civil.second))Z"
        }
        return "2000-01-01T00:00:00Z"
    }
}

/// An encoded image in memory, before it is written anywhere.
public struct RenderedImage: Sendable {
    /// The card id, or the input's name for a feed (with `-N` for split parts).
    public var name: String
    /// SVG, PNG, PDF or the scene as JSON.
    public var format: ImageFormat
    /// The encoded file's bytes.
    public var data: Data
}

/// Seconds spent in each phase, summed over a run.
public struct PhaseTimings: Sendable {
    /// Reading the inputs.
    public var read: Double = 0
    /// YAML or JSON into documents, every problem collected.
    public var decode: Double = 0
    /// Placing everything, Pango's shaping left out.
    public var layout: Double = 0
    /// Text shaping and measuring by Pango, done for layout but not counted in it.
    public var shape: Double = 0
    /// Drawing the scenes with cairo.
    public var paint: Double = 0
    /// Encoding PNG, finishing PDF and SVG documents.
    public var encode: Double = 0
    /// Writing the files.
    public var write: Double = 0

    /// All phases at zero.
    public init() {}

    /// Adds `other`'s time, phase by phase (another thread's, say).
    public mutating func add(_ other: PhaseTimings) {
        read += other.read
        decode += other.decode
        layout += other.layout
        shape += other.shape
        paint += other.paint
        encode += other.encode
        write += other.write
    }

    /// One line, `timings: read 1.2 ms, decode …; total …`, as `--timings` prints it.
    package var summary: String {
        let total = read + decode + layout + shape + paint + encode + write
        func ms(_ value: Double) -> String { decimalText(value * 1000, places: 1) + " ms" }
        return
            "timings: read \(ms(read)), decode \(ms(decode)), layout \(ms(layout)), shape \(ms(shape)), paint "
            + "\(ms(paint)), encode \(ms(encode)), write \(ms(write)); total \(ms(total))"
    }
}

/// Runs `body`, adding its wall time in seconds to `slot` (a phase of `PhaseTimings`).
package func measureTime<T>(_ slot: inout Double, _ body: () throws -> T) rethrows -> T {
    let start = DispatchTime.now().uptimeNanoseconds
    defer { slot += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
    return try body()
}
