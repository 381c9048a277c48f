import Foundation
import TimelineKit
import XCTest

@testable import TimelineCommandSupport

/// The command line's inputs: a folder gives its inputs sorted, never hidden files, other
/// formats or the scenes this tool wrote into it.
final class InputListingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("input-listing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func touch(_ names: [String]) throws {
        for name in names { try Data("version: 1\n".utf8).write(to: folder.appendingPathComponent(name)) }
    }

    func testAFolderListsItsInputsSortedAndNothingElse() throws {
        try touch(["b.yaml", "a.json", "c.mmd", "d.yml", ".hidden.yaml", "notes.txt", "a.scene.json", "Z.SCENE.JSON"])
        let listed = try InputSource.list([folder.path], maxBytes: 1 << 20)
        XCTAssertEqual(listed.map { $0.listedFrom?.name }, ["a.json", "b.yaml", "c.mmd", "d.yml"])
    }

    func testFilesAndFoldersKeepTheCommandLinesOrder() throws {
        try touch(["b.yaml", "a.yaml"])
        let file = folder.appendingPathComponent("b.yaml").path
        let listed = try InputSource.list([file, folder.path], maxBytes: 1 << 20)
        XCTAssertEqual(listed.count, 3)
        XCTAssertNil(listed[0].listedFrom, "a file named is not listed from a folder")
        XCTAssertEqual(listed.dropFirst().map { $0.listedFrom?.name }, ["a.yaml", "b.yaml"])
    }

    func testAFolderWithoutInputsAndAMissingOrUnsupportedFileAreRefused() throws {
        try touch(["notes.txt"])
        XCTAssertThrowsError(try InputSource.list([folder.path], maxBytes: 1 << 20)) { error in
            guard case InputSource.LoadError.noInputs = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try InputSource.list([folder.appendingPathComponent("gone.yaml").path], maxBytes: 1 << 20))
        XCTAssertThrowsError(try InputSource.list([folder.appendingPathComponent("notes.txt").path], maxBytes: 1 << 20))
        {
            error in
            guard case InputSource.LoadError.unsupported = error else { return XCTFail("\(error)") }
        }
    }
}
