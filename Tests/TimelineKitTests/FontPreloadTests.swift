import Foundation
import TimelineCommandSupport
import XCTest

@testable import TimelineKit

/// The fonts the command line loads while it parses: taken once, only with default font
/// options, and drawing exactly what a library loaded on the spot draws.
final class FontPreloadTests: XCTestCase {
    func testPreloadedFontsAreTakenOnceAndRenderTheSameBytes() throws {
        FontPreload.start()
        XCTAssertNil(
            FontPreload.take(fontDirectories: [], systemFonts: true), "system fonts are never the preloaded ones")
        XCTAssertNil(
            FontPreload.take(fontDirectories: ["/tmp"], systemFonts: false), "extra fonts are never the preloaded ones")
        let url = Fixtures.folder.appendingPathComponent("demo.yaml")
        let source = try XCTUnwrap(InputSource.load([url.path], maxBytes: Limits().maxInputBytes).first)
        var options = RenderOptions()
        options.formats = [.svg, .png]
        // The first renderer takes the preloaded library, the second loads its own.
        let preloaded = try TimelineRenderer(options: options)
        XCTAssertNil(FontPreload.take(fontDirectories: [], systemFonts: false), "taken once")
        let fresh = try TimelineRenderer(options: options)
        let first = try preloaded.render(try preloaded.decode(source), name: "demo")
        let second = try fresh.render(try fresh.decode(source), name: "demo")
        XCTAssertEqual(first.map(\.data), second.map(\.data))
    }
}
