import Foundation
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
        XCTAssertEqual(i18n.first?.name, "libicui18n.so.99")
        XCTAssertTrue(i18n.contains { $0 == ("libicui18n.so.72", "_72") })
        XCTAssertTrue(i18n.contains { $0 == ("libicui18n.so.76", "_76") }, "Debian 13")
        let common = ICU.libraries(.common, darwin: false)
        XCTAssertEqual(common.map(\.suffix), i18n.map(\.suffix), "both libraries of one ICU, version by version")
        XCTAssertTrue(common.allSatisfy { $0.name.hasPrefix("libicuuc.so.") })
        for (name, suffix) in i18n + common {
            XCTAssertTrue(name.hasSuffix(".so" + suffix.replacingOccurrences(of: "_", with: ".")), name)
        }
    }

    /// A folder gives each installed major version once, newest first, by path: the file named by
    /// the major version alone, not the full version's file, the development link, the other
    /// library or a look-alike.
    func testAFolderGivesItsLibrariesMajorVersionsNewestFirst() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("icu-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = [
            "libicuuc.so.72", "libicuuc.so.72.1", "libicuuc.so", "libicui18n.so.76", "libicuuc.so.76",
            "libicuuc.so.x", "libicuuc.so.0", "libicuuc.so.59", "libicuuc.so.100", "libicuucx.so.80",
        ]
        for name in names {
            XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data()))
        }
        let common = Array(ICU.installed(.common, in: [folder]))
        XCTAssertEqual(common.map(\.name), [folder + "/libicuuc.so.76", folder + "/libicuuc.so.72"])
        XCTAssertEqual(common.map(\.suffix), ["_76", "_72"])
        XCTAssertEqual(Array(ICU.installed(.internationalization, in: [folder])).map(\.suffix), ["_76"])
        XCTAssertTrue(Array(ICU.installed(.common, in: [folder + "/missing"])).isEmpty)
    }

    #if os(Linux)
    /// ICU is looked for first in the C library's folder, where distributions install it: the
    /// newest version there is what the lists would find, named by its path.
    func testTheCLibrarysFolderHoldsTheInstalledICU() throws {
        let folders = ICU.loadedLibraryFolders()
        XCTAssertEqual(folders.count, 1)
        let installed = Array(ICU.installed(.common))
        let newest = try XCTUnwrap(installed.first, "no libicuuc in \(folders)")
        XCTAssertTrue(newest.name.hasPrefix(folders[0] + "/libicuuc.so."), newest.name)
        XCTAssertEqual(newest.suffix, ICU.common?.suffix)
        XCTAssertEqual(Array(ICU.installed(.internationalization)).first?.suffix, newest.suffix)
    }

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
