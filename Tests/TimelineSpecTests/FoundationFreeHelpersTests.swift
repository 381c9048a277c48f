import Foundation
@testable import TimelineSpec
import XCTest

/// The helpers that replaced full Foundation in TimelineSpec give Foundation's results.
final class FoundationFreeSpecHelpersTests: XCTestCase {
    func testPathNameIsNSString() {
        let paths = ["", "/", "//", ".", "..", "...", "a", "a.", "a..", ".a", ".a.b", "a.svg", "a.SVG", "a.b.c", "dir/a.png",
                     "dir.d/a", "dir/.hidden", "x/..", "x/.", "a.svg/", "a.svg//", "/a/b.yaml", "a//b.json", "é.yml",
                     "a b.pdf", "~/x.yaml", "dir/", "dir//", "/.svg", "a/b.c/d", "a.yaml/../b"]
        for path in paths {
            XCTAssertEqual(PathName.fileExtension(of: path), (path as NSString).pathExtension, path)
        }
        for base in paths {
            for component in ["", "b", "b.svg", "/b", "b/", "."] {
                XCTAssertEqual(PathName.appending(component, to: base), (base as NSString).appendingPathComponent(component),
                               "\(base) + \(component)")
            }
        }
    }

    func testSchemaTextIsJSONSerializations() throws {
        let data = try JSONSerialization.data(withJSONObject: JSONSchema.document(),
                                              options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        XCTAssertEqual(JSONSchema.text(), String(decoding: data, as: UTF8.self) + "\n")
    }

    func testPrettyJSONIsJSONSerializations() throws {
        let tree: [String: Any] = [
            "a": [Any](), "b": [String: Any](), "c": "q\"\\/\n\r\t\u{8}\u{C}\u{1}\u{1F}\u{7F}é😀", "d": 0.5, "e": 40.0,
            "f": -0.0, "g": 1e20, "h": true, "i": false, "j": 7, "k": [1, "x", ["l": 2, "$m": [[String: Any]()]]],
        ]
        let data = try JSONSerialization.data(withJSONObject: tree, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        XCTAssertEqual(PrettyJSON.text(tree), String(decoding: data, as: UTF8.self))
    }
}
