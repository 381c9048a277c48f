/// One schema of a JSON Schema document: the keywords `JSONSchema` uses, each left out while nil,
/// so `JSONEncoder` writes it as the schema's JSON object.
public struct SchemaNode: Encodable, Hashable, Sendable {
    /// `"type"`: one type name, or several a value may have.
    public enum TypeName: Encodable, Hashable, Sendable, ExpressibleByStringLiteral {
        case one(String)
        case several([String])

        public init(stringLiteral name: String) { self = .one(name) }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .one(let name): try container.encode(name)
            case .several(let names): try container.encode(names)
            }
        }
    }

    /// `"additionalProperties"`: `false`, or the schema every other property must meet.
    public indirect enum Additional: Encodable, Hashable, Sendable {
        case allowed(Bool)
        case schema(SchemaNode)

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .allowed(let flag):
                var container = encoder.singleValueContainer()
                try container.encode(flag)
            case .schema(let node): try node.encode(to: encoder)
            }
        }
    }

    /// A node held by a node (`"items"`): a struct cannot store its own type directly.
    public indirect enum Nested: Encodable, Hashable, Sendable {
        case node(SchemaNode)

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .node(let node): try node.encode(to: encoder)
            }
        }
    }

    public var schema: String?
    public var id: String?
    public var title: String?
    public var defs: [String: SchemaNode]?
    public var ref: String?
    public var type: TypeName?
    public var const: Int?
    public var enumeration: [String]?
    public var pattern: String?
    public var minLength: Int?
    public var minimum: Double?
    public var anyOf: [SchemaNode]?
    public var items: Nested?
    public var minItems: Int?
    public var maxItems: Int?
    public var properties: [String: SchemaNode]?
    public var additionalProperties: Additional?
    public var required: [String]?
    public var description: String?

    public init(
        ref: String? = nil, type: TypeName? = nil, const: Int? = nil, enumeration: [String]? = nil,
        pattern: String? = nil, minLength: Int? = nil, minimum: Double? = nil, anyOf: [SchemaNode]? = nil,
        items: SchemaNode? = nil, minItems: Int? = nil, maxItems: Int? = nil,
        properties: [String: SchemaNode]? = nil, additionalProperties: Additional? = nil,
        required: [String]? = nil, description: String? = nil
    ) {
        self.ref = ref
        self.type = type
        self.const = const
        self.enumeration = enumeration
        self.pattern = pattern
        self.minLength = minLength
        self.minimum = minimum
        self.anyOf = anyOf
        self.items = items.map { .node($0) }
        self.minItems = minItems
        self.maxItems = maxItems
        self.properties = properties
        self.additionalProperties = additionalProperties
        self.required = required
        self.description = description
    }

    enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case id = "$id"
        case title
        case defs = "$defs"
        case ref = "$ref"
        case type, const
        case enumeration = "enum"
        case pattern, minLength, minimum, anyOf, items, minItems, maxItems
        case properties, additionalProperties, required, description
    }
}
