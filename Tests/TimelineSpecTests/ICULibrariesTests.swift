import XCTest

@testable import TimelineSpec

/// ICU is opened by each platform's own name: Linux's libicui18n by major version, its symbols
/// suffixed with it; macOS's libicucore, its symbols plain. Only Linux's list can be opened here.
final class ICULibrariesTests: XCTestCase {
    func testMacOSOpensLibicucoreWithPlainSymbols() {
        let darwin = ICULibrary.libraries(darwin: true)
        XCTAssertEqual(darwin.map(\.name), ["/usr/lib/libicucore.A.dylib", "libicucore.dylib"])
        XCTAssertEqual(Set(darwin.map(\.suffix)), [""])
    }

    func testLinuxOpensLibicui18nByItsMajorVersionNewestFirst() {
        let linux = ICULibrary.libraries(darwin: false)
        XCTAssertEqual(linux.first?.name, "libicui18n.so.80")
        XCTAssertTrue(linux.contains { $0 == ("libicui18n.so.72", "_72") })
        XCTAssertTrue(
            linux.allSatisfy { $0.name.hasSuffix(".so" + $0.suffix.replacingOccurrences(of: "_", with: ".")) })
    }

    #if os(Linux)
    /// The machine's ICU is one of the list: a German month name comes from it.
    func testTheInstalledICUIsFoundThroughTheList() throws {
        let names = try XCTUnwrap(ICUDates.names(for: "de-DE"), "no ICU found by the list")
        XCTAssertEqual(names.months[2], "März")
    }
    #endif
}
