import Foundation
import TimelineCairo
import TimelinePolicy
import XCTest

/// What a `--fonts` folder contributes: font files by extension, subfolders to a depth, never dot
/// files, and not more than a thousand files.
final class FontFolderTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("font-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func touch(_ relative: String) throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: url)
    }

    func testFontFilesAreFoundByExtensionAndDepthWithoutDotFiles() throws {
        for name in [
            "a.ttf", "B.OTF", "c.woff2", "LICENSE.txt", "._a.ttf", ".hidden/d.ttf", "1/2/3/4/deep.ttf",
            "1/2/3/4/5/deeper.ttf",
        ] {
            try touch(name)
        }
        let (files, problems) = FontFolder.scan(folder.path, limits: Limits())
        XCTAssertEqual(problems, [])
        XCTAssertEqual(
            files.map { String($0.path.dropFirst(folder.path.count + 1)) },
            ["1/2/3/4/deep.ttf", "B.OTF", "a.ttf", "c.woff2"])
    }

    func testMoreThanAThousandFontFilesAreRefused() throws {
        // Created with open and close: Foundation's writes sync each file, seconds for a thousand.
        for index in 0...1000 {
            let descriptor = open(folder.appendingPathComponent("f\(index).ttf").path, O_WRONLY | O_CREAT, 0o644)
            XCTAssertGreaterThanOrEqual(descriptor, 0)
            XCTAssertEqual(write(descriptor, "x", 1), 1)
            close(descriptor)
        }
        let (files, problems) = FontFolder.scan(folder.path, limits: Limits())
        XCTAssertEqual(files, [])
        XCTAssertEqual(
            problems.map(\.description),
            [
                "\(folder.path): error: the folder holds 1001 font files, more than the limit of 1000 (raise with "
                    + "--max-font-files) (--fonts)"
            ])
    }

    /// No link below the folder is followed: a link to a font file is refused by name, a linked
    /// folder is not walked, and the bounds are the run's (`Limits`), each named in its error.
    func testLinksAreNotFollowedAndTheBoundsAreTheRuns() throws {
        try touch("a.ttf")
        let outside = folder.deletingLastPathComponent().appendingPathComponent("outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data("secret".utf8).write(to: outside.appendingPathComponent("secret.ttf"))
        XCTAssertEqual(
            symlink(outside.appendingPathComponent("secret.ttf").path, folder.appendingPathComponent("l.ttf").path), 0)
        XCTAssertEqual(symlink(outside.path, folder.appendingPathComponent("linked").path), 0)
        var limits = Limits()
        let (files, problems) = FontFolder.scan(folder.path, limits: limits)
        XCTAssertEqual(files.map(\.path), [folder.appendingPathComponent("a.ttf").path])
        XCTAssertEqual(
            problems.map(\.description),
            ["\(folder.path)/l.ttf: error: is a link, and links are not followed inside a --fonts folder (--fonts)"])
        limits.maxFontBytes = 0
        XCTAssertEqual(
            FontFolder.scan(folder.path, limits: limits).problems.first?.reason,
            "is 1 bytes, more than the limit of 0 for a font file (raise with --max-font-bytes)")
    }

    /// The files are held in memory for the run: all of a folder's together are bounded too.
    func testAFolderOfMoreFontBytesThanTheLimitIsRefused() throws {
        for name in ["a.ttf", "b.ttf", "c.ttf"] {
            try Data(repeating: 7, count: 100).write(to: folder.appendingPathComponent(name))
        }
        var limits = Limits()
        limits.maxFontFolderBytes = 250
        let (files, problems) = FontFolder.scan(folder.path, limits: limits)
        XCTAssertEqual(files, [])
        XCTAssertEqual(
            problems.map(\.reason),
            ["the folder's font files hold more than the limit of 250 bytes (raise with --max-font-folder-bytes)"])
        limits.maxFontFolderBytes = 300
        XCTAssertEqual(FontFolder.scan(folder.path, limits: limits).files.count, 3)
    }
}
