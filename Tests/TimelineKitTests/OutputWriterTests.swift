import Foundation
import XCTest

@testable import TimelineKit

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
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("a/b").path), ["card.svg"]
        )
    }

    func testAFolderInTheWayFailsWithItsReasonAndLeavesNoTemporaryFile() throws {
        let blocked = folder.appendingPathComponent("card.svg")
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: true)
        XCTAssertThrowsError(try OutputWriter.writeAtomically(Data("image".utf8), to: blocked.path)) { error in
            XCTAssertEqual("\(error)", "error: cannot write \(blocked.path): a folder of that name is in the way")
        }
        XCTAssertEqual(leftovers, [])
    }

    func testAFileWhereAFolderShouldBeFails() throws {
        let file = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        XCTAssertThrowsError(
            try OutputWriter.writeAtomically(Data("image".utf8), to: file.appendingPathComponent("card.svg").path)
        ) { error in
            XCTAssertTrue("\(error)".hasPrefix("error: cannot write \(file.path)/card.svg: "), "\(error)")
        }
        XCTAssertEqual(leftovers, [])
    }

    func testASetIsWrittenAllOrNothing() throws {
        let first = folder.appendingPathComponent("first.svg")
        let second = folder.appendingPathComponent("second.svg")
        try OutputWriter.writeAll([(first.path, Data("old".utf8))])
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        XCTAssertThrowsError(
            try OutputWriter.writeAll([(first.path, Data("new".utf8)), (second.path, Data("new".utf8))])
        ) { error in
            XCTAssertEqual("\(error)", "error: cannot write \(second.path): a folder of that name is in the way")
        }
        XCTAssertEqual(try Data(contentsOf: first), Data("old".utf8))
        XCTAssertEqual(leftovers, [])
    }

    func testTemporaryNamesAreUnpredictableAndRecognised() throws {
        let path = folder.appendingPathComponent("card.svg").path
        let names = try (0..<2).map { _ -> String in
            let temporary = try TemporaryFile.create(for: path, writing: Data()).get()
            defer { temporary.discard() }
            return TemporaryFile.split(temporary.path).name
        }
        XCTAssertNotEqual(names[0], names[1])
        for name in names {
            XCTAssertTrue(name.hasPrefix(".card.svg.timeline-cards-\(getpid())-"), name)
            XCTAssertEqual(TemporaryFile.processID(inTemporaryName: name), getpid())
        }
        for other in [
            ".card.svg.123.tmp", "card.svg.timeline-cards-12-0123456789abcdef.tmp",
            ".timeline-cards-12-0123456789abcdef.tmp",
            ".a.timeline-cards--0123456789abcdef.tmp", ".a.timeline-cards-12-0123456789abcdeg.tmp",
            ".a.timeline-cards-12-0123456789abcdef.tmpx",
        ] {
            XCTAssertNil(TemporaryFile.processID(inTemporaryName: other), other)
        }
        XCTAssertEqual(TemporaryFile.processID(inTemporaryName: ".a.timeline-cards-12-0123456789abcdef.tmp"), 12)
        XCTAssertEqual(leftovers, [])
    }

    /// A sweep begun on another thread is waited for by the first write into its folder.
    func testAWriteWaitsForTheSweepBegunEarly() throws {
        let prefix = folder.path + "/"
        let stale = (0..<200).map { prefix + ".card-\($0).svg.timeline-cards-1-0123456789abcdef.tmp" }
        let old = Date(timeIntervalSinceNow: -7200)
        for path in stale {
            try Data("partial".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        }
        OutputWriter(target: .file(prefix + "card.svg"), multipleInputs: false, feed: false)
            .startRemovingStaleTemporaries()
        try OutputWriter.writeAll([(prefix + "card.svg", Data("new".utf8))])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["card.svg"])
    }
}
