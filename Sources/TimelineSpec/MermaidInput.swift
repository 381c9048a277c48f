import TimelineModel

/// Mermaid `timeline` diagrams as an input syntax: read into the node tree a timeline document
/// would have, so that every later check and step is the one YAML and JSON inputs get.
enum MermaidInput {
    /// The tree of the equivalent document, or every problem in the diagram.
    static func readTree(_ bytes: [UInt8], file: String, limits: Limits) throws(DiagnosticsError) -> YAMLReader.Result {
        // The text lives only while it is read (each statement's texts are copies): the tree is
        // built without a second copy of the input held.
        let read = MermaidTimelineReader(file: file, limits: limits).read(String(decoding: bytes, as: UTF8.self))
        if !read.problems.isEmpty { throw DiagnosticsError(read.problems) }
        let tree = MermaidTree(timeline: read.timeline, cardID: MermaidTree.cardID(forFile: file))
        return YAMLReader.Result(root: tree.root, diagnostics: [], notes: read.timeline.config.notes)
    }
}

extension Diagnostic {
    /// `file:line:column: note: message`: something read and not used, shown under `--verbose`.
    public var noteDescription: String {
        var place = ""
        if let file {
            place = MessageText.escaped(file)
            if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
            place += ": "
        }
        return "\(place)note: \(message)"
    }
}

extension InputFormat {
    /// Whether `text` is a Mermaid diagram of the `timeline` kind (a ```mermaid block we render;
    /// other diagrams are left as they are).
    public static func isMermaidTimeline(_ text: some StringProtocol) -> Bool {
        MermaidTimelineReader.isTimeline(text)
    }
}
