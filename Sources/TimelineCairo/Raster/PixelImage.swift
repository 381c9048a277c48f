import CCairo
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A decoded raster image: RGBA, 8 bits a channel, row by row from the top.
///
/// Colour channels are premultiplied by alpha, as cairo holds them. Comparisons therefore
/// weigh a difference in a nearly transparent pixel as little as it shows, and decoding then
/// encoding never rounds a colour twice.
public struct PixelImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue (premultiplied), alpha.
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width >= 0 && height >= 0 && rgba.count == width * height * 4, "RGBA bytes do not match the size")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// An image filled with one straight (not premultiplied) colour.
    public init(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        let pixel = [Self.premultiply(red, alpha), Self.premultiply(green, alpha), Self.premultiply(blue, alpha), alpha]
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for offset in stride(from: 0, to: rgba.count, by: 4) { rgba.replaceSubrange(offset..<offset + 4, with: pixel) }
        self.init(width: width, height: height, rgba: rgba)
    }

    /// Why bytes could not be decoded or an image not encoded.
    public enum CodingError: Error, CustomStringConvertible, Equatable {
        case notPNG
        case cairo(String)
        public var description: String {
            switch self {
            case .notPNG: return "not a PNG file"
            case .cairo(let message): return "cannot decode the PNG: \(message)"
            }
        }
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decodes PNG bytes with cairo, whatever their colour type or bit depth.
    public init(png data: Data) throws(CodingError) {
        guard data.count > Self.pngSignature.count, data.prefix(Self.pngSignature.count).elementsEqual(Self.pngSignature) else {
            throw .notPNG
        }
        let source = ByteSource(data)
        guard let loaded = cairo_image_surface_create_from_png_stream(ByteSource.read, source.closure) else {
            throw .cairo("out of memory")
        }
        let decoded = CairoSurface(loaded)
        guard decoded.status == CAIRO_STATUS_SUCCESS else {
            throw .cairo(String(cString: cairo_status_to_string(decoded.status)))
        }
        let width = Int(cairo_image_surface_get_width(decoded.pointer))
        let height = Int(cairo_image_surface_get_height(decoded.pointer))
        // cairo may hand back RGB24, A8 or a float format (16-bit PNGs); painting onto an ARGB32
        // surface gives one layout to read.
        let surface = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
        let context = CairoContext(surface: surface)
        cairo_set_operator(context.pointer, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(context.pointer, decoded.pointer, 0, 0)
        cairo_paint(context.pointer)
        cairo_surface_flush(surface.pointer)
        guard surface.status == CAIRO_STATUS_SUCCESS, let base = cairo_image_surface_get_data(surface.pointer) else {
            throw .cairo(String(cString: cairo_status_to_string(surface.status)))
        }
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = UnsafeRawPointer(base + y * stride)
            for x in 0..<width {
                // ARGB32 is a native-endian 32-bit word: alpha in the top byte.
                let word = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                let offset = (y * width + x) * 4
                rgba[offset] = UInt8(truncatingIfNeeded: word >> 16)
                rgba[offset + 1] = UInt8(truncatingIfNeeded: word >> 8)
                rgba[offset + 2] = UInt8(truncatingIfNeeded: word)
                rgba[offset + 3] = UInt8(truncatingIfNeeded: word >> 24)
            }
        }
        self.init(width: width, height: height, rgba: rgba)
    }

    /// Encodes the image as PNG as rendered images are (`PNGEncoder`: no time stamps).
    public func pngData() throws(CodingError) -> Data {
        let surface = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(max(1, width)), Int32(max(1, height))))
        guard surface.status == CAIRO_STATUS_SUCCESS, let base = cairo_image_surface_get_data(surface.pointer) else {
            throw .cairo(String(cString: cairo_status_to_string(surface.status)))
        }
        cairo_surface_flush(surface.pointer)
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(base + y * stride)
            for x in 0..<width {
                let offset = (y * width + x) * 4
                let word = UInt32(rgba[offset + 3]) << 24 | UInt32(rgba[offset]) << 16 | UInt32(rgba[offset + 1]) << 8 | UInt32(rgba[offset + 2])
                row.storeBytes(of: word, toByteOffset: x * 4, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(surface.pointer)
        do {
            return Data(try PNGEncoder.encode(pixels: base, width: max(1, width), height: max(1, height), stride: stride))
        } catch {
            throw .cairo(error.description)
        }
    }

    /// The premultiplied channels of the pixel at (x, y).
    @inline(__always)
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let offset = (y * width + x) * 4
        return (rgba[offset], rgba[offset + 1], rgba[offset + 2], rgba[offset + 3])
    }

    static func premultiply(_ channel: UInt8, _ alpha: UInt8) -> UInt8 {
        UInt8((Int(channel) * Int(alpha) + 127) / 255)
    }
}

/// Feeds bytes to cairo's PNG reader.
final class ByteSource {
    let data: Data
    var offset = 0

    init(_ data: Data) { self.data = data }

    /// The C callback cairo calls; `closure` is an unretained `ByteSource`.
    static let read: cairo_read_func_t = { closure, buffer, length in
        guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
        let source = Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard source.offset + count <= source.data.count else { return CAIRO_STATUS_READ_ERROR }
        let start = source.data.startIndex + source.offset
        source.data.copyBytes(to: buffer, from: start..<start + count)
        source.offset += count
        return CAIRO_STATUS_SUCCESS
    }

    var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}
