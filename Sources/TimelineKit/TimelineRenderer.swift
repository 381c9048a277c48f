import TimelineCairo
import TimelineLayout
import TimelineModel
import TimelineScene
import TimelineSpec

/// A problem that stops a render, with the exit code the command line gives it.
public enum RenderFailure: Error, CustomStringConvertible {
    /// Bad input: every problem, each `file:line:column: error: message` (exit 2).
    case invalidInput([String])
    /// Fonts, cairo or the file system failed (exit 3).
    case failed(String)

    public var description: String {
        switch self {
        case .invalidInput(let lines): return lines.joined(separator: "\n")
        case .failed(let message): return "error: \(message)"
        }
    }

    public var exitCode: Int32 {
        switch self {
        case .invalidInput: return 2
        case .failed: return 3
        }
    }

    init(_ diagnostics: DiagnosticsError) {
        self = .invalidInput(diagnostics.diagnostics.map(\.description))
    }
}

/// The pipeline, decode → layout → paint, for one thread: it owns its fonts and Pango objects,
/// loaded once and reused for every document it renders.
public final class TimelineRenderer {
    public let options: RenderOptions
    let fonts: FontLibrary
    let measurer: PangoTextMeasurer
    let painter: SceneRenderer
    /// Time spent so far, by phase.
    public var timings = PhaseTimings()

    public init(options: RenderOptions = RenderOptions()) throws {
        self.options = options
        do {
            fonts = try FontPreload.take(fontDirectories: options.fontDirectories, systemFonts: options.systemFonts)
                ?? FontLibrary(extraDirectories: options.fontDirectories, systemFonts: options.systemFonts)
        } catch FontLibrary.SetupError.unusableFonts(let problems) {
            throw RenderFailure.invalidInput(problems.map(\.description))
        } catch {
            throw RenderFailure.failed("\(error)")
        }
        measurer = PangoTextMeasurer(fonts: fonts)
        measurer.threads = options.threadsPerInput
        painter = SceneRenderer(fonts: fonts)
    }

    /// Inputs this big have texts enough for more than one shaping thread (about 70 bytes an item,
    /// two texts an item, `PangoTextMeasurer.minimumTextsPerThread` texts a thread).
    static let bytesWorthHelpers = 32 * 1024

    /// Decodes an input, applying the `now` and `theme` overrides.
    public func decode(_ source: InputSource) throws -> Document {
        if source.data.count >= Self.bytesWorthHelpers {
            // The shaping threads' fonts load while the document is decoded.
            measurer.makeHelpersAhead(threads: options.threadsPerInput, warmUpFonts: FontPreload.defaultFonts)
        }
        do {
            return try measureTime(&timings.decode) { () throws(DiagnosticsError) -> Document in
                try DocumentDecoder(limits: options.limits, iconCheck: IconCheck.check).decode(
                    source.data, file: source.displayName, format: source.format, baseDirectory: source.directory,
                    theme: options.theme, now: options.now)
            }
        } catch let error as DiagnosticsError {
            throw RenderFailure(error)
        }
    }

    /// An image to draw: its format, the name it gets, and its scene.
    public typealias ImageScene = (format: ImageFormat, name: String, scene: Scene)

    /// The images to draw, format by format: one per card, or the feed strip (split into parts
    /// for a format whose page or pixel limit it passes), with the names their images get.
    public func scenes(for document: Document, name: String) throws -> [ImageScene] {
        // The layouts kept for painting the previous document's text.
        fonts.discardShapedLines()
        let shapingBefore = measurer.shapingSeconds
        let result: [ImageScene] = try measureTime(&timings.layout) {
            fonts.enterMeasuringState()
            return try scenes(for: document, name: name, measurer: measurer)
        }
        // Shaping is Pango's work: reported as its own phase, not as layout.
        let shaping = measurer.shapingSeconds - shapingBefore
        timings.shape += shaping
        timings.layout -= shaping
        if options.strict {
            // Each card's truncations once, though its scene may be drawn in several formats.
            let firstFormat = result.first?.format
            let problems = result.filter { $0.format == firstFormat }.flatMap(\.scene.truncations).map {
                "\($0.location): error: text does not fit and was cut with an ellipsis: '\(MessageText.escaped($0.text))' (--strict)"
            }
            if !problems.isEmpty { throw RenderFailure.invalidInput(problems) }
        }
        return result
    }

    private func scenes(for document: Document, name: String, measurer: any TextMeasuring) throws -> [ImageScene] {
        let icons = IconCheck.sceneIcons(of: document)
        if options.feed {
            return try feedScenes(document, name: name, measurer: measurer).map { format, name, scene in
                var scene = scene
                scene.icons = icons
                return (format, name, scene)
            }
        }
        let cards = try document.cards.map { card in
            var scene = try Self.laidOut { () throws(WidthRefusal) in try CardLayout.scene(for: card, measurer: measurer) }
            scene.icons = icons
            return (card, scene)
        }
        return try options.formats.flatMap { format in
            try cards.map { card, scene in
                try checkSize(scene, format: format, location: card.location, what: "card '\(card.id)'")
                return (format, card.id, scene)
            }
        }
    }

    /// The longest side an image of `format` may have, in points: PNG's pixel limit at its scale,
    /// PDF's page limit at its scale, and for every format `maxVectorSide`.
    func sideLimit(for format: ImageFormat) -> Double {
        switch format {
        case .svg, .scene: return options.maxVectorSide
        case .png: return min(options.maxVectorSide, Double(SceneRenderer.maxPixelSide) / options.scale(for: .png))
        case .pdf: return min(options.maxVectorSide, Self.maxPDFPageSide / options.scale(for: .pdf))
        }
    }

    /// A layout's result, its width refusal as bad input (exit 2).
    private static func laidOut<T>(_ layout: () throws(WidthRefusal) -> T) throws -> T {
        do {
            return try layout()
        } catch {
            throw RenderFailure.invalidInput([error.description])
        }
    }

    /// PDF's implementation limit on a page side (PDF 1.7, annex C): readers refuse larger pages.
    public static let maxPDFPageSide: Double = 14_400

    private func checkSize(_ scene: Scene, format: ImageFormat, location: SourceLocation?, what: String) throws {
        try checkSize(width: scene.width, height: scene.height, format: format, location: location, what: what)
    }

    private func checkSize(width: Double, height: Double, format: ImageFormat, location: SourceLocation?, what: String) throws {
        let place = location?.description ?? "input"
        let limit = sideLimit(for: format)
        // Written so NaN or infinity fail too: nothing after this converts a bad size to Int.
        if width.isFinite && height.isFinite && max(width, height) <= limit { return }
        let beyondSanity = !(width.isFinite && height.isFinite && max(width, height) <= options.maxVectorSide)
        let scale = options.scale(for: format)
        switch format {
        case .png where !beyondSanity:
            throw RenderFailure.invalidInput(["\(place): error: \(what) would be \(Self.whole(width * scale))×\(Self.whole(height * scale)) px as PNG; PNG sides are limited to \(SceneRenderer.maxPixelSide) px (lower --scale, or use SVG or PDF)"])
        case .pdf where !beyondSanity:
            throw RenderFailure.invalidInput(["\(place): error: \(what) would be a \(Self.whole(width * scale))×\(Self.whole(height * scale)) point PDF page; PDF pages are limited to \(Int(Self.maxPDFPageSide)) points a side (lower --scale, or use SVG or PNG)"])
        default:
            throw RenderFailure.invalidInput(["\(place): error: \(what) would be \(Self.whole(width))×\(Self.whole(height)) points, more than the limit of \(Int(options.maxVectorSide))"])
        }
    }

    /// A size for a message: whole points, and NaN or infinity named rather than trapping.
    private static func whole(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e15 ? String(Int(value.rounded(.up))) : "\(value)"
    }

    /// The feed strip for each format; a format whose limit it passes in height gets it split at
    /// card boundaries into parts `NAME-1`, `NAME-2`, ... that fit (PNG and PDF; SVG's limit is
    /// the sanity limit, and a feed beyond it is refused).
    private func feedScenes(_ document: Document, name: String, measurer: any TextMeasuring) throws -> [ImageScene] {
        let (scene, placements) = try Self.laidOut { () throws(WidthRefusal) in try FeedLayout.scene(for: document, measurer: measurer) }
        var result: [ImageScene] = []
        for format in options.formats {
            let limit = sideLimit(for: format)
            guard format != .svg, scene.height > limit, scene.width <= limit else {
                try checkSize(scene, format: format, location: document.cards.first?.location, what: "the feed")
                result.append((format, name, scene))
                continue
            }
            let parts = try feedParts(document, placements: placements, width: scene.width, limit: limit, format: format)
            for (index, cards) in parts.enumerated() {
                var part = document
                part.cards = cards
                let partScene = try Self.laidOut { () throws(WidthRefusal) in try FeedLayout.scene(for: part, measurer: measurer) }.scene
                try checkSize(partScene, format: format, location: cards.first?.location, what: "part \(index + 1) of the feed")
                result.append((format, "\(name)-\(index + 1)", partScene))
            }
        }
        return result
    }

    /// The feed's cards in groups whose strips are at most `limit` points tall.
    private func feedParts(_ document: Document, placements: [FeedLayout.Placement], width: Double, limit: Double,
                           format: ImageFormat) throws -> [[Card]] {
        let overhead = document.feed.margins.vertical
        var parts: [[Card]] = [[]]
        var partHeight = overhead
        for (card, placement) in zip(document.cards, placements) {
            let height = placement.bottom - placement.top
            if height + overhead > limit {
                try checkSize(width: width, height: height + overhead, format: format, location: card.location, what: "card '\(card.id)' alone")
            }
            if partHeight + height > limit, !(parts.last?.isEmpty ?? true) {
                parts.append([])
                partHeight = overhead
            }
            parts[parts.count - 1].append(card)
            partHeight += height
        }
        return parts
    }

    /// Every image of a document, encoded in memory.
    public func render(_ document: Document, name: String) throws -> [RenderedImage] {
        let scenes = try scenes(for: document, name: name)
        let (paintBefore, encodeBefore) = (painter.paintSeconds, painter.encodeSeconds)
        defer {
            timings.paint += painter.paintSeconds - paintBefore
            timings.encode += painter.encodeSeconds - encodeBefore
        }
        return try scenes.map { format, imageName, scene in
            do {
                let data = try painter.render(scene, format: format, scale: options.scale(for: format),
                                              creationDate: options.creationDate)
                return RenderedImage(name: imageName, format: format, data: data)
            } catch {
                throw RenderFailure.failed("\(document.source): \(imageName).\(format.rawValue): \(error)")
            }
        }
    }
}
