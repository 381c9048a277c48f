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

    /// `timeline-cards schema` writes the bytes `JSONSerialization` writes with these options, which
    /// docs/timeline.schema.json and editors pointing at it hold.
    func testSchemaTextIsJSONSerializations() throws {
        let tree = try JSONSerialization.jsonObject(with: Data(JSONSchema.text().utf8))
        let data = try JSONSerialization.data(withJSONObject: tree,
                                              options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        XCTAssertEqual(JSONSchema.text(), String(decoding: data, as: UTF8.self) + "\n")
    }
}

/// A schema node is the JSON object of its set keywords, nested nodes included.
final class SchemaNodeTests: XCTestCase {
    func testUnsetKeywordsAreLeftOutAndNestedNodesAreObjects() throws {
        let node = SchemaNode(type: "object", additionalProperties: .schema(SchemaNode(
            type: .several(["string", "number"]), anyOf: [SchemaNode(ref: "#/$defs/item")],
            items: SchemaNode(enumeration: ["a"]), maxItems: 4)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        XCTAssertEqual(String(decoding: try encoder.encode(node), as: UTF8.self),
                       ##"{"additionalProperties":{"anyOf":[{"$ref":"#/$defs/item"}],"items":{"enum":["a"]},"##
                       + #""maxItems":4,"type":["string","number"]},"type":"object"}"#)
        let closed = try encoder.encode(SchemaNode(additionalProperties: .allowed(false)))
        XCTAssertEqual(String(decoding: closed, as: UTF8.self), #"{"additionalProperties":false}"#)
    }
}
