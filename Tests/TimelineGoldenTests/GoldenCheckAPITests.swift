import Foundation
import TimelineCommandSupport
import TimelineGolden
import TimelineKit
import XCTest

/// The Swift API users call from their own test suites.
final class GoldenCheckAPITests: XCTestCase {
    static let demo = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/demo.yaml")
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-api-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func document() throws -> Document {
        let sources = try InputSource.load([Self.demo.path], maxBytes: Limits().maxInputBytes)
        return try TimelineRenderer().decode(try XCTUnwrap(sources.first))
    }

    func testRecordThenMatchADocument() throws {
        let document = try document()
        XCTAssertEqual(try GoldenCheck.assertImages(of: document, named: "demo", matchIn: folder, record: true), [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("release-2.png").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("release-2.svg").path))
        XCTAssertEqual(try GoldenCheck.assertImages(of: document, named: "demo", matchIn: folder, record: false), [])
    }

    func testAChangedDocumentIsReported() throws {
        var document = try document()
        XCTAssertEqual(try GoldenCheck.assertImages(of: document, named: "demo", matchIn: folder, record: true), [])
        document.cards[0].items[0].title = "Kickoff moved"
        let mismatches = try GoldenCheck.assertImages(of: document, named: "demo", matchIn: folder, record: false)
        XCTAssertEqual(
            mismatches.map { URL(fileURLWithPath: $0.path).lastPathComponent }.sorted(),
            ["release-2.png", "release-2.svg"])
        for mismatch in mismatches {
            switch mismatch.kind {
            case .svg(let difference):
                XCTAssertTrue(difference.actual.contains("Kickoff moved"), difference.description)
            case .pixels(let difference): XCTAssertGreaterThan(difference.differingPixels, 0)
            case .size: break // a longer title may wrap differently
            default: XCTFail("unexpected mismatch: \(mismatch)")
            }
        }
    }

    func testMissingGoldenIsAMismatchNamingTheRecordSwitch() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = Self.demo
        let mismatches = try GoldenCheck.assertImages(ofFile: file, matchIn: folder, record: false)
        XCTAssertEqual(mismatches.count, 2)
        XCTAssertTrue(mismatches.allSatisfy { $0.description.contains("TIMELINE_RECORD=1") }, "\(mismatches)")
    }

    func testMissingFolderThrows() throws {
        let file = Self.demo
        XCTAssertThrowsError(try GoldenCheck.assertImages(ofFile: file, matchIn: folder, record: false)) { error in
            XCTAssertTrue("\(error)".contains("does not exist"), "\(error)")
        }
    }

    func testUnusableGoldenThrows() throws {
        let file = Self.demo
        XCTAssertEqual(try GoldenCheck.assertImages(ofFile: file, matchIn: folder, record: true), [])
        try Data("GIF89a".utf8).write(to: folder.appendingPathComponent("release-2.png"))
        XCTAssertThrowsError(try GoldenCheck.assertImages(ofFile: file, matchIn: folder, record: false)) { error in
            XCTAssertTrue("\(error)".contains("not a PNG file"), "\(error)")
        }
    }
}
