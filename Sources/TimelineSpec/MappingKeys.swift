/// A mapping's known keys and their values, found by scanning: a mapping has a handful of keys,
/// and comparing a few numbers or short names costs less than hashing every name looked up (an
/// item's reader asks for each of its fifteen keys, present or not).
struct MappingKeys {
    struct Entry {
        /// The key's position in its schema.
        let key: Int
        let name: String
        let value: YAMLNode
    }
    /// In document order; a repeated key (reported as a duplicate) appears each time.
    private(set) var entries: [Entry] = []
    /// The keys an unknown key was reported as a misspelling of ("did you mean 'title'?"): that
    /// report is the one error of its cause, so a check that the key is missing stays quiet.
    var suggested: Set<String> = []

    /// Whether none of `names` was given, nor suggested for a misspelled key.
    func lacksAll(_ names: String...) -> Bool {
        names.allSatisfy { self[$0] == nil && !suggested.contains($0) }
    }

    init(capacity: Int = 0) {
        entries.reserveCapacity(capacity)
    }

    mutating func append(key: Int, name: String, _ value: YAMLNode) {
        entries.append(Entry(key: key, name: name, value: value))
    }

    /// The value of `name`, the last one when it is repeated.
    subscript(name: String) -> YAMLNode? {
        entries.last { $0.name == name }?.value
    }

    /// The value of the schema's key at `key`'s position: numbers compared, not names.
    subscript<Key: RawRepresentable>(key: Key) -> YAMLNode? where Key.RawValue == Int {
        let position = key.rawValue
        return entries.last { $0.key == position }?.value
    }

    /// Each key once with its last value, by name.
    var sortedByName: [Entry] {
        var last: [String: Entry] = [:]
        for entry in entries { last[entry.name] = entry }
        return last.values.sorted { $0.name < $1.name }
    }
}
