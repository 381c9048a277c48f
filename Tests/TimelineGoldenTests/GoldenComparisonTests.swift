import Foundation
import TimelineKit
import XCTest

@testable import TimelineGolden

final class GoldenComparisonTests: XCTestCase {
    // MARK: PNG decoding

    func testPNGRoundTripKeepsPixels() throws {
        var image = PixelImage(width: 3, height: 2, red: 10, green: 200, blue: 30)
        image.rgba[4..<8] = [0, 0, 0, 0] // one transparent pixel
        image.rgba[8..<12] = [64, 0, 0, 128] // half-transparent red, premultiplied
        let decoded = try PixelImage(png: image.pngData())
        XCTAssertEqual(decoded, image)
    }

    func testNonPNGBytesAreRejected() {
        XCTAssertThrowsError(try PixelImage(png: Data("<svg/>".utf8))) { error in
            XCTAssertEqual(error as? PixelImage.CodingError, .notPNG)
        }
    }

    func testTruncatedPNGIsAnErrorNotACrash() throws {
        let data = try PixelImage(width: 4, height: 4, red: 1, green: 2, blue: 3).pngData()
        XCTAssertThrowsError(try PixelImage(png: data.prefix(30)))
    }

    // MARK: pixel comparison

    func testDifferingPixelsAreCountedAboveTheTolerance() {
        let expected = PixelImage(width: 4, height: 4, red: 100, green: 100, blue: 100)
        var actual = expected
        actual.rgba[0] = 103 // pixel 0 red +3
        actual.rgba[5] = 90 // pixel 1 green -10
        guard case .difference(let strict) = GoldenComparison.compare(expected: expected, actual: actual) else {
            return XCTFail("sizes are equal")
        }
        XCTAssertEqual(strict.differingPixels, 2)
        XCTAssertEqual(strict.totalPixels, 16)
        XCTAssertEqual(strict.largestChannelDifference, 10)
        guard
            case .difference(let tolerant) = GoldenComparison.compare(expected: expected, actual: actual, tolerance: 3)
        else {
            return XCTFail("sizes are equal")
        }
        XCTAssertEqual(tolerant.differingPixels, 1)
        XCTAssertTrue(GoldenComparison.compare(expected: expected, actual: actual, tolerance: 10).matches)
    }

    func testSizeMismatchNamesBothSizes() {
        let result = GoldenComparison.compare(
            expected: PixelImage(width: 2, height: 3, red: 0, green: 0, blue: 0),
            actual: PixelImage(width: 4, height: 3, red: 0, green: 0, blue: 0))
        XCTAssertEqual(result, .sizeMismatch(expected: .init(width: 2, height: 3), actual: .init(width: 4, height: 3)))
        XCTAssertFalse(result.matches)
    }

    func testRootMeanSquareError() throws {
        let black = PixelImage(width: 2, height: 2, red: 0, green: 0, blue: 0)
        let white = PixelImage(width: 2, height: 2, red: 255, green: 255, blue: 255)
        let clear = PixelImage(width: 2, height: 2, red: 0, green: 0, blue: 0, alpha: 0)
        XCTAssertEqual(try XCTUnwrap(GoldenComparison.rootMeanSquareError(black, black)), 0, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(GoldenComparison.rootMeanSquareError(black, white)), 1, accuracy: 1e-12)
        // Transparent shows as white on white, but differs from white in RGBA.
        XCTAssertEqual(
            try XCTUnwrap(GoldenComparison.rootMeanSquareError(clear, white, over: .rgbOnWhite)), 0, accuracy: 1e-12)
        XCTAssertEqual(
            try XCTUnwrap(GoldenComparison.rootMeanSquareError(clear, white, over: .rgba)), 1, accuracy: 1e-12)
        XCTAssertNil(
            GoldenComparison.rootMeanSquareError(black, PixelImage(width: 1, height: 1, red: 0, green: 0, blue: 0)))
    }

    func testDiffImageHasThreePanelsAndMarksDifferencesRed() {
        let expected = PixelImage(width: 5, height: 4, red: 0, green: 0, blue: 255)
        var actual = expected
        let changed = (2 * 5 + 3) * 4 // pixel (3, 2)
        actual.rgba[changed..<changed + 4] = [0, 255, 0, 255]
        let diff = GoldenComparison.diffImage(expected: expected, actual: actual)
        XCTAssertEqual(diff.width, 5 * 3 + 16)
        let band = DiffLabels.height // the labels above the panels
        XCTAssertEqual(diff.height, band + 4)
        let middle = 5 + 8
        XCTAssertTrue(diff.pixel(x: middle + 3, y: band + 2) == (255, 0, 0, 255), "the changed pixel is red")
        let faded = diff.pixel(x: middle, y: band)
        XCTAssertTrue(
            faded.blue == 255 && faded.red > 150 && faded.green > 150, "unchanged pixels are faded blue: \(faded)")
        XCTAssertTrue(diff.pixel(x: 0, y: band) == (0, 0, 255, 255), "left is the expected image")
        XCTAssertTrue(diff.pixel(x: 2 * middle + 3, y: band + 2) == (0, 255, 0, 255), "right is the actual image")
    }

    func testDiffImageOfDifferentSizesMarksTheMissingArea() {
        let diff = GoldenComparison.diffImage(
            expected: PixelImage(width: 2, height: 2, red: 0, green: 0, blue: 0),
            actual: PixelImage(width: 3, height: 2, red: 0, green: 0, blue: 0))
        XCTAssertEqual(diff.width, 3 * 3 + 16)
        let band = DiffLabels.height
        XCTAssertTrue(diff.pixel(x: 3 + 8 + 2, y: band) == (255, 0, 0, 255))
        XCTAssertTrue(
            diff.pixel(x: 2, y: band) == (255, 255, 255, 255), "the expected panel is white beyond the image")
    }

    // MARK: SVG normalization

    func testSVGNormalizationIgnoresIdsNumberFormattingAndWhitespace() {
        let first = """
            <svg width="10.0000" height="20"><defs><symbol id="glyph7-3"><path d="M 1.00001 2 L -0.0001 3.5"/>\
            </symbol></defs>
              <use xlink:href="#glyph7-3" x="4.5" y="1e1"/>   <rect fill="#5b2a86" width="2"/></svg>
            """
        let second = """
            <svg width="10" height="20">
            <defs>
            <symbol id="glyph0-0">
            <path d="M 1 2 L 0 3.50"/>
            </symbol>
            </defs>
            <use xlink:href="#glyph0-0" x="4.500" y="10"/>
            <rect fill="#5b2a86" width="2"/>
            </svg>
            """
        XCTAssertNil(GoldenComparison.compareSVG(expected: Data(first.utf8), actual: Data(second.utf8)))
        XCTAssertEqual(
            GoldenComparison.normalizeSVG(Data(first.utf8)), GoldenComparison.normalizeSVG(Data(second.utf8)))
        XCTAssertTrue(GoldenComparison.normalizeSVG(Data(first.utf8)).contains("<symbol id=\"id0\">"))
        XCTAssertTrue(GoldenComparison.normalizeSVG(Data(first.utf8)).contains("xlink:href=\"#id0\""))
    }

    /// Ids carry a hash of their image, which changes with any change: the labels naming them are
    /// renamed with them, so that a difference is reported where it is, not on the root.
    func testSVGNormalizationRenamesLabelledByIds() {
        let first =
            "<svg role=\"img\" aria-labelledby=\"c-0a1b2c3d-title c-0a1b2c3d-desc\"><title "
            + "id=\"c-0a1b2c3d-title\">A</title><desc id=\"c-0a1b2c3d-desc\">B</desc></svg>"
        let second = first.replacingOccurrences(of: "0a1b2c3d", with: "99999999")
        XCTAssertNil(GoldenComparison.compareSVG(expected: Data(first.utf8), actual: Data(second.utf8)))
        XCTAssertTrue(GoldenComparison.normalizeSVG(Data(first.utf8)).contains("aria-labelledby=\"id0 id1\""))
    }

    func testSVGDifferencesAreFoundWithTheirLine() throws {
        let expected = Data("<svg>\n<title>Release 2.0</title>\n<rect x=\"1\" width=\"5\"/>\n</svg>".utf8)
        let moved = Data("<svg>\n<title>Release 2.0</title>\n<rect x=\"1.5\" width=\"5\"/>\n</svg>".utf8)
        let difference = try XCTUnwrap(GoldenComparison.compareSVG(expected: expected, actual: moved))
        XCTAssertEqual(difference.line, 5) // <svg>, <title>, its text, </title>, <rect>
        XCTAssertTrue(difference.expected.contains("x=\"1\""), difference.description)
        XCTAssertTrue(difference.actual.contains("x=\"1.5\""), difference.description)
        // Text content keeps its numbers as written.
        let retitled = Data("<svg>\n<title>Release 2</title>\n<rect x=\"1\" width=\"5\"/>\n</svg>".utf8)
        XCTAssertEqual(GoldenComparison.compareSVG(expected: expected, actual: retitled)?.line, 3)
        let shorter = Data("<svg>\n<title>Release 2.0</title>\n</svg>".utf8)
        XCTAssertEqual(GoldenComparison.compareSVG(expected: expected, actual: shorter)?.line, 5)
    }

    func testTinyNumberDifferencesAcrossARoundingBoundaryMatch() {
        let a = Data("<path d=\"M 1.0004999 2\"/>".utf8)
        let b = Data("<path d=\"M 1.0005001 2\"/>".utf8)
        XCTAssertNil(GoldenComparison.compareSVG(expected: a, actual: b))
    }
}
