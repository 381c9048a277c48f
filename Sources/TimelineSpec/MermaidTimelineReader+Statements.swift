import TimelineModel

/// Periods and events, `accDescr` blocks, directives and front matter.
extension MermaidTimelineReader.State {
    typealias Line = Substring.UnicodeScalarView

    /// The line cut at each colon followed by a blank (or ending the line): a period such as
    /// `2021-10-12 14:00` keeps its colons. Each piece with its offset from the line's start.
    static func pieces(_ line: Line) -> [(text: Line, offset: Int)] {
        var pieces: [(text: Line, offset: Int)] = []
        var start = line.startIndex
        var startOffset = 0
        var offset = 0
        var index = line.startIndex
        while index < line.endIndex {
            let next = line.index(after: index)
            if line[index] == ":", next == line.endIndex || MermaidTimeline.isBlank(line[next]) {
                pieces.append((line[start..<index], startOffset))
                start = next
                startOffset = offset + 1
            }
            index = next
            offset += 1
        }
        pieces.append((line[start...], startOffset))
        return pieces
    }

    /// The line up to a `#` in its period: Mermaid's lexer reads a period as text without `#` and
    /// skips `#` to the end of the line as a comment (events keep theirs).
    static func withoutHashComment(_ line: Line) -> Line {
        var index = line.startIndex
        while index < line.endIndex {
            let next = line.index(after: index)
            if line[index] == "#" { return MermaidTimeline.trimmed(line[..<index]).0 }
            if line[index] == ":", next == line.endIndex || MermaidTimeline.isBlank(line[next]) { return line }
            index = next
        }
        return line
    }

    /// `{time period} : {event} : {event}`, or `: {event}` continuing the period before.
    mutating func readPeriodLine(_ line: Line, _ number: Int, _ column: Int) {
        let pieces = Self.pieces(Self.withoutHashComment(line))
        var events: [MermaidTimeline.Text] = []
        for piece in pieces.dropFirst() {
            let (value, dropped) = MermaidTimeline.trimmed(piece.text)
            guard !value.isEmpty else {
                problem(number, column + piece.offset - 1, "the event after ':' is empty")
                continue
            }
            events.append(
                MermaidTimeline.Text(
                    value: MermaidTimeline.lineBreaks(value), line: number, column: column + piece.offset + dropped))
        }
        let (time, _) = MermaidTimeline.trimmed(pieces[0].text)
        if time.isEmpty {
            guard !timeline.periods.isEmpty else {
                problem(number, column, "': event' continues a time period, but no period comes before it")
                return
            }
            timeline.periods[timeline.periods.count - 1].events += events
            return
        }
        let period = MermaidTimeline.Text(value: MermaidTimeline.lineBreaks(time), line: number, column: column)
        timeline.periods.append(MermaidTimeline.Period(time: period, events: events, section: currentSection))
    }

    /// `accDescr: text`, or `accDescr { … }` over several lines.
    mutating func readDescription(_ line: Line, word: String, _ number: Int, _ column: Int, lines: inout MermaidLines) {
        let count = word.unicodeScalars.count
        let (rest, dropped) = MermaidTimeline.trimmed(line.dropFirst(count))
        guard rest.first == "{" else {
            timeline.accessibleDescription = accessibility(line, after: word, number, column)
            return
        }
        var parts: [String] = []
        var hasText = false
        var body = MermaidTimeline.trimmed(rest.dropFirst()).0
        var place = (line: number, column: column + count + dropped + 1)
        var closed = false
        while true {
            if let brace = body.firstIndex(of: "}") {
                parts.append(String(MermaidTimeline.trimmed(body[..<brace]).0))
                closed = true
                break
            }
            parts.append(String(body))
            hasText = hasText || !body.isEmpty
            guard let (next, text) = lines.next() else { break }
            body = MermaidTimeline.trimmed(text).0
            // The text starts on the first line that has some.
            if !hasText { place = (next, MermaidTimeline.trimmed(text).1 + 1) }
        }
        if !closed { problem(number, column, "'accDescr {' is never closed with '}'") }
        let value = parts.filter { !$0.isEmpty }.joined(separator: "\n")
        guard !value.isEmpty else {
            problem(number, column, "'accDescr' needs a text")
            return
        }
        timeline.accessibleDescription = MermaidTimeline.Text(value: value, line: place.line, column: place.column)
    }

    /// `%%{init: { … }}%%`, on one line or several: read as a YAML flow mapping at its own place.
    mutating func readDirective(_ line: Line, number: Int, column: Int, lines: inout MermaidLines) {
        directives += 1
        if directives > Self.maxDirectives {
            let place = YAMLNode(.scalar("", plain: true), line: number, column: column)
            timeline.config.note(place, file, "more than \(Self.maxDirectives) directives; this one is ignored")
            while !String(line).hasSuffix("}%%"), let (_, next) = lines.next() {
                if String(MermaidTimeline.trimmed(next).0).hasSuffix("}%%") { break }
            }
            return
        }
        // Read at its own place: its first line padded to its column, the lines before it counted
        // rather than re-read.
        var text = String(repeating: " ", count: column + 1)
        var body = String(line.dropFirst(2))
        var closed = false
        while true {
            if body.hasSuffix("}%%") {
                text += body.dropLast(2)
                closed = true
                break
            }
            text += body + "\n"
            guard let (_, next) = lines.next() else { break }
            body = String(MermaidTimeline.trimmed(next).0)
            text += String(repeating: " ", count: MermaidTimeline.trimmed(next).1)
        }
        guard closed else {
            problem(number, column, "the directive '%%{' is never closed with '}%%'")
            return
        }
        guard let root = yaml(text, lineOffset: number - 1) else { return }
        guard case .mapping(let pairs) = root.content else {
            timeline.config.note(root, file, "the directive is \(root.kindName), not a mapping; ignored")
            return
        }
        for pair in pairs {
            if pair.key.scalar == "init" || pair.key.scalar == "initialize" {
                timeline.config.apply(pair.value, file: file)
            } else {
                let name = DecodeContext.quoted(pair.key.scalar ?? "")
                timeline.config.note(pair.key, file, "the directive \(name) is not used by timeline-cards; ignored")
            }
        }
    }

    static let maxDirectives = 8

    /// YAML front matter between `---` lines: `title` and `config`.
    mutating func readFrontMatter(from number: Int, _ lines: inout MermaidLines) {
        var text = String(repeating: "\n", count: number)
        var closed = false
        while let (_, line) = lines.next() {
            if MermaidTimeline.trimmed(line).0.elementsEqual("---".unicodeScalars) {
                closed = true
                break
            }
            text += String(line) + "\n"
        }
        guard closed else {
            problem(number, 1, "the front matter opened with '---' is never closed with '---'")
            return
        }
        guard let root = yaml(text), !root.isNull else { return }
        guard case .mapping(let pairs) = root.content else {
            problem(root.line, root.column, "the front matter must be a mapping (title, config)")
            return
        }
        for pair in pairs {
            switch pair.key.scalar {
            case "config": timeline.config.apply(pair.value, file: file)
            case "title":
                if let value = pair.value.scalar, !value.isEmpty {
                    timeline.title = MermaidTimeline.Text(
                        value: value, line: pair.value.line, column: pair.value.column)
                }
            default:
                let name = DecodeContext.quoted(pair.key.scalar ?? "")
                timeline.config.note(pair.key, file, "front matter \(name) is not used by timeline-cards; ignored")
            }
        }
    }

    /// Configuration text read by the YAML reader, its problems at their places in the file.
    mutating func yaml(_ text: String, lineOffset: Int = 0) -> YAMLNode? {
        do {
            yamlBytes += text.utf8.count
            var reader = YAMLReader(file: file, limits: limits)
            reader.lineOffset = lineOffset
            let read = try reader.readCollectingProblems(Array(text.utf8))
            problems += read.diagnostics
            return read.root
        } catch {
            if error.diagnostics.allSatisfy({ $0.message == DocumentDecoder.emptyMessage }) { return nil }
            problems += error.diagnostics
            return nil
        }
    }
}
