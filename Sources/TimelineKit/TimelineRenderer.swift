import TimelineBreaks
import TimelineCairo
import TimelineLayout
import TimelineModel
import TimelineScene
import TimelineSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Renders documents, used by one thread at a time: make one per thread, or let `BatchRender`
/// make them. Every renderer with the same font options shares one font library
/// (`FontLibrary.shared`); its measuring and painting run on the text thread (`TextThread`),
/// reading, decoding, encoding and HarfBuzz's shaping ahead on the renderer's thread.
public final class TimelineRenderer {
    /// The options every document is rendered with.
    public let options: RenderOptions
    let fonts: FontLibrary
    let measurer: PangoTextMeasurer
    let painter: SceneRenderer
    /// Time spent so far, by phase.
    public private(set) var timings = PhaseTimings()
    /// Whether the last document drawn and its scenes are kept, for a process that ends after its
    /// renders (`BatchRender.keepsRenderers`): a big card's are hundreds of thousands of objects,
    /// which the process's end gives back at once rather than one by one before the images are
    /// written. Only the last: a batch's memory stays that of one document more.
    package var keepsDrawnDocuments = false
    private(set) var drawn: (Document, [ImageScene])?

    /// Takes the fonts `options` name (the bundled ones by default) from the process's library of
    /// those options, loading it at the first renderer that asks.
    /// - Throws: `RenderFailure.unusableFonts` for unusable files of `options.fontDirectories`,
    ///   `.fonts` otherwise.
    public convenience init(options: RenderOptions = RenderOptions()) throws {
        let fonts: FontLibrary
        do {
            fonts = try FontLibrary.shared(
                extraDirectories: options.fontDirectories, systemFonts: options.systemFonts, limits: options.limits)
        } catch FontLibrary.SetupError.unusableFonts(let problems) {
            throw RenderFailure.unusableFonts(problems.map { Diagnostic(file: $0.path, message: $0.reason) })
        } catch {
            throw RenderFailure.fonts(error)
        }
        self.init(options: options, fonts: fonts)
    }

    /// A renderer drawing with `fonts`, which must hold the fonts `options` name.
    package init(options: RenderOptions, fonts: FontLibrary) {
        self.options = options
        self.fonts = fonts
        measurer = PangoTextMeasurer(fonts: fonts)
        painter = SceneRenderer(fonts: fonts)
        painter.threads = options.threadsPerInput
        measurer.shapingThreads = options.threadsPerInput
    }

    // MARK: The pipeline

    /// The whole pipeline for one input: read (a file named by `InputSource(file:)`; an input
    /// read already is taken as it is) → decode → layout → check sizes → paint.
    /// - Returns: every image, encoded in memory: one per card and format, or the feed strip.
    /// - Throws: `RenderFailure.invalidInput` with every problem of bad input,
    ///   `.unreadableInput` when the file cannot be read, `.painting` when cairo fails.
    public func render(_ input: InputSource) throws -> [RenderedImage] {
        let source = try read(input)
        let document = try decode(source)
        return try render(document, name: source.baseName)
    }

    /// The pipeline after decoding: layout → check sizes → paint. `name` names a feed's image.
    public func render(_ document: Document, name: String) throws -> [RenderedImage] {
        let scenes = try layOut(document, name: name)
        if keepsDrawnDocuments { drawn = (document, scenes) }
        try checkSizes(scenes)
        if options.strict { try checkNothingCut(scenes, of: document) }
        return try paint(scenes, of: document)
    }

    /// What an SVG's ids start with a hash of, after its card id: what the card shows (its
    /// title, the items' text as its description lists them, its size, background and node
    /// count) and the options that decide the drawing (not the font folders' paths, nor the
    /// threads). The same for a document written in YAML or in JSON.
    private func idHash(_ scene: Scene) -> UInt32 {
        let content =
            [scene.title] + scene.description + [
                "\(scene.width) \(scene.height) \(scene.background.map { "\($0)" } ?? "") \(scene.nodes.count)"
            ]
        let key = [
            "\(options.feed)", "\(options.scale(for: .svg))", options.now.map { "\($0)" } ?? "", options.theme ?? "",
            options.locale ?? "", options.timeZone.map { "\($0)" } ?? "", "\(options.systemFonts)",
        ]
        return SceneRenderer.inputHash(lines: content, options: key.joined(separator: "\n"))
    }

    // MARK: The steps

    /// Reads an input not read yet, up to `options.limits.maxInputBytes`.
    /// - Throws: `RenderFailure.invalidInput` for a file over the limit, `.unreadableInput` for
    ///   one that is not a regular file or cannot be read.
    public func read(_ input: InputSource) throws -> InputSource {
        try Self.read(input, options: options, timings: &timings)
    }

    private static func read(_ input: InputSource, options: RenderOptions, timings: inout PhaseTimings) throws
        -> InputSource
    {
        do {
            return try measureTime(&timings.read) { try input.read(maxBytes: options.limits.maxInputBytes) }
        } catch let error as InputSource.LoadError {
            if case .tooLarge = error { throw RenderFailure.invalidInput([error.diagnostic]) }
            throw RenderFailure.unreadableInput(error.diagnostic)
        }
    }

    /// Decodes an input read already, applying the `now`, `theme` and `locale` overrides.
    /// - Throws: `RenderFailure.invalidInput` with every problem found.
    public func decode(_ source: InputSource) throws -> Document {
        try Self.decode(source, options: options, timings: &timings)
    }

    private static func decode(_ source: InputSource, options: RenderOptions, timings: inout PhaseTimings) throws
        -> Document
    {
        do {
            return try measureTime(&timings.decode) { () throws(DiagnosticsError) -> Document in
                try DocumentDecoder(limits: options.limits, iconCheck: IconCheck.check).decode(
                    source.data, file: source.displayName, format: source.format, baseDirectory: source.directory,
                    theme: options.theme, now: options.now, locale: options.locale,
                    timeZone: options.timeZone)
            }
        } catch let error as DiagnosticsError {
            throw RenderFailure.invalidInput(error.diagnostics)
        }
    }

    /// An input read and decoded before the renderer of its thread is made.
    package struct Ahead {
        package let read: Result<InputSource, any Error>
        package let decoded: Result<Document, any Error>?
        package let timings: PhaseTimings

        /// Why the input could not be read or decoded, if so.
        package var failure: (any Error)? {
            if case .failure(let error) = read { return error }
            if case .failure(let error) = decoded { return error }
            return nil
        }
    }

    /// Reads and decodes `input`, then loads the line-break rules, none of which needs fonts: a
    /// thread does this while its fonts still load (`FontPreload`, which loads the rules after the
    /// fonts if this thread has not: whichever is free first).
    package static func readAhead(_ input: InputSource, options: RenderOptions) -> Ahead {
        var timings = PhaseTimings()
        let read = Result { try Self.read(input, options: options, timings: &timings) }
        var decoded: Result<Document, any Error>?
        if case .success(let source) = read {
            decoded = Result { try Self.decode(source, options: options, timings: &timings) }
        }
        if case .success = decoded { LineBreaks.prepare() }
        return Ahead(read: read, decoded: decoded, timings: timings)
    }

    /// `render(_:)` of an input read and decoded by `readAhead`: the same images or error.
    package func render(_ ahead: Ahead) throws -> [RenderedImage] {
        try renderTellingFiles(ahead).images
    }

    /// `render(_:)` of an input read ahead, with the files its document read (icons, a theme
    /// file), which its images must never be written over.
    package func renderTellingFiles(_ ahead: Ahead) throws -> (images: [RenderedImage], filesRead: [String]) {
        timings.add(ahead.timings)
        let source = try ahead.read.get()
        let document = try ahead.decoded?.get() ?? decode(source)
        return (try render(document, name: source.baseName), document.filesRead)
    }

    /// `render(_:)` of an input, with the files its document read.
    package func renderTellingFiles(_ input: InputSource) throws -> (images: [RenderedImage], filesRead: [String]) {
        let source = try read(input)
        let document = try decode(source)
        return (try render(document, name: source.baseName), document.filesRead)
    }

    /// Lays out the images to draw, format by format, their text measured by Pango. Shaping is
    /// reported as a phase of its own, not as layout.
    /// - Throws: `RenderFailure.invalidInput` for a font family the fonts do not hold.
    package func layOut(_ document: Document, name: String) throws -> [ImageScene] {
        let fontProblems = FontCheck.problems(in: document, fonts: fonts)
        if !fontProblems.isEmpty { throw RenderFailure.invalidInput(fontProblems) }
        let measured = try measurer.measuringDocument { measurer in
            try imageScenes(of: document, name: name, measurer: measurer)
        }
        timings.layout += measured.layoutSeconds
        timings.shape += measured.shapingSeconds
        return measured.result
    }

    /// Paints and encodes every image with cairo.
    private func paint(_ scenes: [ImageScene], of document: Document) throws -> [RenderedImage] {
        let (paintBefore, encodeBefore) = (painter.paintSeconds, painter.encodeSeconds)
        defer {
            timings.paint += painter.paintSeconds - paintBefore
            timings.encode += painter.encodeSeconds - encodeBefore
        }
        return try scenes.map { image in
            do {
                let scene = image.format == .scene ? Self.namingIcons(image.scene, of: document) : image.scene
                let encoded = try painter.encode(
                    scene, format: image.format, scale: options.scale(for: image.format),
                    creationDate: options.creationDate, name: image.name,
                    inputHash: image.format == .svg ? idHash(image.scene) : 0)
                try checkOutputSize(encoded.count, of: image)
                return RenderedImage(name: image.name, format: image.format, encoded: encoded)
            } catch let failure as RenderFailure {
                throw failure
            } catch {
                throw RenderFailure.painting(
                    input: document.source, image: image.name, format: image.format, underlying: error)
            }
        }
    }

    /// `scene` with its icons named by their paths inside the input's folder, as the scene JSON
    /// shows them: an absolute path would differ from checkout to checkout and tell where it is.
    private static func namingIcons(_ scene: Scene, of document: Document) -> Scene {
        var named = scene
        for index in named.nodes.indices {
            guard case .image(var node) = named.nodes[index], let icon = document.icons[node.path] else { continue }
            node.path = icon.name
            named.nodes[index] = .image(node)
        }
        return named
    }
}
