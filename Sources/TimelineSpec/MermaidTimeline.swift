import TimelineModel

/// A Mermaid `timeline` diagram as written: its statements, each text with the place it starts,
/// before any of it becomes a timeline document (`MermaidTree`).
struct MermaidTimeline {
    /// Text from the diagram and where it starts (1-based line, column in characters).
    struct Text {
        var value: String
        var line: Int
        var column: Int
    }

    /// `{time period} : {event} : {event}`, with the events of its continuation lines.
    struct Period {
        var time: Text
        var events: [Text] = []
        /// Index into `sections`; nil before the first `section`.
        var section: Int?
    }

    enum Direction: String {
        case leftToRight = "LR"
        case topDown = "TD"
    }

    /// The `timeline` line, where the diagram starts.
    var header: Text?
    var direction = Direction.leftToRight
    var title: Text?
    var accessibleTitle: Text?
    var accessibleDescription: Text?
    var sections: [Text] = []
    var periods: [Period] = []
    /// `%%{init: …}%%` directives and front matter `config:`.
    var config = MermaidConfig()
}

/// The lines of a text: LF, CRLF and a lone CR each end one, as editors count them.
struct MermaidLines: Sequence, IteratorProtocol {
    private let text: Substring.UnicodeScalarView
    private var index: String.UnicodeScalarView.Index
    private var number = 0
    /// Scalars stepped over so far, line breaks included: the reading's work, which tests hold
    /// to the input's length.
    private(set) var scalarsRead = 0

    init(_ text: String) {
        self.text = text[...].unicodeScalars
        index = self.text.startIndex
        if self.text.first == "\u{FEFF}" { index = self.text.index(after: index) }
    }

    /// Each line with its 1-based number, without its line break.
    mutating func next() -> (number: Int, text: Substring.UnicodeScalarView)? {
        guard index < text.endIndex else { return nil }
        number += 1
        let start = index
        while index < text.endIndex, text[index] != "\n", text[index] != "\r" {
            index = text.index(after: index)
            scalarsRead += 1
        }
        let line = text[start..<index]
        if index < text.endIndex {
            let breakCharacter = text[index]
            index = text.index(after: index)
            scalarsRead += 1
            if breakCharacter == "\r", index < text.endIndex, text[index] == "\n" {
                index = text.index(after: index)
                scalarsRead += 1
            }
        }
        return (number, line)
    }
}

extension MermaidTimeline {
    /// `<br>`, `<br/>` and `<br />` (any case) as line breaks, the way Mermaid draws them.
    static func lineBreaks(_ text: Substring.UnicodeScalarView) -> String {
        var output = String.UnicodeScalarView()
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "<", let end = breakTagEnd(text, from: index) {
                // Blanks around a break would indent the next line or pad the last.
                while let last = output.last, isBlank(last) { output.removeLast() }
                output.append("\n")
                index = end
                while index < text.endIndex, isBlank(text[index]) { index = text.index(after: index) }
                continue
            }
            output.append(text[index])
            index = text.index(after: index)
        }
        return String(output)
    }

    /// Where a `<br>` tag starting at `start` ends, if one does.
    private static func breakTagEnd(_ text: Substring.UnicodeScalarView, from start: Substring.Index) -> Substring
        .Index?
    {
        var index = text.index(after: start)
        for expected in ["b", "r"] as [Unicode.Scalar] {
            guard index < text.endIndex, text[index].properties.lowercaseMapping == String(expected) else {
                return nil
            }
            index = text.index(after: index)
        }
        while index < text.endIndex, text[index] == " " { index = text.index(after: index) }
        if index < text.endIndex, text[index] == "/" { index = text.index(after: index) }
        guard index < text.endIndex, text[index] == ">" else { return nil }
        return text.index(after: index)
    }

    /// Whether a scalar is white space within a line (spaces and tabs).
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }

    /// `text` without blanks at either end, and the number of scalars dropped at its start.
    static func trimmed(_ text: Substring.UnicodeScalarView) -> (Substring.UnicodeScalarView, Int) {
        var start = text.startIndex
        var dropped = 0
        while start < text.endIndex, isBlank(text[start]) {
            start = text.index(after: start)
            dropped += 1
        }
        var end = text.endIndex
        while end > start, isBlank(text[text.index(before: end)]) { end = text.index(before: end) }
        return (text[start..<end], dropped)
    }
}
