import XCTest

@testable import TimelineCairo

/// Numbers in cairo's tag attributes are plain decimals: Swift's exponent form (`5.6e-14`) made
/// cairo refuse a link's tag ("invalid tag") and the whole PDF fail.
final class LinkAttributeTests: XCTestCase {
    func testNumbersAreWrittenAsPlainDecimals() {
        XCTAssertEqual(ScenePainter.attributeNumber(5.684341886080802e-14), "0.000")
        XCTAssertEqual(ScenePainter.attributeNumber(-12.3456), "-12.346")
        XCTAssertEqual(ScenePainter.attributeNumber(1e20), "0")
        XCTAssertEqual(ScenePainter.attributeNumber(.nan), "0")
        XCTAssertEqual(ScenePainter.attributeNumber(320), "320.000")
        XCTAssertEqual(ScenePainter.attributeNumber(1e-7), "0.000")
    }
}
