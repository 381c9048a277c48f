import XCTest

@testable import TimelineICU

/// ICU is opened by each platform's own name, once for every module: Linux's libicuuc and
/// libicui18n by major version, their symbols suffixed with it; macOS's libicucore, its symbols
/// plain. Only Linux's lists can be opened here.
final class ICULibrariesTests: XCTestCase {
    func testMacOSOpensLibicucoreWithPlainSymbols() {
        for library in [ICU.Library.common, .internationalization] {
            let darwin = ICU.libraries(library, darwin: true)
            XCTAssertEqual(darwin.map(\.name), ["/usr/lib/libicucore.A.dylib", "libicucore.dylib"])
            XCTAssertEqual(Set(darwin.map(\.suffix)), [""])
        }
    }

    func testLinuxOpensEachLibraryByItsMajorVersionNewestFirst() {
        let i18n = ICU.libraries(.internationalization, darwin: false)
        XCTAssertEqual(i18n.first?.name, "libicui18n.so.90")
        XCTAssertTrue(i18n.contains { $0 == ("libicui18n.so.72", "_72") })
        XCTAssertTrue(i18n.contains { $0 == ("libicui18n.so.76", "_76") }, "Debian 13")
        let common = ICU.libraries(.common, darwin: false)
        XCTAssertEqual(common.map(\.suffix), i18n.map(\.suffix), "both libraries of one ICU, version by version")
        XCTAssertTrue(common.allSatisfy { $0.name.hasPrefix("libicuuc.so.") })
        for (name, suffix) in i18n + common {
            XCTAssertTrue(name.hasSuffix(".so" + suffix.replacingOccurrences(of: "_", with: ".")), name)
        }
    }

    #if os(Linux)
    /// The machine's ICU is found through the lists, once: both libraries are of one version, and
    /// a function of each is looked up (the break iterator in libicuuc, dates in libicui18n).
    func testTheInstalledICUIsOpenedOnceForEveryModule() throws {
        let common = try XCTUnwrap(ICU.common, "no libicuuc found by the list")
        let i18n = try XCTUnwrap(ICU.internationalization, "no libicui18n found by the list")
        XCTAssertEqual(common.suffix, i18n.suffix)
        XCTAssertTrue(ICU.common === common, "opened once")
        typealias Next = @convention(c) (OpaquePointer?) -> Int32
        typealias Close = @convention(c) (OpaquePointer?) -> Void
        XCTAssertNotNil(common.symbol("ubrk_next", Next.self))
        XCTAssertNotNil(i18n.symbol("udat_close", Close.self))
        XCTAssertNil(common.symbol("no_such_function", Close.self))
    }
    #endif
}
