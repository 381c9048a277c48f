import CCairo
import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An image surface's pixel pages made present on another thread (Linux's MADV_POPULATE_WRITE)
/// while the painter lays text out: otherwise the painting thread takes a page fault at the first
/// touch of each page, about a thousand for a card at scale 2. Their bytes stay as they are.
final class PagesInAdvance: @unchecked Sendable {
    private let ready = DispatchGroup()

    /// Starts on the pages wholly inside `surface`'s pixels, which must outlive this.
    init(_ surface: CairoSurface) {
        #if os(Linux)
        guard surface.status == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface.pointer)
        else { return }
        let bytes =
            Int(cairo_image_surface_get_stride(surface.pointer)) * Int(cairo_image_surface_get_height(surface.pointer))
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (Int(bitPattern: data) + page - 1) / page * page
        let end = (Int(bitPattern: data) + bytes) / page * page
        guard end > start else { return }
        ready.enter()
        StartedThread.run { [ready] in
            // Where the system cannot, the painter's first touches do it as they would.
            _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, Self.populateWrite)
            ready.leave()
        }
        #endif
    }

    deinit { ready.wait() }

    /// Whether the pages are present.
    var areReady: Bool { ready.wait(timeout: .now()) == .success }

    /// Waits for the pages.
    func wait() { ready.wait() }

    /// Linux's MADV_POPULATE_WRITE (5.14 and later; earlier kernels refuse it).
    private static let populateWrite: Int32 = 23
}
