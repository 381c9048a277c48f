import Foundation
import XCTest

@testable import TimelineGolden

/// A golden's size is read from its header with TimelineSpec's reader, the one icons go through.
final class GoldenPNGSizeTests: XCTestCase {
    func testSizeComesFromTheHeader() throws {
        let png = try PixelImage(width: 7, height: 3, red: 0, green: 0, blue: 0).pngData()
        XCTAssertEqual(GoldenCheck.pngSize(of: png), GoldenComparison.PixelSize(width: 7, height: 3))
    }

    func testHeaderWithoutAWholeIHDRChunkOrWithAnImpossibleDepthIsNotAPNG() throws {
        let png = [UInt8](try PixelImage(width: 7, height: 3, red: 0, green: 0, blue: 0).pngData())
        XCTAssertNil(GoldenCheck.pngSize(of: Data(png.prefix(24))))
        var wrongDepth = png
        wrongDepth[24] = 3 // RGBA has 8 or 16 bits a channel
        XCTAssertNil(GoldenCheck.pngSize(of: Data(wrongDepth)))
        XCTAssertNil(GoldenCheck.pngSize(of: Data("<svg/>".utf8)))
    }
}
