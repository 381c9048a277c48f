import TimelineModel

/// Reads a Mermaid `timeline` diagram line by line, in one pass (linear in the input): front
/// matter, directives, comments, `title`, `accTitle`, `accDescr`, `section`, periods with their
/// events and continuation lines. Every problem is collected with its line and column.
struct MermaidTimelineReader {
    var file: String
    var limits: Limits

    /// The diagram, or the problems that keep it from being read.
    func read(_ text: String) -> (timeline: MermaidTimeline, problems: [Diagnostic]) {
        let read = readCountingWork(text)
        return (read.timeline, read.problems)
    }

    /// `read`, and its work: the scalars of the text stepped over and the bytes handed to the
    /// YAML reader (directives, front matter). Linear reading keeps it within a small multiple of
    /// the text's length, whatever comes before a directive.
    func readCountingWork(_ text: String) -> (timeline: MermaidTimeline, problems: [Diagnostic], work: Int) {
        var state = State(file: file, limits: limits)
        var lines = MermaidLines(text)
        var first = true
        while let (number, line) = lines.next() {
            if first, MermaidTimeline.trimmed(line).0.elementsEqual("---".unicodeScalars) {
                state.readFrontMatter(from: number, &lines)
            } else {
                state.read(line, number: number, lines: &lines)
            }
            first = false
        }
        if state.timeline.header == nil, state.problems.isEmpty {
            state.problem(1, 1, "not a Mermaid diagram: the file has no 'timeline' line")
        }
        return (state.timeline, state.problems, lines.scalarsRead + state.yamlBytes)
    }

    /// Whether `text` is a Mermaid diagram of the `timeline` kind (for Markdown ```mermaid blocks).
    static func isTimeline(_ text: some StringProtocol) -> Bool {
        diagramKind(String(text))?.lowercased() == "timeline"
    }

    /// The diagram's first word (`timeline`, `flowchart`, …), past front matter, directives and comments.
    static func diagramKind(_ text: String) -> String? {
        var lines = MermaidLines(text)
        var inFrontMatter = false
        var inDirective = false
        var first = true
        while let (_, line) = lines.next() {
            let trimmed = String(MermaidTimeline.trimmed(line).0)
            defer { first = false }
            if trimmed == "---", first || inFrontMatter {
                inFrontMatter.toggle()
                continue
            }
            if inDirective || trimmed.hasPrefix("%%{") {
                inDirective = !trimmed.hasSuffix("}%%")
                continue
            }
            if inFrontMatter || trimmed.isEmpty || trimmed.hasPrefix("%%") || trimmed.hasPrefix("#") { continue }
            return trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
        }
        return nil
    }
}

extension MermaidTimelineReader {
    struct State {
        let file: String
        let limits: Limits
        var timeline = MermaidTimeline()
        var problems: [Diagnostic] = []
        var currentSection: Int?

        init(file: String, limits: Limits) {
            self.file = file
            self.limits = limits
        }

        mutating func problem(_ line: Int, _ column: Int, _ message: String) {
            guard problems.count < DecodeContext.maxDiagnostics else { return }
            problems.append(Diagnostic(SourceLocation(file: file, line: line, column: column), message))
        }

        /// One line of the diagram; a directive or `accDescr {` may read the lines after it.
        mutating func read(_ raw: Substring.UnicodeScalarView, number: Int, lines: inout MermaidLines) {
            let (line, indent) = MermaidTimeline.trimmed(raw)
            let column = indent + 1
            if line.isEmpty || skipRest { return }
            if line.starts(with: "%%{".unicodeScalars) {
                readDirective(line, number: number, column: column, lines: &lines)
                return
            }
            // Mermaid's lexer skips `%%` and `#` comment lines.
            if line.starts(with: "%%".unicodeScalars) || line.first == "#" { return }
            let statement = Self.withoutComment(line)
            guard timeline.header != nil else {
                readHeader(statement, number: number, column: column)
                return
            }
            let word = String(statement.prefix { !MermaidTimeline.isBlank($0) && $0 != ":" && $0 != "{" })
            // `title` and `section` take a blank after them: `title: x` is a period named title.
            let spaced = statement.dropFirst(word.unicodeScalars.count).first.map(MermaidTimeline.isBlank) ?? true
            switch word.lowercased() {
            case "title" where spaced: timeline.title = argument(statement, after: word, number, column)
            case "section" where spaced: readSection(statement, word: word, number, column)
            case "acctitle": timeline.accessibleTitle = accessibility(statement, after: word, number, column)
            case "accdescr": readDescription(statement, word: word, number, column, lines: &lines)
            default: readPeriodLine(statement, number, column)
            }
        }

        /// The text after `word` and the blanks after it, or a problem when there is none.
        func text(_ line: Substring.UnicodeScalarView, after count: Int, _ number: Int, _ column: Int)
            -> MermaidTimeline.Text?
        {
            let rest = line.dropFirst(count)
            let (value, dropped) = MermaidTimeline.trimmed(rest)
            guard !value.isEmpty else { return nil }
            return MermaidTimeline.Text(
                value: MermaidTimeline.lineBreaks(value), line: number, column: column + count + dropped)
        }

        mutating func argument(_ line: Substring.UnicodeScalarView, after word: String, _ number: Int, _ column: Int)
            -> MermaidTimeline.Text?
        {
            let count = word.unicodeScalars.count
            guard let value = text(line, after: count, number, column) else {
                problem(number, column, "'\(word)' needs a text after it")
                return nil
            }
            return value
        }

        mutating func readSection(_ line: Substring.UnicodeScalarView, word: String, _ number: Int, _ column: Int) {
            guard let name = argument(line, after: word, number, column) else { return }
            timeline.sections.append(name)
            currentSection = timeline.sections.count - 1
        }

        /// `accTitle: text` (the colon is required, as in Mermaid).
        mutating func accessibility(
            _ line: Substring.UnicodeScalarView, after word: String, _ number: Int, _ column: Int
        )
            -> MermaidTimeline.Text?
        {
            let count = word.unicodeScalars.count
            let rest = MermaidTimeline.trimmed(line.dropFirst(count))
            guard rest.0.first == ":" else {
                problem(number, column + count + rest.1, "'\(word)' needs ': ' and a text after it")
                return nil
            }
            guard let value = text(line, after: count + rest.1 + 1, number, column) else {
                problem(number, column, "'\(word)' needs a text after ':'")
                return nil
            }
            return value
        }

        /// `%%` starts a comment anywhere on a line, as in Mermaid's grammar.
        static func withoutComment(_ line: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
            var index = line.startIndex
            while index < line.endIndex {
                let next = line.index(after: index)
                if line[index] == "%", next < line.endIndex, line[next] == "%" {
                    return MermaidTimeline.trimmed(line[..<index]).0
                }
                index = next
            }
            return line
        }

        /// The first statement: `timeline`, optionally `LR` or `TD`; another word is another diagram.
        mutating func readHeader(_ line: Substring.UnicodeScalarView, number: Int, column: Int) {
            let words = String(line).split(whereSeparator: { $0 == " " || $0 == "\t" })
            // Mermaid's lexer reads keywords in any case: `TimeLine` is a timeline.
            guard let first = words.first, first.lowercased() == "timeline" else {
                let kind = DecodeContext.quoted(String(words.first ?? ""))
                problem(
                    number, column,
                    "only Mermaid timeline diagrams are read; this diagram is \(kind), not 'timeline'")
                timeline.header = MermaidTimeline.Text(value: "", line: number, column: column)
                skipRest = true
                return
            }
            timeline.header = MermaidTimeline.Text(value: "timeline", line: number, column: column)
            guard words.count > 1 else { return }
            if words.count == 2, let direction = MermaidTimeline.Direction(rawValue: String(words[1]).uppercased()) {
                timeline.direction = direction
            } else {
                let rest = String(line.dropFirst(first.unicodeScalars.count))
                let offset = rest.unicodeScalars.prefix { MermaidTimeline.isBlank($0) }.count
                problem(
                    number, column + first.unicodeScalars.count + offset,
                    "a timeline's direction is LR (left to right) or TD (top down), not "
                        + DecodeContext.quoted(String(words.dropFirst().joined(separator: " "))))
            }
        }

        /// Set once the diagram is known to be another kind: its lines are not ours to judge.
        var skipRest = false
        var directives = 0
        /// Bytes handed to the YAML reader, for `readCountingWork`.
        var yamlBytes = 0
    }
}
