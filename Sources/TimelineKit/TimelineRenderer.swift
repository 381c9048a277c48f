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

    /// The scenes to draw: one per card, or the feed strip (split into parts when a PNG would be
    /// too tall), with the names their images get.
    public func scenes(for document: Document, name: String) throws -> [(name: String, scene: Scene)] {
        // The layouts kept for painting the previous document's text.
        fonts.discardShapedLines()
        let shapingBefore = measurer.shapingSeconds
        let result: [(name: String, scene: Scene)] = try measureTime(&timings.layout) {
            fonts.enterMeasuringState()
            return try scenes(for: document, name: name, measurer: measurer)
        }
        // Shaping is Pango's work: reported as its own phase, not as layout.
        let shaping = measurer.shapingSeconds - shapingBefore
        timings.shape += shaping
        timings.layout -= shaping
        if options.strict {
            let problems = result.flatMap(\.scene.truncations).map {
                "\($0.location): error: text does not fit and was cut with an ellipsis: '\($0.text)' (--strict)"
            }
            if !problems.isEmpty { throw RenderFailure.invalidInput(problems) }
        }
        return result
    }

    private func scenes(for document: Document, name: String, measurer: any TextMeasuring) throws -> [(name: String, scene: Scene)] {
        let icons = IconCheck.sceneIcons(of: document)
        if options.feed {
            return try feedScenes(document, name: name, measurer: measurer).map { name, scene in
                var scene = scene
                scene.icons = icons
                return (name, scene)
            }
        }
        return try document.cards.map { card in
            var scene = CardLayout.scene(for: card, measurer: measurer)
            scene.icons = icons
            try checkSize(scene, location: card.location, what: "card '\(card.id)'")
            return (card.id, scene)
        }
    }

    private func checkSize(_ scene: Scene, location: SourceLocation?, what: String) throws {
        let place = location?.description ?? "input"
        // Written so NaN or infinity fail too: nothing after this converts a bad size to Int.
        if !(scene.width.isFinite && scene.height.isFinite && max(scene.width, scene.height) <= options.maxVectorSide) {
            throw RenderFailure.invalidInput(["\(place): error: \(what) would be \(Int(scene.width))×\(Int(scene.height)) points, more than the limit of \(Int(options.maxVectorSide))"])
        }
        for format in options.formats where format == .png {
            let (width, height) = SceneRenderer.pixelSize(of: scene, scale: options.scale(for: .png))
            if max(width, height) > SceneRenderer.maxPixelSide {
                throw RenderFailure.invalidInput(["\(place): error: \(what) would be \(width)×\(height) px as PNG; PNG sides are limited to \(SceneRenderer.maxPixelSide) px (lower --scale, or use SVG or PDF)"])
            }
        }
    }

    private func feedScenes(_ document: Document, name: String, measurer: any TextMeasuring) throws -> [(name: String, scene: Scene)] {
        let (scene, placements) = FeedLayout.scene(for: document, measurer: measurer)
        let pngScale = options.scale(for: .png)
        let limit = Double(SceneRenderer.maxPixelSide) / pngScale
        guard options.formats.contains(.png), scene.height > limit else {
            try checkSize(scene, location: document.cards.first?.location, what: "the feed")
            return [(name, scene)]
        }
        // Too tall for one PNG: split at card boundaries into parts that fit.
        let overhead = document.feed.margins.vertical
        var parts: [[Card]] = [[]]
        var partHeight = overhead
        for (card, placement) in zip(document.cards, placements) {
            let height = placement.bottom - placement.top
            if height + overhead > limit {
                throw RenderFailure.invalidInput(["\(card.location?.description ?? name): error: card '\(card.id)' alone is \(Int((height + overhead) * pngScale)) px tall as PNG; PNG sides are limited to \(SceneRenderer.maxPixelSide) px"])
            }
            if partHeight + height > limit, !(parts.last?.isEmpty ?? true) {
                parts.append([])
                partHeight = overhead
            }
            parts[parts.count - 1].append(card)
            partHeight += height
        }
        return try parts.enumerated().map { index, cards in
            var part = document
            part.cards = cards
            let partScene = FeedLayout.scene(for: part, measurer: measurer).scene
            // Widths and the other formats are checked on each part, as on a whole feed.
            try checkSize(partScene, location: cards.first?.location, what: "part \(index + 1) of the feed")
            return ("\(name)-\(index + 1)", partScene)
        }
    }

    /// Every image of a document, encoded in memory.
    public func render(_ document: Document, name: String) throws -> [RenderedImage] {
        let scenes = try scenes(for: document, name: name)
        let (paintBefore, encodeBefore) = (painter.paintSeconds, painter.encodeSeconds)
        defer {
            timings.paint += painter.paintSeconds - paintBefore
            timings.encode += painter.encodeSeconds - encodeBefore
        }
        var images: [RenderedImage] = []
        for format in options.formats {
            for (imageName, scene) in scenes {
                do {
                    let data = try painter.render(scene, format: format, scale: options.scale(for: format),
                                                  creationDate: options.creationDate, name: imageName)
                    images.append(RenderedImage(name: imageName, format: format, data: data))
                } catch {
                    throw RenderFailure.failed("\(document.source): \(imageName).\(format.rawValue): \(error)")
                }
            }
        }
        return images
    }
}
