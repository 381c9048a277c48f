import Foundation
import XCTest

@testable import TimelineSpec

/// A schema node is the JSON object of its set keywords, nested nodes included.
final class SchemaNodeTests: XCTestCase {
    func testUnsetKeywordsAreLeftOutAndNestedNodesAreObjects() throws {
        let node = SchemaNode(
            type: "object",
            additionalProperties: .schema(
                SchemaNode(
                    type: .several(["string", "number"]), anyOf: [SchemaNode(ref: "#/$defs/item")],
                    items: SchemaNode(enumeration: ["a"]), maxItems: 4)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        XCTAssertEqual(
            String(decoding: try encoder.encode(node), as: UTF8.self),
            ##"{"additionalProperties":{"anyOf":[{"$ref":"#/$defs/item"}],"items":{"enum":["a"]},"##
                + #""maxItems":4,"type":["string","number"]},"type":"object"}"#)
        let closed = try encoder.encode(SchemaNode(additionalProperties: .allowed(false)))
        XCTAssertEqual(String(decoding: closed, as: UTF8.self), #"{"additionalProperties":false}"#)
    }
}
