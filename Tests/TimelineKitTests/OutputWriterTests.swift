import Foundation
@testable import TimelineKit
import XCTest

/// Images are written through a temporary file and a rename: the whole image or nothing, and no
/// temporary file left behind, whether the write succeeds or fails.
final class OutputWriterTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("output-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private var leftovers: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }) ?? []
    }

    func testWritesTheBytesIntoNewFoldersAndReplacesAnOldImage() throws {
        let path = folder.appendingPathComponent("a/b/card.svg").path
        try OutputWriter.writeAtomically(Data("old image".utf8), to: path)
        let image = Data((0..<100_000).map { UInt8($0 % 251) })
        try OutputWriter.writeAtomically(image, to: path)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), image)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("a/b").path), ["card.svg"])
    }

    func testAFolderInTheWayFailsWithItsReasonAndLeavesNoTemporaryFile() throws {
        let blocked = folder.appendingPathComponent("card.svg")
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: true)
        XCTAssertThrowsError(try OutputWriter.writeAtomically(Data("image".utf8), to: blocked.path)) { error in
            XCTAssertEqual("\(error)", "error: cannot write \(blocked.path): Is a directory")
        }
        XCTAssertEqual(leftovers, [])
    }

    func testAFileWhereAFolderShouldBeFails() throws {
        let file = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        XCTAssertThrowsError(try OutputWriter.writeAtomically(Data("image".utf8), to: file.appendingPathComponent("card.svg").path)) { error in
            XCTAssertTrue("\(error)".hasPrefix("error: cannot write \(file.path)/card.svg: "), "\(error)")
        }
        XCTAssertEqual(leftovers, [])
    }
}
