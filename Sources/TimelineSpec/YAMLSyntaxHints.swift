import TimelineModel

/// What to do about a libyaml syntax error whose own words do not say it: libyaml names the rule
/// broken ("mapping values are not allowed in this context"), not the fix.
enum YAMLSyntaxHints {
    /// For a `: ` inside a plain value (`title: Launch: the big day`), which YAML reads as a second
    /// key: the advice to quote the value, shown on the line's own key and value when they are
    /// short enough to repeat. `index` is the byte offset of the offending colon.
    static func quoteValue(in bytes: [UInt8], at index: Int) -> String {
        let advice = "; a value containing ': ' must be quoted"
        guard let (key, value) = keyAndValue(of: line(in: bytes, at: index)),
            firstIndex(of: ": ", in: Substring(value)) != nil, !value.hasPrefix("\""), !value.hasPrefix("'")
        else { return advice }
        var quoted = ""
        for character in value {
            if character == "\\" || character == "\"" { quoted.append("\\") }
            quoted.append(character)
        }
        let example = "\(key): \"\(quoted)\""
        guard example.count <= 100 else { return advice }
        return advice + ": " + MessageText.escaped(example)
    }

    /// The line holding byte `index`, without its line ending.
    static func line(in bytes: [UInt8], at index: Int) -> String {
        let clamped = min(max(index, 0), bytes.count)
        var start = clamped
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var end = clamped
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// `key: value` of a block mapping's line, after its indent and any `- ` of a sequence; nil
    /// for a flow collection's line or a line with no key.
    static func keyAndValue(of line: String) -> (key: String, value: String)? {
        var rest = Substring(line).drop { $0 == " " }
        while rest.hasPrefix("- ") { rest = rest.dropFirst(2).drop { $0 == " " } }
        guard let colon = firstIndex(of: ": ", in: rest) else { return nil }
        let key = rest[..<colon]
        guard !key.isEmpty, !key.contains(where: { "{}[],\"'#".contains($0) }) else { return nil }
        var value = rest[rest.index(colon, offsetBy: 2)...].drop { $0 == " " }
        if let comment = firstIndex(of: " #", in: value) { value = value[..<comment] }
        while value.last == " " { value = value.dropLast() }
        guard !value.isEmpty else { return nil }
        return (String(key), String(value))
    }

    /// Where the two characters `pair` first occur in `text`.
    static func firstIndex(of pair: String, in text: Substring) -> Substring.Index? {
        let wanted = Array(pair)
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == wanted[0], next < text.endIndex, text[next] == wanted[1] { return index }
            index = next
        }
        return nil
    }
}
