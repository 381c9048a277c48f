import TimelineModel

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The input format as JSON Schema (draft 2020-12), generated from `FormatSchema`, the same key
/// tables the decoder checks documents against.
public enum JSONSchema {
    public static func document() -> SchemaNode {
        var root = object(FormatSchema.document)
        root.schema = "https://json-schema.org/draft/2020-12/schema"
        root.id = "https://timeline-cards.dev/schema/v1.json"
        root.title = "timeline-cards document, version 1"
        root.defs = ["item": object(FormatSchema.item)]
        return root
    }

    /// Pretty, key-sorted JSON text.
    public static func text() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and nested nodes only: nothing in a schema node can fail to encode.
        guard let data = try? encoder.encode(document()) else { preconditionFailure("the schema did not encode") }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func object(_ schema: ObjectSchema) -> SchemaNode {
        var properties: [String: SchemaNode] = [:]
        for key in schema.keys {
            var property = value(key.kind, in: schema)
            property.description = key.summary
            properties[key.name] = property
        }
        if schema.name == "Document" {
            properties["version"] = SchemaNode(const: 1, description: "Format version; must be 1.")
            properties["cards"]?.minItems = 1 // "a timeline needs at least one card"
        }
        // What the decoder refuses, refused by editors too: an id is a file name of a-z, 0-9,
        // '-', '_' and '.'; a group holds at least one item.
        if schema.name == "Card" { properties["id"]?.pattern = "^[a-z0-9._-]{1,100}$" }
        if schema.name == "Item" { properties["items"]?.minItems = 1 }
        if schema.name == "Card", let map = properties["sections"] {
            var list = SchemaNode(type: "array", items: object(FormatSchema.section))
            list.minItems = nil
            properties["sections"] = SchemaNode(anyOf: [map, list])
            properties["sections"]?.description = map.description
        }
        return SchemaNode(
            type: "object", properties: properties, additionalProperties: .allowed(false),
            required: schema.required.isEmpty ? nil : schema.required)
    }

    static func value(_ kind: ValueKind, in parent: ObjectSchema) -> SchemaNode {
        switch kind {
        case .text:
            // Plain YAML numbers are read as text too ("title: 2026").
            return SchemaNode(type: .several(["string", "number"]), minLength: 1)
        case .number(let minimum):
            return SchemaNode(type: "number", minimum: minimum)
        case .integer(let minimum):
            return SchemaNode(type: "integer", minimum: Double(minimum))
        case .color:
            return SchemaNode(anyOf: [
                SchemaNode(type: "string", pattern: "^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"),
                SchemaNode(enumeration: CSSColors.named.keys.sorted()),
            ])
        case .date:
            let time = "([Tt ]\\d{2}:\\d{2}(:\\d{2}([.,]\\d+)?)?([Zz]|[+-]\\d{2}:?\\d{2})?)?"
            return SchemaNode(type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}" + time + "$")
        case .insets:
            return SchemaNode(anyOf: [
                SchemaNode(type: "number", minimum: 0),
                SchemaNode(type: "array", items: SchemaNode(type: "number", minimum: 0), minItems: 1, maxItems: 4),
            ])
        case .enumeration(let values):
            return SchemaNode(enumeration: values)
        case .object(let schema):
            return object(schema)
        case .list(let element):
            if case .object(let schema) = element, schema.name == "Item" {
                return SchemaNode(type: "array", items: SchemaNode(ref: "#/$defs/item"))
            }
            return SchemaNode(type: "array", items: value(element, in: parent))
        case .nameOrPath(let names):
            return SchemaNode(anyOf: [
                SchemaNode(enumeration: names),
                SchemaNode(type: "string", pattern: "\\.(ya?ml|json)$"),
            ])
        case .boolean:
            return SchemaNode(type: "boolean")
        case .map(let element):
            return SchemaNode(type: "object", additionalProperties: .schema(value(element, in: parent)))
        }
    }
}
