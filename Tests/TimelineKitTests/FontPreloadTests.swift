import Foundation
import TimelineCairo
import TimelineCommandSupport
import XCTest

@testable import TimelineKit

/// The fonts the command line loads while it parses: the library every renderer with the default
/// font options shares, drawing exactly what a library of its own draws.
final class FontPreloadTests: XCTestCase {
    func testPreloadedFontsAreTheSharedLibraryAndRenderTheSameBytes() throws {
        FontPreload.start()
        FontPreload.start()
        let url = Fixtures.folder.appendingPathComponent("demo.yaml")
        let source = try XCTUnwrap(InputSource.load([url.path], maxBytes: Limits().maxInputBytes).first)
        var options = RenderOptions()
        options.formats = [.svg, .png]
        let preloaded = try TimelineRenderer(options: options)
        let again = try TimelineRenderer(options: options)
        XCTAssertTrue(preloaded.fonts === again.fonts, "one library for the default font options")
        let shared = try FontLibrary.shared(extraDirectories: [], systemFonts: false, limits: Limits())
        XCTAssertTrue(preloaded.fonts === shared)
        XCTAssertFalse(
            try FontLibrary.shared(extraDirectories: [], systemFonts: true, limits: Limits()) === shared,
            "system fonts are another library")
        let own = TimelineRenderer(options: options, fonts: try FontLibrary())
        let first = try preloaded.render(try preloaded.decode(source), name: "demo")
        let second = try own.render(try own.decode(source), name: "demo")
        XCTAssertEqual(first.map(\.data), second.map(\.data))
    }
}
