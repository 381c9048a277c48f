import TimelineModel

/// Builds a node tree from steps in document order (a scalar, a collection's start and end):
/// shared by the libyaml reader and the JSON reader, so both make the same tree, count the same
/// nodes, stop at the same depth and find the same duplicate keys.
struct NodeTreeBuilder {
    let file: String
    let limits: Limits
    let depthLimit: Int
    private(set) var root: YAMLNode?
    /// Problems that do not stop reading (duplicate keys).
    private(set) var problems: [Diagnostic] = []
    /// Nodes so far, aliases counted as copies.
    private(set) var expanded = 0
    private var stack: [Frame] = []

    init(file: String, limits: Limits) {
        self.file = file
        self.limits = limits
        depthLimit = min(limits.maxYAMLDepth, Limits.maxYAMLDepthCeiling)
    }

    var depthMessage: String {
        "nesting deeper than \(depthLimit) levels of lists and mappings (raise with --max-depth, at most \(Limits.maxYAMLDepthCeiling))"
    }

    /// A stop at `line`:`column`, after the problems found so far.
    func failure(line: Int, column: Int, _ message: String) -> DiagnosticsError {
        DiagnosticsError(problems + [Diagnostic(SourceLocation(file: file, line: line, column: column), message)])
    }

    /// A scalar, or an alias's target `counting` its nodes, read at `line`:`column`.
    mutating func add(_ node: YAMLNode, counting: Int = 1, line: Int, column: Int) throws(DiagnosticsError) {
        expanded = Self.saturatingAdd(expanded, counting)
        try checkCount(line, column)
        attach(node)
    }

    mutating func startCollection(mapping: Bool, line: Int, column: Int, anchor: String?) throws(DiagnosticsError) {
        if stack.count >= depthLimit { throw failure(line: line, column: column, depthMessage) }
        expanded += 1
        try checkCount(line, column)
        stack.append(Frame(YAMLNode(mapping ? .mapping([]) : .sequence([]), line: line, column: column), anchor: anchor))
    }

    /// Closes the innermost collection; its node and anchor, to remember under the anchor.
    @discardableResult
    mutating func endCollection() -> (node: YAMLNode, anchor: String?)? {
        guard let frame = stack.popLast() else { return nil }
        if frame.isMapping {
            frame.node.content = .mapping(frame.pairs)
            frame.node.expandedCount = frame.pairs.reduce(1) {
                Self.saturatingAdd($0, Self.saturatingAdd($1.key.expandedCount, $1.value.expandedCount))
            }
        } else {
            frame.node.content = .sequence(frame.items)
            frame.node.expandedCount = frame.items.reduce(1) { Self.saturatingAdd($0, $1.expandedCount) }
        }
        attach(frame.node)
        return (frame.node, frame.anchor)
    }

    private func checkCount(_ line: Int, _ column: Int) throws(DiagnosticsError) {
        if expanded > limits.maxNodes {
            throw failure(line: line, column: column, "the document expands to more than \(limits.maxNodes) YAML nodes; aliases are not expanded that far (raise with --max-nodes)")
        }
    }

    private mutating func attach(_ node: YAMLNode) {
        guard let parent = stack.last else {
            root = node
            return
        }
        if !parent.isMapping {
            parent.items.append(node)
        } else if let key = parent.pendingKey {
            parent.append(YAMLPair(key: key, value: node))
            parent.pendingKey = nil
        } else {
            // Scalar keys only: collection keys are reported by the decoder.
            if let text = node.scalar, parent.hasKey(text) {
                problems.append(Diagnostic(SourceLocation(file: file, line: node.line, column: node.column), "duplicate key '\(text)'"))
            }
            parent.pendingKey = node
        }
    }

    static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    /// A collection being read. A class, so appending to it never copies the children read so far.
    private final class Frame {
        let node: YAMLNode
        let anchor: String?
        let isMapping: Bool
        var items: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        var pendingKey: YAMLNode?
        /// Keys seen so far, once the mapping is long: a duplicate is then found in constant
        /// time however long it gets. Short mappings (nearly all) are scanned instead.
        var keys: Set<String>?
        static let scannedKeys = 16

        init(_ node: YAMLNode, anchor: String?) {
            self.node = node
            self.anchor = anchor
            if case .mapping = node.content { isMapping = true } else { isMapping = false }
        }

        /// Whether `text` is a key already in this mapping.
        func hasKey(_ text: String) -> Bool {
            if let keys { return keys.contains(text) }
            if pairs.count < Self.scannedKeys { return pairs.contains { $0.key.scalar == text } }
            let all = Set(pairs.compactMap(\.key.scalar))
            keys = all
            return all.contains(text)
        }

        func append(_ pair: YAMLPair) {
            pairs.append(pair)
            if let text = pair.key.scalar { keys?.insert(text) }
        }
    }
}
