import CCairo
import CPangoCairo
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// librsvg, loaded on the first SVG icon instead of linked: linking it loads GIO, gdk-pixbuf,
/// libxml2, ICU and a dozen more shared libraries at every start, a fifth of a small render.
/// An SVG file it cannot open (or a machine without librsvg) draws nothing, like an
/// unreadable PNG.
final class SVGIcon {
    private let handle: OpaquePointer

    /// The file parsed by librsvg; nil when it cannot be read or librsvg is not installed.
    init?(path: String) {
        guard let library = Self.library else { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let handle = library.newFromFile(path, &error) else {
            if error != nil { g_error_free(error) }
            return nil
        }
        self.handle = handle
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// Draws the document fitted into `viewport`, honouring its own preserveAspectRatio.
    func render(on cr: OpaquePointer, viewport: cairo_rectangle_t) {
        guard let library = Self.library else { return }
        var viewport = viewport // RsvgRectangle has cairo_rectangle_t's layout: four doubles
        var error: UnsafeMutablePointer<GError>?
        if library.renderDocument(handle, cr, &viewport, &error) == 0, error != nil {
            g_error_free(error)
        }
    }

    private struct Library: @unchecked Sendable {
        typealias NewFromFile = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> OpaquePointer?
        typealias RenderDocument = @convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<cairo_rectangle_t>?,
                                                   UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> Int32
        let newFromFile: NewFromFile
        let renderDocument: RenderDocument
    }

    /// Opened once per process; dlopen is thread-safe and the functions are too.
    private static let library: Library? = {
        for name in ["librsvg-2.so.2", "librsvg-2.2.dylib", "librsvg-2.dylib"] {
            guard let opened = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
            guard let newFromFile = dlsym(opened, "rsvg_handle_new_from_file"),
                  let renderDocument = dlsym(opened, "rsvg_handle_render_document") else { continue }
            return Library(newFromFile: unsafeBitCast(newFromFile, to: Library.NewFromFile.self),
                           renderDocument: unsafeBitCast(renderDocument, to: Library.RenderDocument.self))
        }
        return nil
    }()
}
