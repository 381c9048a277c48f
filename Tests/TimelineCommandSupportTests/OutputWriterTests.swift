import Foundation
import XCTest

@testable import TimelineCairo
@testable import TimelineCommandSupport
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

    /// The test folder, open: temporaries are made in a folder's descriptor.
    private var folderDescriptor: Int32 {
        get throws {
            let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
            guard descriptor >= 0 else { throw CocoaError(.fileReadUnknown) }
            return descriptor
        }
    }

    /// A folder below the root that is a link is never written through: the image is refused,
    /// and nothing lands where the link leads.
    func testALinkedFolderBelowTheRootIsNeverWrittenThrough() throws {
        let elsewhere = folder.appendingPathComponent("elsewhere")
        let root = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        XCTAssertEqual(symlink(elsewhere.path, root.appendingPathComponent("sub").path), 0)
        XCTAssertThrowsError(
            try OutputWriter.writeAtomically(
                Data("image".utf8), to: root.appendingPathComponent("sub/card.svg").path, below: root.path)
        ) { error in
            XCTAssertTrue("\(error)".contains("is a link; images are not written through links below"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [])
        // The root itself may be a link: the user named it.
        let linkedRoot = folder.appendingPathComponent("linked-out").path
        XCTAssertEqual(symlink(elsewhere.path, linkedRoot), 0)
        try OutputWriter.writeAtomically(Data("image".utf8), to: linkedRoot + "/card.svg", below: linkedRoot)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), ["card.svg"])
    }

    private var leftovers: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }) ?? []
    }

    func testWritesTheBytesIntoNewFoldersAndReplacesAnOldImage() throws {
        let path = folder.appendingPathComponent("a/b/card.svg").path
        try OutputWriter.writeAtomically(Data("old image".utf8), to: path, below: folder.path)
        let image = Data((0..<100_000).map { UInt8($0 % 251) })
        try OutputWriter.writeAtomically(image, to: path, below: folder.path)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), image)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("a/b").path), ["card.svg"]
        )
    }

    /// An SVG written from its parts is the document joined in memory.
    func testAnSVGWrittenFromItsPartsIsTheJoinedDocument() throws {
        func piece(_ elements: Int) -> SVGBytes {
            var out = SVGBytes()
            out.idPrefix = Array("card-0123abcd-".utf8)
            for index in 0..<elements {
                out.append("<use xlink:href=\"#")
                out.id("g", index % 97)
                out.append("\"/>\n")
            }
            return out
        }
        for pieces in [[piece(40_000), piece(3), piece(25_000)], [piece(2), piece(0)]] {
            let image = EncodedImage.svg(SVGDocument(pieces: pieces))
            let path = folder.appendingPathComponent("card.svg").path
            try OutputWriter.writeSet([(path, image)], below: folder.path)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), image.data)
            XCTAssertEqual(leftovers, [])
        }
    }

    /// Images of every size, their blocks allocated before they are written, hold exactly their
    /// bytes, each over a bigger one.
    func testImagesHoldExactlyTheirBytesWhateverTheirSize() throws {
        let path = folder.appendingPathComponent("card.png").path
        try OutputWriter.writeAtomically(Data(repeating: 7, count: 3_000_000), to: path, below: folder.path)
        for count in [1_048_579, 65_536, 4_097, 1, 0] {
            let image = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ count) })
            try OutputWriter.writeAtomically(image, to: path, below: folder.path)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), image, "\(count) bytes")
            XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, count)
        }
        XCTAssertEqual(leftovers, [])
    }

    /// An image put over an old one is a new file: another link to the old file, and a reader
    /// that has it open, keep the old bytes.
    func testAnOldImageIsReplacedNotOverwritten() throws {
        let path = folder.appendingPathComponent("card.svg").path
        let other = folder.appendingPathComponent("kept.svg").path
        try OutputWriter.writeAtomically(Data("old image".utf8), to: path, below: folder.path)
        XCTAssertEqual(link(path, other), 0)
        let reader = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? reader.close() }
        try OutputWriter.writeAtomically(Data("new image".utf8), to: path, below: folder.path)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data("new image".utf8))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: other)), Data("old image".utf8))
        XCTAssertEqual(try reader.readToEnd(), Data("old image".utf8))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["card.svg", "kept.svg"])
    }

    /// A link where the image goes is replaced by the image; the file it points to is left alone.
    func testALinkInThePlaceOfAnImageIsReplaced() throws {
        let target = folder.appendingPathComponent("target.txt").path
        let path = folder.appendingPathComponent("card.svg").path
        try Data("not mine".utf8).write(to: URL(fileURLWithPath: target))
        XCTAssertEqual(symlink(target, path), 0)
        try OutputWriter.writeAtomically(Data("image".utf8), to: path, below: folder.path)
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data("image".utf8))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target)), Data("not mine".utf8))
    }

    /// A folder that took the image's place after the files were written is not swapped away:
    /// putting the temporary in place fails, and the folder stays.
    func testAFolderThatAppearsLateStaysWhereItIs() throws {
        let path = folder.appendingPathComponent("card.svg").path
        let temporary = try TemporaryFile.create(for: path, writing: .bytes(Data("image".utf8)), in: folderDescriptor)
            .get()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try Data("inside".utf8).write(to: URL(fileURLWithPath: path + "/file"))
        XCTAssertNotNil(temporary.commit())
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path + "/file")), Data("inside".utf8))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: temporary.path)), Data("image".utf8))
        temporary.discard()
    }

    func testAFolderInTheWayFailsWithItsReasonAndLeavesNoTemporaryFile() throws {
        let blocked = folder.appendingPathComponent("card.svg")
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: true)
        XCTAssertThrowsError(try OutputWriter.writeAtomically(Data("image".utf8), to: blocked.path, below: folder.path))
        { error in
            XCTAssertEqual("\(error)", "error: cannot write \(blocked.path): a folder of that name is in the way")
        }
        XCTAssertEqual(leftovers, [])
    }

    func testAFileWhereAFolderShouldBeFails() throws {
        let file = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        XCTAssertThrowsError(
            try OutputWriter.writeAtomically(
                Data("image".utf8), to: file.appendingPathComponent("card.svg").path, below: folder.path)
        ) { error in
            XCTAssertTrue("\(error)".hasPrefix("error: cannot write \(file.path)/card.svg: "), "\(error)")
        }
        XCTAssertEqual(leftovers, [])
    }

    func testASetIsWrittenAllOrNothing() throws {
        let first = folder.appendingPathComponent("first.svg")
        let second = folder.appendingPathComponent("second.svg")
        try OutputWriter.writeAll([(first.path, Data("old".utf8))], below: folder.path)
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        XCTAssertThrowsError(
            try OutputWriter.writeAll(
                [(first.path, Data("new".utf8)), (second.path, Data("new".utf8))], below: folder.path)
        ) { error in
            XCTAssertEqual("\(error)", "error: cannot write \(second.path): a folder of that name is in the way")
        }
        XCTAssertEqual(try Data(contentsOf: first), Data("old".utf8))
        XCTAssertEqual(leftovers, [])
    }

    func testTemporaryNamesAreUnpredictableAndRecognised() throws {
        let path = folder.appendingPathComponent("card.svg").path
        let names = try (0..<2).map { _ -> String in
            let temporary = try TemporaryFile.create(for: path, writing: .bytes(Data()), in: folderDescriptor).get()
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
        try OutputWriter.writeAll([(prefix + "card.svg", Data("new".utf8))], below: folder.path)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["card.svg"])
    }
}
