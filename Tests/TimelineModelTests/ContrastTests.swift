import TimelineModel
import TimelineTestSupport
import XCTest

/// WCAG 2 contrast ratios, against the figures WCAG's own examples and WebAIM's checker give,
/// and the promise default text colors rely on: `readable(on:)` reaches the contrast asked for.
final class ContrastTests: XCTestCase {
    func testRatiosAreWCAGs() {
        XCTAssertEqual(Color.black.contrast(with: .white), 21, accuracy: 1e-9)
        XCTAssertEqual(Color.white.contrast(with: .white), 1, accuracy: 1e-9)
        XCTAssertEqual(Color(hex: 0x767676).contrast(with: .white), 4.54, accuracy: 0.005)
        XCTAssertEqual(Color(hex: 0x777777).contrast(with: .white), 4.48, accuracy: 0.005)
        XCTAssertEqual(Color(hex: 0x0000ff).contrast(with: .white), 8.59, accuracy: 0.005)
        XCTAssertEqual(Color(hex: 0xff0000).contrast(with: .black), 5.25, accuracy: 0.005)
    }

    func testReadableColorsReachTheContrastAskedFor() {
        var generator = SeededGenerator()
        func anyColor() -> Color { Color(hex: UInt32.random(in: 0...0xffffff, using: &generator)) }
        for _ in 0..<2000 {
            let (text, background) = (anyColor(), anyColor())
            let readable = text.readable(on: background)
            XCTAssertGreaterThanOrEqual(
                readable.contrast(with: background), Color.readableContrast, "\(text) on \(background)")
            if text.contrast(with: background) >= Color.readableContrast {
                XCTAssertEqual(readable, text, "a readable color is kept")
            }
            // A replaced title color goes on to the target, or as far as black or white reach.
            let title = text.readable(on: background, target: 7)
            let reachable = max(Color.black.contrast(with: background), Color.white.contrast(with: background))
            let goal =
                text.contrast(with: background) >= Color.readableContrast ? Color.readableContrast : min(7, reachable)
            XCTAssertGreaterThanOrEqual(title.contrast(with: background), goal, "\(text) on \(background)")
        }
    }
}
