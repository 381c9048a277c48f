import CCairo
import CPangoCairo

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An owned cairo surface.
final class CairoSurface {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { cairo_surface_destroy(pointer) }

    var status: cairo_status_t { cairo_surface_status(pointer) }
    func finish() { cairo_surface_finish(pointer) }
}

/// An owned cairo drawing context.
final class CairoContext {
    let pointer: OpaquePointer
    init(surface: CairoSurface) { pointer = cairo_create(surface.pointer) }
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
