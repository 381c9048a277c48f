import TimelineBreaks
import XCTest

/// UAX #9 embedding levels from the machine's ICU (`ubidi`), one a Unicode scalar.
final class BidiLevelsTests: XCTestCase {
    private func levels(_ text: String, rightToLeft: Bool) throws -> [UInt8] {
        let levels = try XCTUnwrap(BidiLevels.levels(of: text, rightToLeft: rightToLeft), "no ICU")
        XCTAssertEqual(levels.count, text.unicodeScalars.count, "one level a scalar")
        return levels
    }

    /// Hebrew in English reads right to left (1), with the space between two Hebrew words; the
    /// number after it is European digits next to Hebrew (2), the space before them Hebrew's.
    func testHebrewAndANumberInALeftToRightParagraph() throws {
        XCTAssertEqual(
            try levels("The אבג דה 12 here.", rightToLeft: false),
            [0, 0, 0, 0] + [1, 1, 1, 1, 1, 1, 1] + [2, 2] + [0] + [0, 0, 0, 0, 0])
    }

    /// English in Hebrew reads left to right (2), its inner space too; the period ending an English
    /// phrase at the end of a right-to-left line is at the paragraph's level.
    func testEnglishInARightToLeftParagraph() throws {
        XCTAssertEqual(
            try levels("ראה Release notes.", rightToLeft: true), [1, 1, 1, 1] + Array(repeating: 2, count: 13) + [1])
    }

    /// Arabic digits after Arabic letters (Arabic numbers by rule W2) and a base direction that is
    /// the one asked, not the first strong letter's: code at the start of an Arabic paragraph.
    func testArabicAndTheBaseDirectionAsked() throws {
        XCTAssertEqual(try levels("عام 2026", rightToLeft: true), [1, 1, 1, 1, 2, 2, 2, 2])
        XCTAssertEqual(try levels("npm هو", rightToLeft: true), [2, 2, 2, 1, 1, 1])
        XCTAssertEqual(try levels("npm هو", rightToLeft: false), [0, 0, 0, 0, 1, 1])
        XCTAssertEqual(try levels("", rightToLeft: true), [])
    }

    /// A scalar outside the Basic Multilingual Plane (two UTF-16 units) has one level.
    func testScalarsBeyondTheBasicPlane() throws {
        XCTAssertEqual(try levels("א😀ב", rightToLeft: false), [1, 1, 1])
    }
}
