import TimelinePolicy

/// A piece of body text with its inline emphasis.
struct InlineSpan: Equatable {
    var text: String
    var bold = false
    var italic = false
    var code = false
    var link: String?
}

/// The inline markup of `description`: `**bold**`, `*italic*`, `` `code` `` and
/// `[text](https://…)`. A marker without its closing twin is drawn as typed; a link whose address
/// `LinkPolicy` refuses is plain text too.
///
/// Read by Unicode scalars (a prepend mark must not hide the `)` after it), in linear time: where
/// each marker next occurs is worked out once, from the end, instead of searched for at every
/// opening marker (10 KB of `[` once took seconds).
enum InlineMarkup {
    static func parse(_ text: String) -> [InlineSpan] {
        let scalars = Array(text.unicodeScalars)
        let next = NextMarkers(scalars)
        var spans: [InlineSpan] = []
        var plain = String.UnicodeScalarView()
        var bold = false
        var italic = false
        var index = 0
        func flush() {
            if !plain.isEmpty { spans.append(InlineSpan(text: String(plain), bold: bold, italic: italic)) }
            plain = String.UnicodeScalarView()
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let doubled = scalar == "*" && index + 1 < scalars.count && scalars[index + 1] == "*"
            if scalar == "`", let close = next.backtick(from: index + 1) {
                flush()
                spans.append(
                    InlineSpan(text: string(scalars[(index + 1)..<close]), bold: bold, italic: italic, code: true))
                index = close + 1
            } else if doubled, bold || next.doubleStar(from: index + 2) != nil {
                flush()
                bold.toggle()
                index += 2
            } else if doubled {
                plain.append(contentsOf: scalars[index...(index + 1)]) // `**` with no twin, as typed
                index += 2
            } else if scalar == "*", italic || next.star(from: index + 1) != nil {
                flush()
                italic.toggle()
                index += 1
            } else if scalar == "[", let link = link(in: scalars, at: index, next: next) {
                flush()
                spans.append(InlineSpan(text: link.text, bold: bold, italic: italic, link: link.url))
                index = link.end
            } else {
                plain.append(scalar)
                index += 1
            }
        }
        flush()
        return spans
    }

    /// `[text](url)` starting at `start`, its URL as `LinkPolicy` makes it.
    private static func link(
        in scalars: [Unicode.Scalar], at start: Int, next: NextMarkers
    ) -> (text: String, url: String, end: Int)? {
        guard let close = next.bracketParen(from: start + 1), let end = next.paren(from: close + 2), close > start + 1
        else { return nil }
        let url = scalars[(close + 2)..<end]
        guard !url.contains(where: { $0.properties.isWhitespace }),
            case .success(let safe) = LinkPolicy.normalized(string(url))
        else { return nil }
        return (string(scalars[(start + 1)..<close]), safe, end + 1)
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}

/// For every position of a text, where each marker next starts (at that position or later).
private struct NextMarkers {
    private var backticks: [Int32]
    private var stars: [Int32]
    private var doubleStars: [Int32]
    private var bracketParens: [Int32]
    private var parens: [Int32]

    init(_ scalars: [Unicode.Scalar]) {
        let count = scalars.count
        let none = Int32(-1)
        backticks = Array(repeating: none, count: count + 2)
        stars = backticks
        doubleStars = backticks
        bracketParens = backticks
        parens = backticks
        for index in stride(from: count - 1, through: 0, by: -1) {
            let scalar = scalars[index]
            let following: Unicode.Scalar? = index + 1 < count ? scalars[index + 1] : nil
            let here = Int32(index)
            backticks[index] = scalar == "`" ? here : backticks[index + 1]
            stars[index] = scalar == "*" ? here : stars[index + 1]
            doubleStars[index] = scalar == "*" && following == "*" ? here : doubleStars[index + 1]
            bracketParens[index] = scalar == "]" && following == "(" ? here : bracketParens[index + 1]
            parens[index] = scalar == ")" ? here : parens[index + 1]
        }
    }

    func backtick(from index: Int) -> Int? { find(backticks, index) }
    func star(from index: Int) -> Int? { find(stars, index) }
    func doubleStar(from index: Int) -> Int? { find(doubleStars, index) }
    func bracketParen(from index: Int) -> Int? { find(bracketParens, index) }
    func paren(from index: Int) -> Int? { find(parens, index) }

    private func find(_ table: [Int32], _ index: Int) -> Int? {
        guard index < table.count, table[index] >= 0 else { return nil }
        return Int(table[index])
    }
}
