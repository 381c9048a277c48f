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
    /// Text bytes that aliases so far stand for: the amplification. Text written out in the
    /// file is left out; `maxInputBytes` bounds it.
    private(set) var aliasedBytes = 0
    /// Whether an alias was met: a document over the node limit without one is simply large.
    private var hasAliases = false
    /// The open collections are `frames[..<depth]`; frames beyond are kept for reuse, so their
    /// arrays keep their capacity and a collection allocates only its final, exact array. Values
    /// changed in place: no reference to count, no exclusivity to check at run time.
    private var frames: [Frame] = []
    private var depth = 0

    init(file: String, limits: Limits) {
        self.file = file
        self.limits = limits
        depthLimit = min(limits.maxYAMLDepth, Limits.maxYAMLDepthCeiling)
    }

    var depthMessage: String {
        "nesting deeper than \(depthLimit) levels of lists and mappings (raise with --max-depth, at most "
            + "\(Limits.maxYAMLDepthCeiling))"
    }

    /// A stop at `line`:`column`, after the problems found so far.
    func failure(line: Int, column: Int, _ message: String) -> DiagnosticsError {
        DiagnosticsError(problems + [Diagnostic(SourceLocation(file: file, line: line, column: column), message)])
    }

    /// A problem at `line`:`column` that does not stop reading.
    mutating func report(line: Int, column: Int, _ message: String) {
        problems.append(Diagnostic(SourceLocation(file: file, line: line, column: column), message))
    }

    /// A scalar read at `line`:`column`.
    mutating func add(_ node: YAMLNode, line: Int, column: Int) throws(DiagnosticsError) {
        expanded = Self.saturatingAdd(expanded, 1)
        try checkCount(line, column)
        attach(node)
    }

    /// An alias's target, counted as the copy it stands for, read at `line`:`column`.
    mutating func addAlias(_ target: YAMLNode, line: Int, column: Int) throws(DiagnosticsError) {
        expanded = Self.saturatingAdd(expanded, target.expandedCount)
        hasAliases = true
        aliasedBytes = Self.saturatingAdd(aliasedBytes, target.expandedBytes)
        try checkCount(line, column)
        attach(target)
    }

    mutating func startCollection(mapping: Bool, line: Int, column: Int, anchor: String?) throws(DiagnosticsError) {
        if depth >= depthLimit { throw failure(line: line, column: column, depthMessage) }
        expanded += 1
        try checkCount(line, column)
        if depth == frames.count { frames.append(Frame()) }
        frames[depth].open(isMapping: mapping, line: line, column: column, anchor: anchor)
        depth += 1
    }

    /// Closes the innermost collection; its node and anchor, to remember under the anchor.
    @discardableResult
    mutating func endCollection() -> (node: YAMLNode, anchor: String?)? {
        guard depth > 0 else { return nil }
        depth -= 1
        let node: YAMLNode
        if frames[depth].isMapping {
            var count = 1
            var bytes = 0
            for pair in frames[depth].pairs {
                count = Self.saturatingAdd(count, Self.saturatingAdd(pair.key.expandedCount, pair.value.expandedCount))
                bytes = Self.saturatingAdd(bytes, Self.saturatingAdd(pair.key.expandedBytes, pair.value.expandedBytes))
            }
            node = YAMLNode(
                .mapping(frames[depth].pairs.withUnsafeBufferPointer(Array.init)), line: frames[depth].line,
                column: frames[depth].column, expandedCount: count, expandedBytes: bytes)
        } else {
            var count = 1
            var bytes = 0
            for item in frames[depth].items {
                count = Self.saturatingAdd(count, item.expandedCount)
                bytes = Self.saturatingAdd(bytes, item.expandedBytes)
            }
            node = YAMLNode(
                .sequence(frames[depth].items.withUnsafeBufferPointer(Array.init)), line: frames[depth].line,
                column: frames[depth].column, expandedCount: count, expandedBytes: bytes)
        }
        let anchor = frames[depth].anchor
        frames[depth].close()
        attach(node)
        return (node, anchor)
    }

    private func checkCount(_ line: Int, _ column: Int) throws(DiagnosticsError) {
        if expanded > limits.maxNodes {
            let message =
                hasAliases
                ? "the document expands to more than \(limits.maxNodes) YAML nodes; aliases are not expanded that far "
                    + "(raise with --max-nodes)"
                : "the document has more than \(limits.maxNodes) YAML nodes (raise with --max-nodes)"
            throw failure(line: line, column: column, message)
        }
        if aliasedBytes > limits.maxExpandedBytes {
            throw failure(
                line: line, column: column,
                "aliases expand to more than \(limits.maxExpandedBytes) bytes of text; they are not expanded that far "
                    + "(raise with --max-expanded-bytes)"
            )
        }
    }

    private mutating func attach(_ node: YAMLNode) {
        guard depth > 0 else {
            root = node
            return
        }
        let parent = depth - 1
        if !frames[parent].isMapping {
            frames[parent].items.append(node)
        } else if let key = frames[parent].pendingKey {
            frames[parent].pendingKey = nil
            frames[parent].append(YAMLPair(key: key, value: node))
        } else {
            // Scalar keys only: collection keys are reported by the decoder.
            if let text = node.scalar, frames[parent].hasKey(text) {
                problems.append(
                    Diagnostic(
                        SourceLocation(file: file, line: node.line, column: node.column),
                        "duplicate key \(DecodeContext.quoted(text))"))
            }
            frames[parent].pendingKey = node
        }
    }

    static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    /// A collection being read, changed in place in `frames`: appending to it never copies the
    /// children read so far.
    private struct Frame {
        private(set) var isMapping = false
        private(set) var line = 0
        private(set) var column = 0
        private(set) var anchor: String?
        var items: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        var pendingKey: YAMLNode?
        /// Keys seen so far, once the mapping is long: a duplicate is then found in constant
        /// time however long it gets. Short mappings (nearly all) are scanned instead.
        var keys: Set<String>?
        static let scannedKeys = 16

        mutating func open(isMapping: Bool, line: Int, column: Int, anchor: String?) {
            self.isMapping = isMapping
            self.line = line
            self.column = column
            self.anchor = anchor
        }

        /// Empties the frame for the next collection at its depth, keeping its arrays' capacity.
        mutating func close() {
            items.removeAll(keepingCapacity: true)
            pairs.removeAll(keepingCapacity: true)
            pendingKey = nil
            keys = nil
            anchor = nil
        }

        /// Whether `text` is a key already in this mapping.
        mutating func hasKey(_ text: String) -> Bool {
            if let keys { return keys.contains(text) }
            if pairs.count < Self.scannedKeys { return pairs.contains { $0.key.scalar == text } }
            let all = Set(pairs.compactMap(\.key.scalar))
            keys = all
            return all.contains(text)
        }

        mutating func append(_ pair: YAMLPair) {
            pairs.append(pair)
            if let text = pair.key.scalar { keys?.insert(text) }
        }
    }
}
