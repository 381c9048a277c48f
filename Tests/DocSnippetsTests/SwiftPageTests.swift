import Foundation
import XCTest

/// docs/swift.md opens with one complete example that builds a card in code and writes its SVG
/// to the current folder: its first block is Swift, and running it (`snippet_swift_1`, generated
/// from the page) leaves `launch.svg` there.
final class SwiftPageTests: XCTestCase {
    func testTheOpeningExampleWritesAnSVGToTheCurrentFolder() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/swift.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let firstFence = try XCTUnwrap(text.components(separatedBy: "\n").first { $0.hasPrefix("```") })
        XCTAssertEqual(firstFence, "```swift", "the page opens with the Swift example")
        var written: Data?
        try DocSandbox.run(files: [:]) {
            try snippet_swift_1()
            written = FileManager.default.contents(atPath: "launch.svg")
        }
        let svg = String(decoding: try XCTUnwrap(written, "launch.svg written"), as: UTF8.self)
        XCTAssertTrue(svg.contains("<svg"))
        XCTAssertTrue(svg.contains("App: &quot;beta&quot;") || svg.contains("App: \"beta\""), "its text layer")
    }
}
