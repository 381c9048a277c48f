import CCairo
import XCTest

@testable import TimelineCairo

final class PagesInAdvanceTests: XCTestCase {
    /// Made present on another thread, a new surface's pixels are still zeros and take what is
    /// painted on them.
    func testPagesMadePresentStayZerosAndTakePaint() throws {
        let surface = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 700, 500))
        let pages = PagesInAdvance(surface)
        pages.wait()
        XCTAssertTrue(pages.areReady)
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        let pixels = UnsafeBufferPointer(start: cairo_image_surface_get_data(surface.pointer), count: stride * 500)
        XCTAssertTrue(pixels.allSatisfy { $0 == 0 })
        let context = CairoContext(surface: surface)
        cairo_set_source_rgb(context.pointer, 1, 0, 0)
        cairo_paint(context.pointer)
        cairo_surface_flush(surface.pointer)
        XCTAssertEqual(
            UnsafeRawPointer(pixels.baseAddress!).load(fromByteOffset: stride * 499, as: UInt32.self), 0xFFFF_0000)
    }
}
