import Foundation
import TimelinePolicy
import TimelineScene
import XCTest

@testable import TimelineCairo

/// A `--fonts` folder's files are read once, through `ContainedFile`, and the libraries get an
/// in-memory copy of those bytes: a file swapped, removed or replaced by a link after the check
/// is never read, however late the fonts are first used.
final class FontCopiesTests: XCTestCase {
    static let bookman = URL(fileURLWithPath: "/usr/share/fonts/opentype/urw-base35/URWBookman-Light.otf")

    private func folder(with font: URL?) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("font-copies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let font { try FileManager.default.copyItem(at: font, to: folder.appendingPathComponent("bookman.otf")) }
        return folder
    }

    private func scene() -> Scene {
        Scene(
            width: 220, height: 40, background: nil,
            nodes: [
                .text(
                    TextNode(
                        font: "URW Bookman 18", color: RGBA(r: 0, g: 0, b: 0),
                        lines: [PlacedLine(text: "Quarterly review", x: 4, baseline: 28, width: 200)]))
            ], title: "fonts", description: [])
    }

    func testAFontSwappedAfterTheCheckIsNeverRead() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: Self.bookman.path), "fonts-urw-base35 is missing")
        let planted = try folder(with: Self.bookman)
        defer { try? FileManager.default.removeItem(at: planted) }
        let library = try FontLibrary(extraDirectories: [planted.path], systemFonts: false, limits: Limits())
        XCTAssertTrue(library.families.contains("URW Bookman"), "\(library.families)")
        // The checked file goes; a link to an endless device and a file of other bytes take its place.
        let font = planted.appendingPathComponent("bookman.otf")
        try FileManager.default.removeItem(at: font)
        try FileManager.default.createSymbolicLink(at: font, withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
        try Data("not a font".utf8).write(to: planted.appendingPathComponent("other.otf"))

        let measured = PangoTextMeasurer(fonts: library).measure(
            "Quarterly review", font: "URW Bookman 18", maxWidth: 1000, maxLines: nil)
        let drawn = try SceneRenderer(fonts: library).render(scene(), format: .png)
        let svg = String(decoding: try SceneRenderer(fonts: library).render(scene(), format: .svg), as: UTF8.self)

        let pristine = try folder(with: Self.bookman)
        defer { try? FileManager.default.removeItem(at: pristine) }
        let reference = try FontLibrary(extraDirectories: [pristine.path], systemFonts: false, limits: Limits())
        let expected = PangoTextMeasurer(fonts: reference).measure(
            "Quarterly review", font: "URW Bookman 18", maxWidth: 1000, maxLines: nil)
        XCTAssertEqual(measured.width, expected.width)
        XCTAssertGreaterThan(measured.width, 50)
        XCTAssertEqual(drawn, try SceneRenderer(fonts: reference).render(scene(), format: .png))
        XCTAssertTrue(svg.contains("<path"), "the glyphs' outlines were read")
        XCTAssertFalse(svg.contains(planted.path), "no path of the folder reaches the output")
    }

    /// The libraries are named a sealed copy, never a path in the user's folder; files of equal
    /// bytes share one copy, and a copy's bytes cannot be changed.
    func testTheCopyIsSealedAndShared() throws {
        let bytes = [UInt8]("a font's bytes".utf8)
        let first = try FontCopies.path(for: bytes).get()
        XCTAssertEqual(try FontCopies.path(for: bytes).get(), first)
        XCTAssertNotEqual(try FontCopies.path(for: bytes + [0]).get(), first)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), Data(bytes))
        let writer = open(first, O_WRONLY)
        if writer >= 0 {
            defer { close(writer) }
            XCTAssertEqual(write(writer, "x", 1), -1, "the copy is sealed against writing")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), Data(bytes))
    }

    /// The copy of a system without memory files (macOS), and of a kernel that refuses them: a
    /// read-only file in a folder only this process's user may enter. Compiled everywhere, so
    /// that it is tested here.
    func testTheCopyInThePrivateFolderIsReadOnlyAndPrivate() throws {
        let bytes = [UInt8]("another font's bytes".utf8)
        let copy = try FontCopies.inPrivateFolder(bytes).get()
        defer {
            close(copy.descriptor)
            unlink(copy.path)
        }
        let folder = try XCTUnwrap(FontCopies.privateFolder)
        XCTAssertEqual(URL(fileURLWithPath: copy.path).deletingLastPathComponent().path, folder)
        var info = stat()
        XCTAssertEqual(stat(folder, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
        XCTAssertEqual(stat(copy.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o400)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy.path)), Data(bytes))
    }
}
