import Foundation
import TimelineTestSupport
import XCTest

/// Emoji reach every format as pictures: SVG and PDF embed each as an image (the SVG defines each
/// emoji once), and two runs give the same bytes.
final class EmojiOutputTests: XCTestCase {
    /// The emoji of fixtures/emoji.yaml's first card: 16 drawn, 8 different (🚀 ✅ 👍🏽 👩‍💻 👨‍👩‍👧 🇩🇪
    /// 🇯🇵 🎉); the keycap and ☺︎ are text.
    let drawn = 16
    let different = 8

    func render(into folder: URL) throws -> [String: Data] {
        let result = try CLIRunner.run(
            [
                "render", CLIRunner.fixture("emoji.yaml"), "-o", folder.path, "--format", "svg", "--format", "png",
                "--format", "pdf",
            ])
        XCTAssertEqual(result.status, 0, result.stderr)
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    func testSVGAndPDFEmbedEveryEmojiAsAnImageAndRunsAgree() throws {
        let first = try render(into: try CLIRunner.temporaryDirectory())
        let second = try render(into: try CLIRunner.temporaryDirectory())
        XCTAssertEqual(first.count, 6, "two cards, three formats")
        for (name, data) in first { XCTAssertEqual(data, second[name], "\(name) differs between runs") }

        let svg = String(decoding: try XCTUnwrap(first["emoji.svg"]), as: UTF8.self)
        XCTAssertEqual(svg.components(separatedBy: "<image id=").count - 1, different)
        XCTAssertEqual(svg.components(separatedBy: "xlink:href=\"data:image/png;base64,").count - 1, different)
        XCTAssertEqual(svg.components(separatedBy: ") scale(").count - 1, drawn)

        // cairo writes each picture as an image XObject with its alpha as a soft mask.
        let pdf = PDFObjects([UInt8](try XCTUnwrap(first["emoji.pdf"]))).dictionaries
        XCTAssertEqual(pdf.components(separatedBy: "/Subtype /Image").count - 1, 2 * drawn)
        XCTAssertEqual(pdf.components(separatedBy: "/SMask ").count - 1, drawn)
    }
}
