import Foundation
import TimelineKit
import XCTest

/// The helpers the shipped targets use instead of full Foundation give Foundation's results.
final class FoundationFreeHelpersTests: XCTestCase {
    func testDecimalTextIsStringFormat() {
        var values: [Double] = [
            0, -0.0, 0.05, 0.15, 0.25, 0.35, 0.45, 0.95, 1.45, 2.5, -2.5, 9.95, 99.95, 0.0005, 0.0015,
            0.0025, 1e-7, -1e-9, 123_456.789, 1e15, 1e20, 1.7976931348623157e308, .nan, .infinity, -.infinity,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 { values.append(Double.random(in: -10_000...10_000, using: &generator)) }
        for _ in 0..<500 { values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 2000) }
        for value in values {
            XCTAssertEqual(decimalText(value, places: 1), String(format: "%.1f", value), "\(value)")
            XCTAssertEqual(decimalText(value, places: 3), String(format: "%.3f", value), "\(value)")
            XCTAssertEqual(
                decimalText(value * 1000, places: 1) + " ms", String(format: "%.1f ms", value * 1000), "\(value)")
        }
    }

    func testFileKindIsFileExistsIsDirectory() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "file-kind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.yaml")
        try Data("x".utf8).write(to: file)
        let linkToFolder = folder.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: linkToFolder, withDestinationURL: folder)
        let dangling = folder.appendingPathComponent("dangling")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "nowhere")
        for path in [
            folder.path, file.path, linkToFolder.path, dangling.path, folder.appendingPathComponent("missing").path, "",
            "/",
        ] {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let kind = FileKind(atPath: path)
            XCTAssertEqual(kind != nil, exists, path)
            XCTAssertEqual(kind == .directory, exists && isDirectory.boolValue, path)
        }
    }
}
