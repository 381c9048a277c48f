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
    /// Replaces the documents' `timeZone`: the UTC offset (`+01:00`) or zone name (`Europe/Berlin`)
    /// dates are shown in.
    public var timeZone: String?
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
