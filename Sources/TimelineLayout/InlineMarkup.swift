/// A piece of body text with its inline emphasis.
struct InlineSpan: Equatable {
    var text: String
    var bold = false
    var italic = false
    var code = false
    var link: String?
}

/// The inline markup of `description`: `**bold**`, `*italic*`, `` `code` `` and
/// `[text](https://…)`. A marker without its closing twin is plain text; a link whose address is
/// not http, https or mailto is plain text too.
enum InlineMarkup {
    static func parse(_ text: String) -> [InlineSpan] {
        let characters = Array(text)
        var spans: [InlineSpan] = []
        var plain = ""
        var bold = false
        var italic = false
        var index = 0
        func flush() {
            if !plain.isEmpty { spans.append(InlineSpan(text: plain, bold: bold, italic: italic)) }
            plain = ""
        }
        while index < characters.count {
            let character = characters[index]
            if character == "`", let close = find("`", in: characters, from: index + 1) {
                flush()
                spans.append(
                    InlineSpan(text: String(characters[(index + 1)..<close]), bold: bold, italic: italic, code: true))
                index = close + 1
            } else if character == "*", index + 1 < characters.count, characters[index + 1] == "*",
                bold || find("**", in: characters, from: index + 2) != nil
            {
                flush()
                bold.toggle()
                index += 2
            } else if character == "*", italic || find("*", in: characters, from: index + 1) != nil {
                flush()
                italic.toggle()
                index += 1
            } else if character == "[", let link = link(in: characters, at: index) {
                flush()
                spans.append(InlineSpan(text: link.text, bold: bold, italic: italic, link: link.url))
                index = link.end
            } else {
                plain.append(character)
                index += 1
            }
        }
        flush()
        return spans
    }

    private static func find(_ marker: String, in characters: [Character], from start: Int) -> Int? {
        let pattern = Array(marker)
        guard start <= characters.count - pattern.count else { return nil }
        for index in start...(characters.count - pattern.count)
        where Array(characters[index..<(index + pattern.count)]) == pattern {
            return index
        }
        return nil
    }

    /// `[text](url)` starting at `start`.
    private static func link(in characters: [Character], at start: Int) -> (text: String, url: String, end: Int)? {
        guard let close = find("](", in: characters, from: start + 1),
            let end = find(")", in: characters, from: close + 2)
        else { return nil }
        let text = String(characters[(start + 1)..<close])
        let url = String(characters[(close + 2)..<end])
        let lower = url.lowercased()
        guard !text.isEmpty, lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:"),
            !url.contains(where: { $0.isWhitespace })
        else { return nil }
        return (text, url, end + 1)
    }
}
