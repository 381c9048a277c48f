import CCairo
import CPangoCairo
import Dispatch
import TimelinePNG
import TimelineScene

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns scenes into SVG, PNG or PDF bytes. Used by one thread at a time; its Pango layout lives on
/// the text thread (`TextThread`), where it paints.
public final class SceneRenderer {
    public let fonts: FontLibrary
    private let layout: OpaquePointer

    /// The largest PNG side cairo can allocate.
    public static let maxPixelSide = 32767

    public enum RenderError: Error, CustomStringConvertible {
        case tooLarge(width: Int, height: Int)
        case cairo(String)
        case encoding(String)
        public var description: String {
            switch self {
            case .tooLarge(let width, let height):
                return
                    "the image would be \(width)×\(height) px; PNG sides are limited to \(SceneRenderer.maxPixelSide) "
                    + "px"
            case .cairo(let message): return "cairo: \(message)"
            case .encoding(let message): return message
            }
        }
    }

    public init(fonts: FontLibrary) {
        self.fonts = fonts
        layout = TextThread.run { pango_layout_new(fonts.context) }
    }

    deinit {
        let layout = UnsafeMutableRawPointer(layout)
        TextThread.release { g_object_unref(layout) }
    }

    /// Seconds spent drawing and then encoding (PNG compression, SVG/PDF finishing), summed over
    /// every render so far, for `--timings`.
    public private(set) var paintSeconds: Double = 0
    public private(set) var encodeSeconds: Double = 0

    private func timed<T>(_ slot: ReferenceWritableKeyPath<SceneRenderer, Double>, _ body: () throws -> T) rethrows -> T
    {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { self[keyPath: slot] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        return try body()
    }

    /// - Parameters:
    ///   - scale: pixels per point for PNG; SVG and PDF stay in points and ignore it apart from their size.
    ///   - creationDate: ISO 8601 date written into PDF metadata.
    ///   - name: the image's name (its card id), which starts its SVG ids.
    ///   - inputHash: a hash of the input and options the scene is drawn from (`inputHash(lines:options:)`),
    ///     which its SVG ids start with next.
    public func render(
        _ scene: Scene, format: ImageFormat, scale: Double = 1, creationDate: String = "2000-01-01T00:00:00Z",
        name: String = "timeline", inputHash: UInt32 = 0
    ) throws -> Data {
        let scene = format == .scene ? scene : shapedWhereMissing(scene)
        switch format {
        case .png: return try renderPNG(scene, scale: scale)
        case .svg: return encodeSVG(scene, scale: scale, name: name, inputHash: inputHash).data
        case .pdf: return try renderPDF(scene, scale: scale, creationDate: creationDate)
        case .scene: return try SceneJSON(scene).encoded()
        }
    }

    /// What `render` gives, but an SVG kept in the parts it was written in, put together only as
    /// it is written out (`EncodedImage`).
    public func encode(
        _ scene: Scene, format: ImageFormat, scale: Double = 1, creationDate: String = "2000-01-01T00:00:00Z",
        name: String = "timeline", inputHash: UInt32 = 0
    ) throws -> EncodedImage {
        guard format == .svg else {
            return .bytes(try render(scene, format: format, scale: scale, creationDate: creationDate, name: name))
        }
        return .svg(encodeSVG(shapedWhereMissing(scene), scale: scale, name: name, inputHash: inputHash))
    }

    /// The scene with glyphs for every line: a scene laid out without fonts (built by hand, or
    /// with a measurer of its own) gets each line without them shaped as `PangoTextMeasurer`
    /// shapes a line it has no glyphs of, before anything is painted. A scene this library's
    /// measurer laid out is returned as it is.
    func shapedWhereMissing(_ scene: Scene) -> Scene {
        let isMissing = scene.nodes.contains { node in
            guard case .text(let text) = node else { return false }
            return text.lines.contains { $0.glyphs == nil && !$0.text.isEmpty }
        }
        guard isMissing else { return scene }
        var scene = scene
        TextThread.run {
            fonts.enterMeasuringState()
            for index in scene.nodes.indices {
                guard case .text(var text) = scene.nodes[index] else { continue }
                for line in text.lines.indices where text.lines[line].glyphs == nil && !text.lines[line].text.isEmpty {
                    text.lines[line].glyphs = fonts.laidOutGlyphs(
                        text.lines[line].text, font: text.font, layout: layout)
                }
                scene.nodes[index] = .text(text)
            }
        }
        return scene
    }

    private func paint(
        _ scene: Scene, on surface: CairoSurface, scale: Double, marksPDFStructure: Bool, textAsOutlines: Bool = false
    ) throws {
        let context = CairoContext(surface: surface)
        cairo_scale(context.pointer, scale, scale)
        var painter = ScenePainter(
            cr: context.pointer, fonts: fonts, marksPDFStructure: marksPDFStructure,
            background: scene.backgroundRect(scale: scale))
        painter.textAsOutlines = textAsOutlines
        if marksPDFStructure {
            painter.glyphDrift = PDFGlyphDrift(correctsWidths: PDFWidthsProbe.widthsAreTruncated)
        }
        timed(\.paintSeconds) { painter.paint(scene) }
        let status = cairo_status(context.pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo(String(cString: cairo_status_to_string(status)))
        }
    }

    public static func pixelSize(of scene: Scene, scale: Double) -> (width: Int, height: Int) {
        let canvas = scene.canvasSize(scale: scale)
        return (Int(canvas.width), Int(canvas.height))
    }

    private func renderPNG(_ scene: Scene, scale: Double) throws -> Data {
        let (width, height) = Self.pixelSize(of: scene, scale: scale)
        guard width <= Self.maxPixelSide, height <= Self.maxPixelSide else {
            throw RenderError.tooLarge(width: width, height: height)
        }
        let surface = CairoSurface(
            cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(max(1, width)), Int32(max(1, height))))
        guard surface.status == CAIRO_STATUS_SUCCESS, let pixels = cairo_image_surface_get_data(surface.pointer) else {
            throw RenderError.cairo(String(cString: cairo_status_to_string(surface.status)))
        }
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        let size = (
            Int(cairo_image_surface_get_width(surface.pointer)), Int(cairo_image_surface_get_height(surface.pointer))
        )
        try TextThread.run {
            try paint(scene, on: surface, scale: scale, marksPDFStructure: false, textAsOutlines: true)
        }
        cairo_surface_flush(surface.pointer)
        let background = scene.backdrop ?? RGBA(r: 255, g: 255, b: 255)
        let encoded = timed(\.encodeSeconds) {
            Result { () throws(PNGEncoder.Failure) in
                try PNGEncoder.encode(
                    pixels: pixels, width: size.0, height: size.1, stride: stride, scale: scale,
                    background: background, compression: .fast, threads: threads)
            }
        }
        switch encoded {
        case .success(let bytes): return Data(bytes)
        case .failure(let failure): throw RenderError.encoding(failure.description)
        }
    }

    /// How many threads rendering one image may use: a big PNG's parts are compressed at once,
    /// a big SVG's body is written in stretches at once. The output does not depend on it; 1
    /// keeps all of it on the calling thread.
    public var threads = 1
    /// `SVGWriter.bigScene` and `.stretchMinimum`, smaller in tests.
    var svgBigScene = SVGWriter.textLayerAlongsideMinimum
    var svgStretchMinimum = SVGWriter.bodyStretchMinimum

    /// Glyph outlines for SVG output, kept across documents.
    private lazy var svgGlyphs = SVGGlyphs()

    /// Our own SVG writer, not cairo's SVG surface, which formats every number through `printf`
    /// (most of an SVG is numbers) and numbers ids across the whole process.
    private func encodeSVG(_ scene: Scene, scale: Double, name: String, inputHash: UInt32) -> SVGDocument {
        let glyphs = svgGlyphs
        let prefix = SVGIDPrefix.prefix(name: name, inputHash: inputHash, scale: scale)
        return timed(\.paintSeconds) {
            TextThread.run {
                SVGWriter(
                    fonts: fonts, glyphs: glyphs, threads: threads, bigScene: svgBigScene,
                    stretchMinimum: svgStretchMinimum
                ).write(scene, scale: scale, idPrefix: prefix).document
            }
        }
    }

    private func renderPDF(_ scene: Scene, scale: Double, creationDate: String) throws -> Data {
        let sink = ByteSink()
        let canvas = scene.canvasSize(scale: scale)
        // Finishing embeds the fonts' subsets, read through the FreeType faces of Pango's fonts,
        // which cairo opens and closes in the FreeType library all its fonts share: the whole
        // surface's life is on the text thread (two finished at once crashed in FreeType), also
        // when painting fails.
        let status = try TextThread.run {
            let surface = CairoSurface(
                cairo_pdf_surface_create_for_stream(ByteSink.write, sink.closure, canvas.width, canvas.height))
            cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_TITLE, scene.title)
            if let subject = scene.subject {
                cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_SUBJECT, subject)
            }
            cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATOR, "timeline-cards")
            cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATE_DATE, creationDate)
            cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_MOD_DATE, creationDate)
            let painted = Result { try paint(scene, on: surface, scale: scale, marksPDFStructure: true) }
            timed(\.encodeSeconds) { surface.finish() }
            try painted.get()
            return surface.status
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo(String(cString: cairo_status_to_string(status)))
        }
        return sink.data
    }
}
