import TimelineModel

/// What a Mermaid diagram's configuration says that a card can show: from YAML front matter
/// (`--- config: … ---`) and `%%{init: …}%%` directives, the later winning. Keys we do not use
/// become notes (`--verbose`), never errors.
struct MermaidConfig {
    enum Theme: String, CaseIterable {
        case `default`, base, neutral, forest, dark
    }

    var theme = Theme.default
    var disableMulticolor = false
    /// `timeline.width`: the width of one period, in points.
    var width: Double?
    /// `themeVariables.cScale0` … `cScale11`, by index.
    var scale: [Int: Color] = [:]
    /// What was read and not used, or could not be read and was left to the default.
    var notes: [Diagnostic] = []

    /// Mermaid's `config` mapping (the value of `init`, or of front matter's `config`).
    mutating func apply(_ node: YAMLNode, file: String) {
        guard case .mapping(let pairs) = node.content else {
            note(node, file, "the configuration is \(node.kindName), not a mapping; ignored")
            return
        }
        for pair in pairs {
            let key = pair.key.scalar ?? ""
            switch key {
            case "theme":
                if let name = pair.value.scalar, let theme = Theme(rawValue: name) {
                    self.theme = theme
                } else {
                    note(pair.value, file, "theme: not one of \(Self.themeNames); the default theme is used")
                }
            case "themeVariables": applyVariables(pair.value, file: file)
            case "timeline": applyTimeline(pair.value, file: file)
            default: note(pair.key, file, "\(DecodeContext.quoted(key)) is not used by timeline-cards; ignored")
            }
        }
    }

    static let themeNames = Theme.allCases.map(\.rawValue).joined(separator: ", ")

    private mutating func applyTimeline(_ node: YAMLNode, file: String) {
        guard case .mapping(let pairs) = node.content else {
            note(node, file, "timeline: \(node.kindName), not a mapping; ignored")
            return
        }
        for pair in pairs {
            let key = pair.key.scalar ?? ""
            switch key {
            case "disableMulticolor":
                switch pair.value.scalar {
                case "true": disableMulticolor = true
                case "false": disableMulticolor = false
                default: note(pair.value, file, "timeline.disableMulticolor: not true or false; ignored")
                }
            case "width":
                if let text = pair.value.scalar, let number = Double(text), number.isFinite, number >= 48,
                    number <= 10_000
                {
                    width = number
                } else {
                    note(pair.value, file, "timeline.width: not a number from 48 to 10000; ignored")
                }
            default:
                note(pair.key, file, "timeline.\(DecodeContext.quoted(key)) is not used by timeline-cards; ignored")
            }
        }
    }

    private mutating func applyVariables(_ node: YAMLNode, file: String) {
        guard case .mapping(let pairs) = node.content else {
            note(node, file, "themeVariables: \(node.kindName), not a mapping; ignored")
            return
        }
        for pair in pairs {
            let key = pair.key.scalar ?? ""
            if key.hasPrefix("cScale"), !key.hasPrefix("cScaleLabel"), let index = Int(key.dropFirst(6)),
                (0...11).contains(index)
            {
                // A separate context: a colour we cannot read is a note, as Mermaid would draw it.
                let colors = DecodeContext(file: file, limits: Limits())
                if let color = colors.color(pair.value, key) {
                    scale[index] = color
                } else {
                    note(
                        pair.value, file,
                        "themeVariables.\(key): not a colour we read (#rgb, #rrggbb, a CSS name); ignored")
                }
            } else {
                note(
                    pair.key, file, "themeVariables.\(DecodeContext.quoted(key)) is not used by timeline-cards; ignored"
                )
            }
        }
    }

    mutating func note(_ node: YAMLNode, _ file: String, _ message: String) {
        notes.append(Diagnostic(SourceLocation(file: file, line: node.line, column: node.column), message))
    }
}
