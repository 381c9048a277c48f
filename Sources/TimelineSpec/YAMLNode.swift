/// A YAML node with the place it starts. A value: a scalar costs no allocation of its own and a
/// collection one array, so a big document is built and freed without an object per node. An
/// alias copies its anchor's node, which shares the anchor's arrays: expansion is counted, never
/// performed.
struct YAMLNode {
    enum Content {
        /// `plain` is false for quoted and block scalars, which are always strings.
        case scalar(String, plain: Bool)
        case mapping([YAMLPair])
        case sequence([YAMLNode])
    }

    let content: Content
    let line: Int
    let column: Int
    /// Nodes in this subtree once aliases are expanded.
    let expandedCount: Int
    /// Bytes of scalar text (keys and values) in this subtree once aliases are expanded: what
    /// later steps copy, measure and draw, however few nodes carry it.
    let expandedBytes: Int

    /// A scalar counts its own text; a collection is given its children's sums.
    init(_ content: Content, line: Int, column: Int, expandedCount: Int = 1, expandedBytes: Int? = nil) {
        self.content = content
        self.line = line
        self.column = column
        self.expandedCount = expandedCount
        if let expandedBytes {
            self.expandedBytes = expandedBytes
        } else if case .scalar(let value, _) = content {
            self.expandedBytes = value.utf8.count
        } else {
            self.expandedBytes = 0
        }
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

    /// The tree, one node a line with its place, expanded count and kind: to compare two readers.
    var outline: String {
        var lines: [String] = []
        var stack: [(node: YAMLNode, indent: String)] = [(self, "")]
        while let (node, indent) = stack.popLast() {
            let place = "\(indent)\(node.line):\(node.column) ×\(node.expandedCount) \(node.expandedBytes)B"
            switch node.content {
            case .scalar(let value, let plain):
                lines.append("\(place) \(plain ? "plain" : "quoted") \(value.debugDescription)")
            case .sequence(let items):
                lines.append(place + " [")
                stack += items.reversed().map { ($0, indent + "  ") }
            case .mapping(let pairs):
                lines.append(place + " {")
                for pair in pairs.reversed() {
                    stack.append((pair.value, indent + "    "))
                    stack.append((pair.key, indent + "  "))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
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
/// through generic tuple metadata, which is slow.
struct YAMLPair {
    let key: YAMLNode
    let value: YAMLNode
}
