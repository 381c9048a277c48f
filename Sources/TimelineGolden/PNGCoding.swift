import CCairo
import TimelineCairo
import TimelinePNG
import TimelineSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Whole PNG files to and from RGBA bytes (8 bits a channel, colour premultiplied by alpha, as
/// cairo holds them): decoded by cairo whatever their colour type or bit depth, encoded as
/// rendered images are.
package enum PNGCoding {
    /// Why bytes could not be decoded or pixels not encoded.
    package enum Failure: Error, Equatable {
        case notPNG
        case cairo(String)
    }

    /// The size and premultiplied RGBA bytes of a PNG file, row by row from the top.
    package static func decode(_ data: Data) throws(Failure) -> (width: Int, height: Int, rgba: [UInt8]) {
        guard data.count > PNGHeader.signature.count, data.starts(with: PNGHeader.signature) else {
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
        return (width, height, rgba)
    }

    /// A PNG file of premultiplied RGBA bytes, encoded as rendered images are (`PNGEncoder`: no
    /// time stamps).
    package static func encode(width: Int, height: Int, rgba: [UInt8]) throws(Failure) -> Data {
        let surface = CairoSurface(
            cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(max(1, width)), Int32(max(1, height))))
        guard surface.status == CAIRO_STATUS_SUCCESS, let base = cairo_image_surface_get_data(surface.pointer) else {
            throw .cairo(String(cString: cairo_status_to_string(surface.status)))
        }
        cairo_surface_flush(surface.pointer)
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(base + y * stride)
            for x in 0..<width {
                let offset = (y * width + x) * 4
                let word =
                    UInt32(rgba[offset + 3]) << 24 | UInt32(rgba[offset]) << 16
                    | UInt32(rgba[offset + 1]) << 8 | UInt32(rgba[offset + 2])
                row.storeBytes(of: word, toByteOffset: x * 4, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(surface.pointer)
        do {
            return Data(
                try PNGEncoder.encode(pixels: base, width: max(1, width), height: max(1, height), stride: stride))
        } catch {
            throw .cairo(error.description)
        }
    }
}
