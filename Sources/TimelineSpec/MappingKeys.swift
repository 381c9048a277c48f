/// A mapping's known keys and their values, found by scanning: a mapping has a handful of keys,
/// and comparing a few short names costs less than hashing every name looked up (an item's
/// reader asks for each of its fifteen keys, present or not).
struct MappingKeys {
    struct Entry {
        let name: String
        let value: YAMLNode
    }
    /// In document order; a repeated key (reported as a duplicate) appears each time.
    private(set) var entries: [Entry] = []

    mutating func append(_ name: String, _ value: YAMLNode) {
        entries.append(Entry(name: name, value: value))
    }

    /// The value of `name`, the last one when it is repeated.
    subscript(name: String) -> YAMLNode? {
        entries.last { $0.name == name }?.value
    }

    /// Each key once with its last value, by name.
    var sortedByName: [Entry] {
        var last: [String: YAMLNode] = [:]
        for entry in entries { last[entry.name] = entry.value }
        return last.map { Entry(name: $0.key, value: $0.value) }.sorted { $0.name < $1.name }
    }
}
