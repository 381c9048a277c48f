#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `Decoder` over the node tree the YAML, JSON and Mermaid readers build: the Swift model
/// (TimelineKit's `Timeline`) decodes from any input the renderer reads, a mapping's keys in the
/// order written (Foundation's JSONDecoder gives them in any order), a scalar typed by what the
/// model asks of it (YAML's `title: 2026` is text to a `String`), each failure at its place.
struct NodeTreeValueDecoder: Decoder {
    let node: YAMLNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .mapping(let pairs) = node.content else { throw mismatch([String: String].self, "a mapping") }
        return KeyedDecodingContainer(NodeKeyedContainer<Key>(pairs: pairs, node: node, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .sequence(let items) = node.content else { throw mismatch([String].self, "a list") }
        return NodeUnkeyedContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { NodeSingleValue(decoder: self) }

    func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
        .typeMismatch(type, context("expected \(expected)"))
    }

    func context(_ message: String) -> DecodingError.Context {
        DecodingError.Context(codingPath: codingPath, debugDescription: "\(node.line):\(node.column): \(message)")
    }

    /// The scalar's text as `T`, through its `LosslessStringConvertible` reading.
    func scalar<T: LosslessStringConvertible>(_ type: T.Type) throws -> T {
        guard let text = node.scalar, !node.isNull || T.self == String.self else {
            throw mismatch(type, "a value")
        }
        if T.self == Bool.self, text != "true", text != "false" { throw mismatch(type, "true or false") }
        guard let value = T(text) else { throw mismatch(type, "\(T.self), not '\(text)'") }
        return value
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self, let value = try scalar(String.self) as? T { return value }
        if T.self == Double.self, let value = try scalar(Double.self) as? T { return value }
        if T.self == Int.self, let value = try scalar(Int.self) as? T { return value }
        if T.self == Bool.self, let value = try scalar(Bool.self) as? T { return value }
        return try T(from: self)
    }
}

private struct NodeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let pairs: [YAMLPair]
    let node: YAMLNode
    let codingPath: [any CodingKey]

    var allKeys: [Key] { pairs.compactMap { $0.key.scalar.flatMap(Key.init(stringValue:)) } }

    func contains(_ key: Key) -> Bool { value(key) != nil }

    private func value(_ key: Key) -> YAMLNode? { pairs.last { $0.key.scalar == key.stringValue }?.value }

    private func decoder(_ key: Key) throws -> NodeTreeValueDecoder {
        guard let value = value(key) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "\(node.line):\(node.column): no '\(key.stringValue)'"))
        }
        return NodeTreeValueDecoder(node: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { value(key)?.isNull ?? true }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(key).decode(type) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(key).scalar(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(key).scalar(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(key).scalar(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(key).scalar(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(key).scalar(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(key).scalar(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(key).scalar(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(key).scalar(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(key).scalar(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(key).scalar(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(key).scalar(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(key).scalar(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(key).scalar(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(key).scalar(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(key).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder { NodeTreeValueDecoder(node: node, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(key) }
}

private struct NodeUnkeyedContainer: UnkeyedDecodingContainer {
    let items: [YAMLNode]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [YAMLNode], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private struct Index: CodingKey {
        var intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    private mutating func next() throws -> NodeTreeValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "the list has ended"))
        }
        defer { currentIndex += 1 }
        return NodeTreeValueDecoder(node: items[currentIndex], codingPath: codingPath + [Index(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct NodeSingleValue: SingleValueDecodingContainer {
    let decoder: NodeTreeValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.node.isNull }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
}

extension DocumentDecoder {
    /// Reads YAML, JSON or a Mermaid timeline into any `Decodable` value the way the format's
    /// keys map onto it (TimelineKit's `Timeline`): syntax problems as the renderer reports them,
    /// a value of the wrong kind at its `file:line:column`.
    package func decodeValue<T: Decodable>(_ type: T.Type, from data: Data, file: String, format: InputFormat?)
        throws(DiagnosticsError) -> T
    {
        let read = try readTree([UInt8](data), file: file, format: format ?? InputFormat(sniffing: data))
        if !read.diagnostics.isEmpty { throw DiagnosticsError(read.diagnostics) }
        do {
            return try T(from: NodeTreeValueDecoder(node: read.root, codingPath: []))
        } catch let error as DecodingError {
            throw DiagnosticsError([Self.diagnostic(error, file: file)])
        } catch {
            throw DiagnosticsError([Diagnostic(file: file, message: "\(error)")])
        }
    }

    /// `file:line:column: error: cards[0].items[2].status: expected …`, from the context's
    /// `line:column: ` prefix and its coding path.
    static func diagnostic(_ error: DecodingError, file: String) -> Diagnostic {
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found),
            .dataCorrupted(let found):
            context = found
        @unknown default:
            return Diagnostic(file: file, message: "\(error)")
        }
        var path = ""
        for key in context.codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += (path.isEmpty ? "" : ".") + key.stringValue
            }
        }
        var message = context.debugDescription
        var line: Int?
        var column: Int?
        let parts = message.split(separator: ":", maxSplits: 2)
        if parts.count == 3, let l = Int(parts[0]), let c = Int(parts[1]) {
            line = l
            column = c
            message = String(parts[2].dropFirst())
        }
        return Diagnostic(
            file: file, line: line, column: column, message: path.isEmpty ? message : "\(path): \(message)")
    }
}
