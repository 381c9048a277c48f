import Foundation
import TimelineTestSupport
import XCTest

@testable import TimelineCairo

/// The PDF glyph correction is used where cairo writes widths truncated to thousandths of an em
/// (cairo 1.16), found from what cairo writes rather than from its version.
final class PDFWidthsProbeTests: XCTestCase {
    func testWholeWidthsAreTruncatedOnesAndDecimalsAreExact() {
        XCTAssertTrue(PDFWidthsProbe.widthsAreWhole(in: Array("<< /Widths [ 248 0 281 ] >>".utf8)))
        XCTAssertTrue(PDFWidthsProbe.widthsAreWhole(in: Array("/W [0 [ 600 612 ]]".utf8)))
        XCTAssertFalse(PDFWidthsProbe.widthsAreWhole(in: Array("/Widths [ 248.224432 0 281.25 ]".utf8)))
        XCTAssertFalse(PDFWidthsProbe.widthsAreWhole(in: Array("/Widths [ ]".utf8)))
        XCTAssertFalse(PDFWidthsProbe.widthsAreWhole(in: Array("no widths at all".utf8)))
    }

    /// The probe's PDF has a widths array to read, with several glyphs' widths in it.
    func testTheProbeWritesReadableWidths() throws {
        _ = try FontLibrary() // the bundled fonts as fontconfig's configuration, as when rendering
        let text = PDFObjects(Array(PDFWidthsProbe.probe())).text
        let start = try XCTUnwrap(text.range(of: "/Widths [") ?? text.range(of: "/W [0 ["), "no widths in the probe")
        let end = try XCTUnwrap(text[start.upperBound...].firstIndex(of: "]"))
        XCTAssertGreaterThan(text[start.upperBound..<end].split(whereSeparator: \.isWhitespace).count, 10)
    }
}
