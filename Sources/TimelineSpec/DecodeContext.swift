import TimelineModel

/// Collects every problem while the decoder keeps going, and turns YAML nodes into typed values.
final class DecodeContext {
    let file: String
    let limits: Limits
    private(set) var diagnostics: [Diagnostic] = []
    /// Problems past `maxDiagnostics`, counted but not kept: a hostile file can hold millions.
    private(set) var unlisted = 0
    static let maxDiagnostics = 1000
    /// Theme files read, by path: with the icons, what the document's outputs must never replace.
    var themeFilesRead: [String] = []
    /// Where items whose `date` was given but could not be read (or was misspelled) start: that
    /// error is their one error, so a later check needing a date does not report them again.
    var itemsWithUnreadableDates: Set<SourceLocation> = []
    /// Fonts named so far, with their places (a theme file's in the theme file).
    var fontsNamed: [FontNamed] = []

    init(file: String, limits: Limits) {
        self.file = file
        self.limits = limits
    }

    func location(_ node: YAMLNode) -> SourceLocation {
        SourceLocation(file: file, line: node.line, column: node.column)
    }

    func error(_ node: YAMLNode, _ message: String, suggestion: String? = nil) {
        report(Diagnostic(location(node), message, suggestion: suggestion))
    }

    /// A problem found elsewhere (a theme file), kept with its own location.
    func report(_ diagnostic: Diagnostic) {
        guard diagnostics.count < Self.maxDiagnostics else {
            unlisted += 1
            return
        }
        diagnostics.append(diagnostic)
    }

    /// User text as a message quotes it: cut short, so one huge value cannot flood the output,
    /// and escaped, so it cannot drive the terminal or split the message.
    static func quoted(_ text: String) -> String {
        let limit = 80
        return text.unicodeScalars.count <= limit
            ? "'\(MessageText.escaped(text))'"
            : "'\(MessageText.escaped(String(text.unicodeScalars.prefix(limit))))…'"
    }

    /// The mapping's values by key; unknown keys are reported with the closest known one.
    /// Paths are built only for a message: most values have none, and every key has a path.
    func mapping(_ node: YAMLNode, _ path: @autoclosure () -> String, _ schema: ObjectSchema) -> MappingKeys? {
        guard case .mapping(let pairs) = node.content else {
            error(node, "\(path()): expected a mapping, found \(node.kindName)")
            return nil
        }
        var values = MappingKeys(capacity: pairs.count)
        for pair in pairs {
            let (key, value) = (pair.key, pair.value)
            guard let name = key.scalar else {
                error(key, "\(path()): keys must be text, found \(key.kindName)")
                continue
            }
            // A scan of the schema's few keys: no list of names is built for every mapping.
            if let position = schema.keys.firstIndex(where: { $0.name == name }) {
                values.append(key: position, name: name, value)
            } else {
                // Past the listed problems a suggestion would not be shown: not worth its search.
                let suggestion =
                    diagnostics.count < Self.maxDiagnostics
                    ? Suggestion.closest(to: name, in: schema.keyNames) : nil
                error(key, "unknown key \(Self.quoted(name)) in \(path())", suggestion: suggestion)
                if let suggestion { values.suggested.insert(suggestion) }
            }
        }
        for name in schema.required where values.lacksAll(name) {
            error(node, "\(path()): missing required key '\(name)'")
        }
        return values
    }

    func sequence(_ node: YAMLNode, _ path: @autoclosure () -> String) -> [YAMLNode]? {
        guard case .sequence(let items) = node.content else {
            error(node, "\(path()): expected a list, found \(node.kindName)")
            return nil
        }
        return items
    }

    /// The first character a text value may not hold: a control character other than a line feed
    /// or tab, or a noncharacter. A loop over the text's bytes, not over `utf8`'s indices (a
    /// twentieth of decoding, through them); characters are looked at only after a byte that can
    /// start one of them (C1 controls start with 0xC2, noncharacters with 0xEF or 0xF0–0xF4).
    static func forbiddenScalar(in text: String) -> Unicode.Scalar? {
        var text = text
        // Printable ASCII, most bytes, passes with one comparison (0x20...0x7E, wrapping).
        let suspect = text.withUTF8 { bytes in
            bytes.contains {
                $0 &- 0x20 >= 0x5F
                    && (($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 || $0 >= 0xEF)
            }
        }
        guard suspect else { return nil }
        return text.unicodeScalars.first { ($0.isControlCharacter && $0 != "\n" && $0 != "\t") || $0.isNoncharacter }
    }

    /// Non-empty text within the length limit. Numbers and booleans written plainly count as text.
    func text(_ node: YAMLNode, _ path: @autoclosure () -> String) -> String? {
        guard case .scalar(let value, _) = node.content, !node.isNull else {
            error(node, "\(path()): expected text, found \(node.kindName)")
            return nil
        }
        // Stops at the first visible character, unlike trimming, which copies the whole text;
        // most texts start with a visible ASCII character, which needs no Unicode properties.
        if !(value.utf8.first.map { (0x21...0x7E).contains($0) } ?? false),
            value.unicodeScalars.allSatisfy(\.properties.isWhitespace)
        {
            error(node, "\(path()): must not be empty")
            return nil
        }
        if value.utf8.count > limits.maxTextLength, value.unicodeScalars.count > limits.maxTextLength {
            error(
                node,
                "\(path()): text is \(value.unicodeScalars.count) characters, more than the limit of "
                    + "\(limits.maxTextLength) (raise with --max-text)"
            )
            return nil
        }
        // Escapes such as "\e" or "\uFFFE" can smuggle in characters no renderer can draw.
        if let scalar = Self.forbiddenScalar(in: value) {
            let code = MessageText.codePoint(scalar.value)
            error(
                node,
                scalar.isNoncharacter
                    ? "\(path()): contains the noncharacter \(code), which Unicode reserves for programs' own use and "
                        + "PDF cannot carry"
                    : "\(path()): contains the control character \(code), which cannot be drawn")
            return nil
        }
        return value
    }

    func number(_ node: YAMLNode, _ path: @autoclosure () -> String, minimum: Double, maximum: Double = 1_000_000)
        -> Double?
    {
        // A quoted "12" is text in YAML and JSON alike: a wrong type, not a number.
        if case .scalar(let value, plain: false) = node.content {
            error(
                node,
                "\(path()): expected a number, found the quoted text \(Self.quoted(value)) (write it without quotes)")
            return nil
        }
        guard case .scalar(let value, _) = node.content, let number = ValueParsers.coreNumber(value),
            number.isFinite
        else {
            error(
                node,
                "\(path()): expected a number, found "
                    + "\(node.isNull ? "null" : node.scalar.map(Self.quoted) ?? node.kindName)"
            )
            return nil
        }
        guard number >= minimum, number <= maximum else {
            error(node, "\(path()): \(value) is out of range (\(Self.format(minimum)) to \(Self.format(maximum)))")
            return nil
        }
        return number
    }

    func integer(_ node: YAMLNode, _ path: @autoclosure () -> String, minimum: Int, maximum: Int = 1_000_000) -> Int? {
        guard let value = number(node, path(), minimum: Double(minimum), maximum: Double(maximum)) else { return nil }
        guard value == value.rounded() else {
            error(node, "\(path()): expected a whole number, found \(node.scalar ?? "")")
            return nil
        }
        return Int(value)
    }

    func color(_ node: YAMLNode, _ path: @autoclosure () -> String) -> Color? {
        guard let value = text(node, path()) else { return nil }
        if let color = ValueParsers.color(value) { return color }
        let suggestion =
            value.hasPrefix("#")
            ? nil
            : Suggestion.closest(to: value.lowercased(), in: Array(CSSColors.named.keys).sorted())
        error(
            node, "\(path()): \(Self.quoted(value)) is not a color; use #rgb, #rrggbb, #rrggbbaa or a CSS color name",
            suggestion: suggestion)
        return nil
    }

    func date(_ node: YAMLNode, _ path: @autoclosure () -> String) -> DateValue? {
        guard let value = text(node, path()) else { return nil }
        if let date = ValueParsers.date(value) { return date }
        if let missing = ValueParsers.missingDay(value) {
            error(node, "\(path()): \(Self.quoted(value)) is not a date: \(missing)")
            return nil
        }
        error(
            node,
            "\(path()): \(Self.quoted(value)) is not an ISO 8601 date (2026-11-02) or date-time (2026-11-02T09:45:00Z)")
        return nil
    }

    func choice<E: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ path: @autoclosure () -> String, _: E.Type)
        -> E? where E.RawValue == String
    {
        guard let value = text(node, path()) else { return nil }
        if let result = E(rawValue: value) { return result }
        let options = E.allCases.map(\.rawValue)
        error(
            node, "\(path()): \(Self.quoted(value)) is not one of \(options.joined(separator: ", "))",
            suggestion: Suggestion.closest(to: value, in: options))
        return nil
    }

    /// One number or a list of 1 to 4, CSS order.
    func insets(_ node: YAMLNode, _ path: @autoclosure () -> String) -> Insets? {
        let parts: [YAMLNode]
        if case .sequence(let items) = node.content { parts = items } else { parts = [node] }
        guard (1...4).contains(parts.count) else {
            error(node, "\(path()): expected 1 to 4 numbers (CSS order), found \(parts.count)")
            return nil
        }
        let numbers = parts.compactMap { number($0, path(), minimum: 0) }
        guard numbers.count == parts.count else { return nil }
        return Insets(css: numbers)
    }

    func datePattern(_ node: YAMLNode, _ path: @autoclosure () -> String) -> String? {
        // `eventFormat: ""` is a choice, not a slip: no dates in the event column.
        if case .scalar(let value, _) = node.content, !node.isNull, value.isEmpty { return "" }
        guard let value = text(node, path()) else { return nil }
        if case .failure(let problem) = DatePattern.parse(value) {
            error(
                node,
                "\(path()): unknown pattern letter '\(problem.letter)' in \(Self.quoted(value)); use y M d E H h m s "
                    + "a, and quote literal text with '...'"
            )
            return nil
        }
        return value
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// "Did you mean" hints: the closest candidate by edit distance, when it is close enough.
public enum Suggestion {
    /// ` (did you mean 'suggestion'?)`, as every message ends with one; empty for none.
    package static func hint(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The candidate `word` was probably meant to be: the nearest by edit distance when it is
    /// close enough, else one that `word` starts with or that starts with `word` (`ended` →
    /// `end`, `compl` → `complete`), the nearest in length; nil when none is.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= max(1, min(3, candidate.count / 3)), distance < (best?.1 ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.0 ?? sharingPrefix(lowered, in: candidates)
    }

    /// A candidate of three letters or more that `word` extends or abbreviates, the nearest in
    /// length (the first listed of equals): a word and its inflection are far apart in edits. One
    /// word only: a name of several ("Serif Italic") is left to its caller's own matching.
    static func sharingPrefix(_ word: String, in candidates: [String]) -> String? {
        guard word.count >= 3, !word.contains(where: \.isWhitespace) else { return nil }
        var best: (String, Int)?
        for candidate in candidates {
            let lowered = candidate.lowercased()
            guard lowered.count >= 3, lowered != word, word.hasPrefix(lowered) || lowered.hasPrefix(word) else {
                continue
            }
            let gap = abs(lowered.count - word.count)
            if gap < (best?.1 ?? .max) { best = (candidate, gap) }
        }
        return best?.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars.prefix(64))
        let b = Array(b.unicodeScalars.prefix(64))
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        var beforePrevious = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                // A swap of two neighbours ("titel") is one edit, not two.
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
