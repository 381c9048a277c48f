import TimelineModel

/// The input format as JSON Schema (draft 2020-12), generated from `FormatSchema`, the same key
/// tables the decoder checks documents against.
public enum JSONSchema {
    public static func document() -> [String: Any] {
        var root = object(FormatSchema.document)
        root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        root["$id"] = "https://timeline-cards.dev/schema/v1.json"
        root["title"] = "timeline-cards document, version 1"
        root["$defs"] = ["item": object(FormatSchema.item)]
        return root
    }

    /// Pretty, key-sorted JSON text.
    public static func text() -> String {
        PrettyJSON.text(document()) + "\n"
    }

    static func object(_ schema: ObjectSchema) -> [String: Any] {
        var properties: [String: Any] = [:]
        for key in schema.keys {
            var property = value(key.kind, in: schema)
            property["description"] = key.summary
            properties[key.name] = property
        }
        var result: [String: Any] = ["type": "object", "additionalProperties": false, "properties": properties]
        if !schema.required.isEmpty { result["required"] = schema.required }
        if schema.name == "Document" { result["properties"] = properties.merging(["version": ["const": 1, "description": "Format version; must be 1."]]) { $1 } }
        return result
    }

    static func value(_ kind: ValueKind, in parent: ObjectSchema) -> [String: Any] {
        switch kind {
        case .text:
            // Plain YAML numbers are read as text too ("title: 2026").
            return ["type": ["string", "number"], "minLength": 1]
        case .number(let minimum):
            return ["type": "number", "minimum": minimum]
        case .integer(let minimum):
            return ["type": "integer", "minimum": minimum]
        case .color:
            return ["anyOf": [
                ["type": "string", "pattern": "^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"],
                ["enum": CSSColors.named.keys.sorted()],
            ]]
        case .date:
            return ["type": "string",
                    "pattern": "^\\d{4}-\\d{2}-\\d{2}([Tt ]\\d{2}:\\d{2}(:\\d{2}([.,]\\d+)?)?([Zz]|[+-]\\d{2}:?\\d{2})?)?$"]
        case .insets:
            return ["anyOf": [["type": "number", "minimum": 0],
                              ["type": "array", "items": ["type": "number", "minimum": 0], "minItems": 1, "maxItems": 4]]]
        case .enumeration(let values):
            return ["enum": values]
        case .object(let schema):
            return object(schema)
        case .list(let element):
            if case .object(let schema) = element, schema.name == "Item" {
                return ["type": "array", "items": ["$ref": "#/$defs/item"]]
            }
            return ["type": "array", "items": value(element, in: parent)]
        case .nameOrPath(let names):
            return ["anyOf": [["enum": names], ["type": "string", "pattern": "\\.(ya?ml|json)$"]]]
        case .boolean:
            return ["type": "boolean"]
        case .map(let element):
            return ["type": "object", "additionalProperties": value(element, in: parent)]
        }
    }
}
