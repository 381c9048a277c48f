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
    deinit {
        let pointer = pointer
        TextThread.release { cairo_surface_destroy(pointer) }
    }

    package var status: cairo_status_t { cairo_surface_status(pointer) }
    func finish() { cairo_surface_finish(pointer) }
}

/// An owned cairo drawing context.
package final class CairoContext {
    package let pointer: OpaquePointer
    package init(surface: CairoSurface) { pointer = cairo_create(surface.pointer) }
    deinit {
        let pointer = pointer
        TextThread.release { cairo_destroy(pointer) }
    }
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
