import CYAML
import TimelineModel

/// Reads YAML (and so JSON) into `YAMLNode`s through libyaml's event stream, without recursion, so
/// no input can overflow the stack, and with aliases counted rather than expanded.
struct YAMLReader {
    var file: String
    var limits: Limits
    /// Lines before the text in its file (a Mermaid directive's), added to every place: the text
    /// is read at its own place without the lines before it.
    var lineOffset = 0

    /// The tree, and problems that did not stop reading (duplicate keys).
    struct Result {
        var root: YAMLNode
        var diagnostics: [Diagnostic]
        /// What was read and not used (a Mermaid diagram's configuration keys), for `--verbose`.
        var notes: [Diagnostic] = []
    }

    private final class Parser {
        var parser = yaml_parser_t()
        init() { yaml_parser_initialize(&parser) }
        deinit { yaml_parser_delete(&parser) }
    }

    func read(_ bytes: [UInt8]) throws(DiagnosticsError) -> YAMLNode {
        try readCollectingProblems(bytes).root
    }

    /// Reads one document. Syntax errors and limits stop reading (libyaml cannot go on after
    /// them); duplicate keys are collected and reading continues.
    func readCollectingProblems(_ bytes: [UInt8]) throws(DiagnosticsError) -> Result {
        let parser = Parser()
        var tree = NodeTreeBuilder(file: file, limits: limits)
        var anchors: [String: YAMLNode] = [:]
        var documents = 0
        let places = TextPosition.LibyamlPlaces(bytes)

        return try bytes.withUnsafeBufferPointer { (buffer) throws(DiagnosticsError) -> Result in
            yaml_parser_set_input_string(&parser.parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser.parser, &event) == 1 else {
                    throw syntaxError(
                        parser.parser, bytes: bytes, places: places, problems: tree.problems,
                        depthMessage: tree.depthMessage)
                }
                defer { yaml_event_delete(&event) }
                let (line, column) = places.place(event.start_mark, lineOffset: lineOffset)

                switch event.type {
                case YAML_STREAM_END_EVENT:
                    guard let root = tree.root else {
                        throw DiagnosticsError([
                            Diagnostic(SourceLocation(file: file, line: 1, column: 1), DocumentDecoder.emptyMessage)
                        ])
                    }
                    return Result(root: root, diagnostics: tree.problems)
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                    if documents > 1 {
                        throw tree.failure(
                            line: line, column: column, "expected one YAML document, found another ('---')")
                    }
                case YAML_ALIAS_EVENT:
                    let name = String(cString: event.data.alias.anchor)
                    guard let target = anchors[name] else {
                        throw tree.failure(line: line, column: column, "unknown alias '*\(name)'")
                    }
                    // Counted as if copied: an alias bomb is refused here, before anything expands it.
                    try tree.addAlias(target, line: line, column: column)
                case YAML_SCALAR_EVENT:
                    let node = Self.scalarNode(event, line: line, column: column, tree: &tree)
                    try tree.add(node, line: line, column: column)
                    if let anchor = event.data.scalar.anchor { anchors[String(cString: anchor)] = node }
                case YAML_SEQUENCE_START_EVENT:
                    let start = event.data.sequence_start
                    try Self.startCollection(
                        mapping: false, tag: start.tag, anchor: start.anchor, line: line, column: column, tree: &tree)
                case YAML_MAPPING_START_EVENT:
                    let start = event.data.mapping_start
                    try Self.startCollection(
                        mapping: true, tag: start.tag, anchor: start.anchor, line: line, column: column, tree: &tree)
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    if let (node, anchor) = tree.endCollection(), let anchor { anchors[anchor] = node }
                default:
                    break
                }
            }
        }
    }

    /// A scalar event's node; a tag that does not fit its value is reported and the scalar kept.
    private static func scalarNode(
        _ event: yaml_event_t, line: Int, column: Int, tree: inout NodeTreeBuilder
    ) -> YAMLNode {
        let scalar = event.data.scalar
        let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
        var plain = scalar.plain_implicit == 1 && scalar.style == YAML_PLAIN_SCALAR_STYLE
        if let tag = scalar.tag.map({ String(cString: $0) }) {
            switch YAMLTag.scalar(tag: tag, value: value) {
            case .success(let isPlain): plain = isPlain
            case .failure(let problem): tree.report(line: line, column: column, problem.message)
            }
        }
        return YAMLNode(.scalar(value, plain: plain), line: line, column: column)
    }

    /// Opens a sequence or mapping; a tag that does not fit it is reported and the collection kept.
    private static func startCollection(
        mapping: Bool, tag: UnsafeMutablePointer<yaml_char_t>?, anchor: UnsafeMutablePointer<yaml_char_t>?,
        line: Int, column: Int, tree: inout NodeTreeBuilder
    ) throws(DiagnosticsError) {
        if let problem = YAMLTag.collection(tag: tag, mapping: mapping) {
            tree.report(line: line, column: column, problem.message)
        }
        try tree.startCollection(
            mapping: mapping, line: line, column: column, anchor: anchor.map { String(cString: $0) })
    }

    /// libyaml's error, at the place it names. Reader errors (control characters, bad encoding)
    /// carry a byte offset rather than a line and column.
    private func syntaxError(
        _ parser: yaml_parser_t, bytes: [UInt8], places: TextPosition.LibyamlPlaces, problems: [Diagnostic],
        depthMessage: String
    ) -> DiagnosticsError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if parser.error == YAML_READER_ERROR {
            let offset = min(Int(parser.problem_offset), bytes.count)
            let value = parser.problem_value
            let what = value == 0 ? "a NUL byte" : "the character " + MessageText.codePoint(UInt32(bitPattern: value))
            let message =
                value >= 0 && problem.contains("control characters")
                ? "\(what) is not allowed in YAML text (binary data?)" : "cannot read the text: \(problem)"
            var place = TextPosition.location(ofByte: offset, in: bytes, file: file)
            place.line += lineOffset
            return DiagnosticsError(problems + [Diagnostic(place, message)])
        }
        let problemPlace = places.place(parser.problem_mark)
        let at = SourceLocation(file: file, line: problemPlace.line + lineOffset, column: problemPlace.column)
        if problem.hasPrefix("Maximum nesting level") {
            return DiagnosticsError(problems + [Diagnostic(at, depthMessage)])
        }
        var message = "syntax error: \(problem)"
        if let context = parser.context.map({ String(cString: $0) }) {
            let (line, column) = places.place(parser.context_mark)
            message += " (\(context) started at \(line + lineOffset):\(column))"
        }
        // libyaml's words do not say why: a tab where indentation is read.
        let index = Int(parser.problem_mark.index)
        if index < bytes.count, bytes[index] == 0x09 {
            message += "; YAML cannot indent with tabs: use spaces"
        } else if problem.hasPrefix("mapping values are not allowed") {
            message += YAMLSyntaxHints.quoteValue(in: bytes, at: index)
        }
        return DiagnosticsError(problems + [Diagnostic(at, message)])
    }
}

extension TextPosition.LibyamlPlaces {
    func place(_ mark: yaml_mark_t) -> (line: Int, column: Int) {
        place(line: Int(mark.line), column: Int(mark.column), index: Int(mark.index))
    }

    /// The place in a file whose text starts `lineOffset` lines down.
    func place(_ mark: yaml_mark_t, lineOffset: Int) -> (line: Int, column: Int) {
        let (line, column) = place(mark)
        return (line + lineOffset, column)
    }
}
