import TimelineCairo
import TimelineModel
import TimelineSpec

extension TimelineRenderer {
    /// PDF's implementation limit on a page side (PDF 1.7, annex C): readers refuse larger pages.
    public static let maxPDFPageSide: Double = 14_400

    /// The longest side an image of `format` may have, in points: PNG's pixel limit at its scale,
    /// PDF's page limit at its scale, and for every format `maxVectorSide`. Whole points, as
    /// images are drawn on the scene's size rounded up to whole points.
    func sideLimit(for format: ImageFormat) -> Double {
        switch format {
        case .svg, .scene: return options.maxVectorSide
        case .png:
            return min(
                options.maxVectorSide, (Double(SceneRenderer.maxPixelSide) / options.scale(for: .png)).rounded(.down))
        case .pdf: return min(options.maxVectorSide, (Self.maxPDFPageSide / options.scale(for: .pdf)).rounded(.down))
        }
    }

    /// Refuses, as bad input, the first image larger than its format allows.
    func checkSizes(_ scenes: [ImageScene]) throws {
        for image in scenes {
            try checkSize(
                width: image.scene.width, height: image.scene.height, format: image.format,
                location: image.location, what: image.subject)
        }
    }

    func checkSize(width: Double, height: Double, format: ImageFormat, location: SourceLocation?, what: String) throws {
        let limit = sideLimit(for: format)
        // Written so NaN or infinity fail too: nothing after this converts a bad size to Int.
        if width.isFinite && height.isFinite && max(width, height) <= limit {
            try checkPixels(width: width, height: height, format: format, location: location, what: what)
            return
        }
        let beyondSanity = !(width.isFinite && height.isFinite && max(width, height) <= options.maxVectorSide)
        let scale = options.scale(for: format)
        let (pixelWidth, pixelHeight) = (
            Self.whole(width.rounded(.up) * scale), Self.whole(height.rounded(.up) * scale)
        )
        let message: String
        switch format {
        case .png where !beyondSanity:
            message =
                "\(what) would be \(pixelWidth)×\(pixelHeight) px as PNG; PNG sides are limited to "
                + "\(SceneRenderer.maxPixelSide) px (lower --scale, or use SVG or PDF)"
        case .pdf where !beyondSanity:
            message =
                "\(what) would be a \(pixelWidth)×\(pixelHeight) point PDF page; PDF pages are limited to "
                + "\(Int(Self.maxPDFPageSide)) points a side (lower --scale, or use SVG or PNG)"
        default:
            message =
                "\(what) would be \(Self.whole(width))×\(Self.whole(height)) points, more than the limit of "
                + "\(Int(options.maxVectorSide))"
        }
        // A document made in code has no place: the message names the input.
        throw RenderFailure.invalidInput([
            location.map { Diagnostic($0, message) } ?? Diagnostic(file: "input", message: message)
        ])
    }

    /// Refuses a PNG of more pixels than `Limits.maxPixels`, sides within their limit or not.
    private func checkPixels(
        width: Double, height: Double, format: ImageFormat, location: SourceLocation?, what: String
    ) throws {
        guard format == .png else { return }
        let scale = options.scale(for: .png)
        let pixels = (width.rounded(.up) * scale).rounded(.up) * (height.rounded(.up) * scale).rounded(.up)
        guard pixels > Double(options.limits.maxPixels) else { return }
        let message =
            "\(what) would be \(Self.whole(width.rounded(.up) * scale))×\(Self.whole(height.rounded(.up) * scale)) px "
            + "as PNG, \(Self.whole(pixels)) pixels, more than the limit of \(options.limits.maxPixels) (lower "
            + "--scale, narrow the card, use SVG or PDF, or raise --max-pixels)"
        throw RenderFailure.invalidInput([
            location.map { Diagnostic($0, message) } ?? Diagnostic(file: "input", message: message)
        ])
    }

    /// Refuses an encoded image of more bytes than `Limits.maxOutputBytes`.
    func checkOutputSize(_ bytes: Int, of image: ImageScene) throws {
        let limit = options.limits.maxOutputBytes
        guard bytes > limit else { return }
        let message =
            "\(image.subject) would be a \(bytes)-byte \(image.format.fileExtension) file, more than the limit of "
            + "\(limit) (split the card, or raise --max-output-bytes)"
        throw RenderFailure.invalidInput([
            image.location.map { Diagnostic($0, message) } ?? Diagnostic(file: "input", message: message)
        ])
    }

    /// A size for a message: whole points, and NaN or infinity named rather than trapping.
    private static func whole(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e15 ? String(Int(value.rounded(.up))) : "\(value)"
    }
}
