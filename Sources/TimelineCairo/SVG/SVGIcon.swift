import CCairo
import CPangoCairo

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An SVG icon parsed by librsvg, which is loaded on the first SVG icon instead of linked:
/// linking it loads GIO, gdk-pixbuf, libxml2, ICU and a dozen more shared libraries at every
/// start, icons or not.
///
/// The document is parsed from memory with no base URL, so librsvg loads no other file or URL
/// it references; the bytes were checked for entities and encoding when the input was decoded.
final class SVGIcon {
    private let handle: OpaquePointer

    enum Problem: Error {
        case librsvgMissing
        case parse(String)
    }

    init(bytes: [UInt8]) throws(Problem) {
        guard let library = Self.library else { throw .librsvgMissing }
        var error: UnsafeMutablePointer<GError>?
        let handle = bytes.withUnsafeBufferPointer { library.newFromData($0.baseAddress, $0.count, &error) }
        guard let handle else {
            var message = "librsvg cannot read it"
            if let error {
                if let text = error.pointee.message { message = String(cString: text) }
                g_error_free(error)
            }
            throw .parse(message)
        }
        self.handle = handle
    }

    deinit {
        let handle = UnsafeMutableRawPointer(handle)
        TextThread.release { g_object_unref(handle) }
    }

    /// Draws the document fitted into `viewport`, honouring its own preserveAspectRatio; false
    /// when librsvg reports an error.
    @discardableResult
    func render(on cr: OpaquePointer, viewport: cairo_rectangle_t) -> Bool {
        guard let library = Self.library else { return false }
        var viewport = viewport // RsvgRectangle has cairo_rectangle_t's layout: four doubles
        var error: UnsafeMutablePointer<GError>?
        let drawn = library.renderDocument(handle, cr, &viewport, &error) != 0
        if error != nil { g_error_free(error) }
        return drawn
    }

    private struct Library: @unchecked Sendable {
        typealias NewFromData =
            @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) ->
            OpaquePointer?
        typealias RenderDocument =
            @convention(c) (
                OpaquePointer?, OpaquePointer?, UnsafePointer<cairo_rectangle_t>?,
                UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
            ) -> Int32
        let newFromData: NewFromData
        let renderDocument: RenderDocument
    }

    /// Opened once per process; dlopen is thread-safe and the functions are too.
    private static let library: Library? = {
        for name in ["librsvg-2.so.2", "librsvg-2.2.dylib", "librsvg-2.dylib"] {
            guard let opened = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
            guard let newFromData = dlsym(opened, "rsvg_handle_new_from_data"),
                let renderDocument = dlsym(opened, "rsvg_handle_render_document")
            else { continue }
            return Library(
                newFromData: unsafeBitCast(newFromData, to: Library.NewFromData.self),
                renderDocument: unsafeBitCast(renderDocument, to: Library.RenderDocument.self))
        }
        return nil
    }()
}
