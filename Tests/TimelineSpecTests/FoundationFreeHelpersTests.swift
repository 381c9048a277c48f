import Foundation
import XCTest

@testable import TimelineSpec

/// The helpers TimelineSpec uses instead of full Foundation give Foundation's results.
final class FoundationFreeSpecHelpersTests: XCTestCase {
    func testPathNameIsNSString() {
        let paths = [
            "", "/", "//", ".", "..", "...", "a", "a.", "a..", ".a", ".a.b", "a.svg", "a.SVG", "a.b.c", "dir/a.png",
            "dir.d/a", "dir/.hidden", "x/..", "x/.", "a.svg/", "a.svg//", "/a/b.yaml", "a//b.json", "é.yml",
            "a b.pdf", "~/x.yaml", "dir/", "dir//", "/.svg", "a/b.c/d", "a.yaml/../b",
        ]
        for path in paths {
            XCTAssertEqual(PathName.fileExtension(of: path), (path as NSString).pathExtension, path)
        }
        for base in paths {
            for component in ["", "b", "b.svg", "/b", "b/", "."] {
                XCTAssertEqual(
                    PathName.appending(component, to: base), (base as NSString).appendingPathComponent(component),
                    "\(base) + \(component)")
            }
        }
    }

    /// `timeline-cards schema` writes the bytes `JSONSerialization` writes with these options, which
    /// docs/timeline.schema.json and editors pointing at it hold.
    func testSchemaTextIsJSONSerializations() throws {
        let tree = try JSONSerialization.jsonObject(with: Data(JSONSchema.text().utf8))
        let data = try JSONSerialization.data(
            withJSONObject: tree,
            options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        XCTAssertEqual(JSONSchema.text(), String(decoding: data, as: UTF8.self) + "\n")
    }
}
