import CYAML
import TimelineModel

/// Reads YAML (and so JSON) into `YAMLNode`s through libyaml's event stream, without recursion, so
/// no input can overflow the stack, and with aliases counted rather than expanded.
struct YAMLReader {
    var file: String
    var limits: Limits

    /// The tree, and problems that did not stop reading (duplicate keys).
    struct Result {
        var root: YAMLNode
        var diagnostics: [Diagnostic]
    }

    private final class Parser {
        var parser = yaml_parser_t()
        init() { yaml_parser_initialize(&parser) }
        deinit { yaml_parser_delete(&parser) }
    }

    /// A collection being read. A class, so appending to it never copies the children read so far.
    private final class Frame {
        let node: YAMLNode
        let anchor: String?
        var items: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        var pendingKey: YAMLNode?
        /// Keys seen so far, once the mapping is long: a duplicate is then found in constant
        /// time however long it gets. Short mappings (nearly all) are scanned instead.
        var keys: Set<String>?
        static let scannedKeys = 16

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
        var isMapping: Bool { if case .mapping = node.content { true } else { false } }

        init(_ node: YAMLNode, anchor: String?) {
            self.node = node
            self.anchor = anchor
        }
    }

    func read(_ bytes: [UInt8]) throws(DiagnosticsError) -> YAMLNode {
        try readCollectingProblems(bytes).root
    }

    /// Reads one document. Syntax errors and limits stop reading (libyaml cannot go on after
    /// them); duplicate keys are collected and reading continues.
    func readCollectingProblems(_ bytes: [UInt8]) throws(DiagnosticsError) -> Result {
        let parser = Parser()
        var root: YAMLNode?
        var stack: [Frame] = []
        var anchors: [String: YAMLNode] = [:]
        var documents = 0
        var expanded = 0
        var problems: [Diagnostic] = []
        let depthLimit = min(limits.maxYAMLDepth, Limits.maxYAMLDepthCeiling)

        func location(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        }
        func fail(_ mark: yaml_mark_t, _ message: String) -> DiagnosticsError {
            DiagnosticsError(problems + [Diagnostic(location(mark), message)])
        }
        func depthMessage() -> String {
            "nesting deeper than \(depthLimit) levels of lists and mappings (raise with --max-depth, at most \(Limits.maxYAMLDepthCeiling))"
        }

        return try bytes.withUnsafeBufferPointer { (buffer) throws(DiagnosticsError) -> Result in
            yaml_parser_set_input_string(&parser.parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser.parser, &event) == 1 else {
                    throw syntaxError(parser.parser, bytes: bytes, problems: problems, depthMessage: depthMessage())
                }
                defer { yaml_event_delete(&event) }
                let mark = event.start_mark
                let line = Int(mark.line) + 1
                let column = Int(mark.column) + 1

                var completed: (node: YAMLNode, anchor: String?)?
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    guard let root else {
                        throw DiagnosticsError([Diagnostic(SourceLocation(file: file, line: 1, column: 1), DocumentDecoder.emptyMessage)])
                    }
                    return Result(root: root, diagnostics: problems)
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                    if documents > 1 { throw fail(mark, "expected one YAML document, found another ('---')") }
                case YAML_ALIAS_EVENT:
                    let name = String(cString: event.data.alias.anchor)
                    guard let target = anchors[name] else { throw fail(mark, "unknown alias '*\(name)'") }
                    // Counted as if copied: an alias bomb is refused here, before anything expands it.
                    expanded = Self.saturatingAdd(expanded, target.expandedCount)
                    completed = (target, nil)
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                    let plain = scalar.plain_implicit == 1 && scalar.style == YAML_PLAIN_SCALAR_STYLE
                    expanded += 1
                    completed = (YAMLNode(.scalar(value, plain: plain), line: line, column: column),
                                 scalar.anchor.map { String(cString: $0) })
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    if stack.count >= depthLimit { throw fail(mark, depthMessage()) }
                    expanded += 1
                    if event.type == YAML_SEQUENCE_START_EVENT {
                        let anchor = event.data.sequence_start.anchor.map { String(cString: $0) }
                        stack.append(Frame(YAMLNode(.sequence([]), line: line, column: column), anchor: anchor))
                    } else {
                        let anchor = event.data.mapping_start.anchor.map { String(cString: $0) }
                        stack.append(Frame(YAMLNode(.mapping([]), line: line, column: column), anchor: anchor))
                    }
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let frame = stack.popLast() else { break }
                    if frame.isMapping {
                        frame.node.content = .mapping(frame.pairs)
                        frame.node.expandedCount = frame.pairs.reduce(1) {
                            Self.saturatingAdd($0, Self.saturatingAdd($1.key.expandedCount, $1.value.expandedCount))
                        }
                    } else {
                        frame.node.content = .sequence(frame.items)
                        frame.node.expandedCount = frame.items.reduce(1) { Self.saturatingAdd($0, $1.expandedCount) }
                    }
                    completed = (frame.node, frame.anchor)
                default:
                    break
                }
                if expanded > limits.maxNodes {
                    throw fail(mark, "the document expands to more than \(limits.maxNodes) YAML nodes; aliases are not expanded that far (raise with --max-nodes)")
                }
                guard let (node, anchor) = completed else { continue }
                if let anchor { anchors[anchor] = node }
                guard let parent = stack.last else {
                    root = node
                    continue
                }
                if !parent.isMapping {
                    parent.items.append(node)
                } else if let key = parent.pendingKey {
                    parent.append(YAMLPair(key: key, value: node))
                    parent.pendingKey = nil
                } else {
                    if let text = key(node), parent.hasKey(text) {
                        problems.append(Diagnostic(SourceLocation(file: file, line: node.line, column: node.column),
                                                   "duplicate key '\(text)'"))
                    }
                    parent.pendingKey = node
                }
            }
        }
    }

    /// A scalar key's text; nil for collection keys, which the decoder reports itself.
    private func key(_ node: YAMLNode) -> String? { node.scalar }

    /// libyaml's error, at the place it names. Reader errors (control characters, bad encoding)
    /// carry a byte offset rather than a line and column.
    private func syntaxError(_ parser: yaml_parser_t, bytes: [UInt8], problems: [Diagnostic],
                             depthMessage: String) -> DiagnosticsError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if parser.error == YAML_READER_ERROR {
            let offset = min(Int(parser.problem_offset), bytes.count)
            let value = parser.problem_value
            // `%04X` (an `Int32` read as unsigned): uppercase hex, at least four digits.
            let hex = String(UInt32(bitPattern: value), radix: 16, uppercase: true)
            let what = value == 0 ? "a NUL byte" : "the character U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            let message = value >= 0 && problem.contains("control characters")
                ? "\(what) is not allowed in YAML text (binary data?)" : "cannot read the text: \(problem)"
            return DiagnosticsError(problems + [Diagnostic(TextPosition.location(ofByte: offset, in: bytes, file: file), message)])
        }
        let at = SourceLocation(file: file, line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
        if problem.hasPrefix("Maximum nesting level") {
            return DiagnosticsError(problems + [Diagnostic(at, depthMessage)])
        }
        var message = "syntax error: \(problem)"
        if let context = parser.context.map({ String(cString: $0) }) {
            let line = Int(parser.context_mark.line) + 1, column = Int(parser.context_mark.column) + 1
            message += " (\(context) started at \(line):\(column))"
        }
        return DiagnosticsError(problems + [Diagnostic(at, message)])
    }

    static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }
}
