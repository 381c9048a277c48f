/// A YAML node with the place it starts. A class, so an alias shares its anchor's node instead of
/// copying it: expansion is counted, never performed.
final class YAMLNode {
    enum Content {
        /// `plain` is false for quoted and block scalars, which are always strings.
        case scalar(String, plain: Bool)
        case mapping([YAMLPair])
        case sequence([YAMLNode])
    }

    var content: Content
    let line: Int
    let column: Int
    /// Nodes in this subtree once aliases are expanded.
    var expandedCount: Int

    init(_ content: Content, line: Int, column: Int, expandedCount: Int = 1) {
        self.content = content
        self.line = line
        self.column = column
        self.expandedCount = expandedCount
    }

    var scalar: String? {
        if case .scalar(let value, _) = content { return value }
        return nil
    }

    var isNull: Bool {
        if case .scalar(let value, let plain) = content {
            return plain && (value.isEmpty || value == "~" || value == "null" || value == "Null" || value == "NULL")
        }
        return false
    }

    var kindName: String {
        switch content {
        case .scalar: return isNull ? "null" : "a scalar"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }
}

/// A mapping's entry. A struct rather than a tuple: arrays of tuples are copied and freed
/// through generic tuple metadata, a fifth of decoding a large document.
struct YAMLPair {
    let key: YAMLNode
    let value: YAMLNode
}
