import XCTest

@testable import TimelinePolicy

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every name of a folder is read whole, in a folder large enough that the stream's buffer fills
/// (a copied entry read past its end and crashed there), with names of every length up to 255.
final class FolderNamesTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        var template = Array((NSTemporaryDirectory() + "folder-names-XXXXXX").utf8CString)
        folder = try XCTUnwrap(
            template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map {
                String(cString: $0)
            })
    }

    override func tearDown() {
        if let stream = opendir(folder) {
            for name in FolderNames.all(in: stream) { unlink(folder + "/" + name) }
            closedir(stream)
        }
        rmdir(folder)
    }

    func testEveryNameOfALargeFolderIsReadWhole() throws {
        var made = Set<String>()
        for index in 0..<3_000 {
            let length = 1 + (index * 37) % 255
            let stem = String(index)
            let name = stem + String(repeating: "é", count: max(0, (length - stem.count) / 2))
            let fd = open(folder + "/" + name, O_CREAT | O_WRONLY, 0o644)
            XCTAssertGreaterThanOrEqual(fd, 0, name)
            close(fd)
            made.insert(name)
        }
        let stream = try XCTUnwrap(opendir(folder))
        defer { closedir(stream) }
        let read = FolderNames.all(in: stream)
        XCTAssertEqual(read.count, made.count, "each name once, no dots")
        XCTAssertEqual(Set(read), made)
    }

    func testTheDotsAreListedToForEachAndLeftOutOfAll() throws {
        let stream = try XCTUnwrap(opendir(folder))
        defer { closedir(stream) }
        var names: [String] = []
        FolderNames.forEach(in: stream) { names.append(String(decoding: $0, as: UTF8.self)) }
        XCTAssertEqual(Set(names), [".", ".."])
        rewinddir(stream)
        XCTAssertEqual(FolderNames.all(in: stream), [])
    }
}
