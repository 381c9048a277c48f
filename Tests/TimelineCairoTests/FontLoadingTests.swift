import XCTest

@testable import TimelineCairo

/// Fonts loaded ahead of their first text (`FontLibrary.startLoading`) measure that text as fonts
/// loaded on the spot do.
final class FontLoadingTests: XCTestCase {
    func testFontsLoadedAheadMeasureAsFontsLoadedOnTheSpot() throws {
        let fonts = ["Inter Semi-Bold 14", "Inter 12", "DejaVu Sans Bold Italic 9", "No Such Family 11"]
        let texts = ["Milestone 12", "Owner team 12", "Ünïcödé — 里程碑 ✓", "مرحلة 12"]
        let ahead = try FontLibrary()
        ahead.startLoading(fonts)
        let measuredAhead = PangoTextMeasurer(fonts: ahead)
        let onTheSpot = PangoTextMeasurer(fonts: try FontLibrary())
        for font in fonts {
            for text in texts {
                XCTAssertEqual(
                    measuredAhead.measure(text, font: font, maxWidth: 80, maxLines: nil),
                    onTheSpot.measure(text, font: font, maxWidth: 80, maxLines: nil), "\(text) in \(font)")
            }
        }
    }
}
