import CCairo
import TimelinePNG
import TimelineScene

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An icon ready to draw: PNG pixels in a cairo surface, or an SVG document parsed by librsvg.
enum DecodedIcon {
    case png(CairoSurface, width: Double, height: Double)
    case svg(SVGIcon)
}

/// Decodes icons from the bytes their document was decoded with; never from a file.
public enum IconDecoding {
    struct Failure: Error {
        var message: String
    }

    /// Side in pixels of the PNG an SVG icon becomes in SVG output: a node's icon is drawn a few
    /// dozen points wide, so this stays sharp at any `--scale` people use.
    static let rasterSide = 256

    /// Why the icon cannot be drawn, or nil when it can: decodes it and, for SVG, draws it once.
    public static func problem(with icon: IconData) -> String? {
        switch decode(icon) {
        case .failure(let failure): return failure.message
        case .success(.png): return nil
        case .success(.svg(let svg)):
            return raster(svg) == nil ? "cannot be drawn by librsvg" : nil
        }
    }

    static func decode(_ icon: IconData) -> Result<DecodedIcon, Failure> {
        switch icon.kind {
        case .png:
            let source = ByteSource(Data(icon.bytes))
            let surface = withExtendedLifetime(source) {
                CairoSurface(cairo_image_surface_create_from_png_stream(ByteSource.read, source.closure))
            }
            guard surface.status == CAIRO_STATUS_SUCCESS else {
                // cairo reports every libpng failure as "out of memory"; the file is what is wrong.
                return .failure(
                    Failure(message: "is not a PNG file cairo can read (damaged or unsupported image data)"))
            }
            let width = Double(cairo_image_surface_get_width(surface.pointer))
            let height = Double(cairo_image_surface_get_height(surface.pointer))
            guard width > 0, height > 0 else { return .failure(Failure(message: "has no pixels")) }
            return .success(.png(surface, width: width, height: height))
        case .svg:
            do throws(SVGIcon.Problem) {
                return .success(.svg(try SVGIcon(bytes: icon.bytes)))
            } catch {
                switch error {
                case .librsvgMissing:
                    return .failure(Failure(message: "cannot be drawn: librsvg (librsvg-2.so.2) is not installed"))
                case .parse(let message):
                    // One problem, one line: librsvg's message may span several.
                    let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
                    return .failure(Failure(message: "is not an SVG file librsvg can read (\(line))"))
                }
            }
        }
    }

    /// The icon as PNG bytes and their pixel size, for embedding in SVG output: a PNG file as
    /// it is, an SVG drawn by librsvg, so that no script, event handler or outside reference of
    /// an icon ever reaches our SVG.
    static func embeddablePNG(_ icon: IconData) -> (bytes: [UInt8], width: Double, height: Double)? {
        switch decode(icon) {
        case .failure: return nil
        case .success(.png(_, let width, let height)): return (icon.bytes, width, height)
        case .success(.svg(let svg)):
            guard let bytes = raster(svg) else { return nil }
            return (bytes, Double(rasterSide), Double(rasterSide))
        }
    }

    /// The SVG drawn into a square of `rasterSide` pixels. PDF output draws this instead of the
    /// vector document: librsvg writes an icon's own `<a>` links as PDF link annotations.
    static func rasterSurface(_ svg: SVGIcon) -> CairoSurface? {
        let surface = CairoSurface(
            cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(rasterSide), Int32(rasterSide)))
        let context = CairoContext(surface: surface)
        let side = Double(rasterSide)
        guard svg.render(on: context.pointer, viewport: cairo_rectangle_t(x: 0, y: 0, width: side, height: side)),
            cairo_status(context.pointer) == CAIRO_STATUS_SUCCESS
        else { return nil }
        cairo_surface_flush(surface.pointer)
        return surface
    }

    /// The SVG drawn by `rasterSurface`, as PNG bytes.
    private static func raster(_ svg: SVGIcon) -> [UInt8]? {
        guard let surface = rasterSurface(svg), let pixels = cairo_image_surface_get_data(surface.pointer) else {
            return nil
        }
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        return try? PNGEncoder.encode(pixels: pixels, width: rasterSide, height: rasterSide, stride: stride)
    }
}
