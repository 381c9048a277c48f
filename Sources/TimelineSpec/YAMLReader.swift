import CYaml
import Foundation
import TimelineModel

/// Reads YAML (and so JSON) into `YAMLNode`s through libyaml's event stream, without recursion, so
/// no input can overflow the stack, and with aliases counted rather than expanded.
struct YAMLReader {
    var file: String
    var limits: Limits

    private final class Parser {
        var parser = yaml_parser_t()
        init() { yaml_parser_initialize(&parser) }
        deinit { yaml_parser_delete(&parser) }
    }

    private enum Frame {
        case sequence(YAMLNode, items: [YAMLNode], anchor: String?)
        case mapping(YAMLNode, pairs: [(key: YAMLNode, value: YAMLNode)], pendingKey: YAMLNode?, anchor: String?)
    }

    func read(_ bytes: [UInt8]) throws(DiagnosticsError) -> YAMLNode {
        let parser = Parser()
        var root: YAMLNode?
        var stack: [Frame] = []
        var anchors: [String: YAMLNode] = [:]
        var documents = 0
        var expanded = 0

        func location(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        }
        func fail(_ mark: yaml_mark_t, _ message: String) -> DiagnosticsError {
            DiagnosticsError([Diagnostic(location(mark), message)])
        }

        return try bytes.withUnsafeBufferPointer { (buffer) throws(DiagnosticsError) -> YAMLNode in
            yaml_parser_set_input_string(&parser.parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser.parser, &event) == 1 else {
                    let problem = parser.parser.problem.map { String(cString: $0) } ?? "invalid YAML"
                    let context = parser.parser.context.map { " " + String(cString: $0) } ?? ""
                    throw fail(parser.parser.problem_mark, "syntax error: \(problem)\(context)")
                }
                defer { yaml_event_delete(&event) }
                let mark = event.start_mark
                let line = Int(mark.line) + 1
                let column = Int(mark.column) + 1

                var completed: (node: YAMLNode, anchor: String?)?
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    guard let root else { throw fail(mark, "the document is empty") }
                    return root
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                    if documents > 1 { throw fail(mark, "expected one YAML document, found another ('---')") }
                case YAML_ALIAS_EVENT:
                    let name = String(cString: event.data.alias.anchor)
                    guard let target = anchors[name] else { throw fail(mark, "unknown alias '*\(name)'") }
                    expanded += target.expandedCount
                    completed = (target, nil)
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                    let node = YAMLNode(.scalar(value, plain: scalar.plain_implicit == 1 && scalar.style == YAML_PLAIN_SCALAR_STYLE),
                                        line: line, column: column)
                    expanded += 1
                    completed = (node, scalar.anchor.map { String(cString: $0) })
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    if stack.count >= limits.maxYAMLDepth {
                        throw fail(mark, "nesting deeper than \(limits.maxYAMLDepth) levels (raise with --max-depth)")
                    }
                    expanded += 1
                    if event.type == YAML_SEQUENCE_START_EVENT {
                        let anchor = event.data.sequence_start.anchor.map { String(cString: $0) }
                        stack.append(.sequence(YAMLNode(.sequence([]), line: line, column: column), items: [], anchor: anchor))
                    } else {
                        let anchor = event.data.mapping_start.anchor.map { String(cString: $0) }
                        stack.append(.mapping(YAMLNode(.mapping([]), line: line, column: column), pairs: [], pendingKey: nil, anchor: anchor))
                    }
                case YAML_SEQUENCE_END_EVENT:
                    guard case .sequence(let node, let items, let anchor)? = stack.popLast() else { break }
                    node.content = .sequence(items)
                    node.expandedCount = items.reduce(1) { min($0 &+ $1.expandedCount, Int.max / 2) }
                    completed = (node, anchor)
                case YAML_MAPPING_END_EVENT:
                    guard case .mapping(let node, let pairs, _, let anchor)? = stack.popLast() else { break }
                    node.content = .mapping(pairs)
                    node.expandedCount = pairs.reduce(1) { min($0 &+ $1.key.expandedCount &+ $1.value.expandedCount, Int.max / 2) }
                    completed = (node, anchor)
                default:
                    break
                }
                if expanded > limits.maxNodes {
                    throw fail(mark, "the document expands to more than \(limits.maxNodes) YAML nodes; aliases are not expanded that far (raise with --max-nodes)")
                }
                guard let (node, anchor) = completed else { continue }
                if let anchor { anchors[anchor] = node }
                switch stack.popLast() {
                case nil:
                    root = node
                case .sequence(let parent, var items, let parentAnchor)?:
                    items.append(node)
                    stack.append(.sequence(parent, items: items, anchor: parentAnchor))
                case .mapping(let parent, var pairs, let pendingKey, let parentAnchor)?:
                    if let key = pendingKey {
                        if let keyText = key.scalar, pairs.contains(where: { $0.key.scalar == keyText }) {
                            throw DiagnosticsError([Diagnostic(SourceLocation(file: file, line: key.line, column: key.column),
                                                               "duplicate key '\(keyText)'")])
                        }
                        pairs.append((key, node))
                        stack.append(.mapping(parent, pairs: pairs, pendingKey: nil, anchor: parentAnchor))
                    } else {
                        stack.append(.mapping(parent, pairs: pairs, pendingKey: node, anchor: parentAnchor))
                    }
                }
            }
        }
    }
}
