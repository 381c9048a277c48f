import CCairo
import CPangoCairo

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An owned cairo surface.
package final class CairoSurface {
    package let pointer: OpaquePointer
    package init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { cairo_surface_destroy(pointer) }

    package var status: cairo_status_t { cairo_surface_status(pointer) }
    func finish() { cairo_surface_finish(pointer) }

    /// Makes the pixels zeros, as cairo knows them to be: it composites a drawing onto a surface
    /// it knows clear as onto nothing, which rounds differently (an image surface of its own is
    /// clear; one on memory of ours is not, zeros or not). Nothing to do on a surface known clear.
    func markClear() {
        let context = CairoContext(surface: self)
        cairo_set_operator(context.pointer, CAIRO_OPERATOR_CLEAR)
        cairo_paint(context.pointer)
    }
}

/// An owned cairo drawing context.
package final class CairoContext {
    package let pointer: OpaquePointer
    package init(surface: CairoSurface) { pointer = cairo_create(surface.pointer) }
    deinit { cairo_destroy(pointer) }
}

/// Collects the bytes cairo streams out (SVG, PDF, PNG).
final class ByteSink {
    var data = Data()

    /// The C callback cairo calls; `closure` is an unretained `ByteSink`.
    static let write: cairo_write_func_t = { closure, bytes, length in
        guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
        Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
        return CAIRO_STATUS_SUCCESS
    }

    var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}
