import XCTest

@testable import TimelineSpec

/// Dates come from the ICU that `TimelineICU` opens (its lists are tested in TimelineICUTests).
final class ICULibrariesTests: XCTestCase {
    #if os(Linux)
    /// The machine's ICU is found: a German month name comes from it.
    func testTheInstalledICUIsFoundThroughTheList() throws {
        let names = try XCTUnwrap(ICUDates.names(for: "de-DE"), "no ICU found by the list")
        XCTAssertEqual(names.months[2], "März")
    }
    #endif
}
