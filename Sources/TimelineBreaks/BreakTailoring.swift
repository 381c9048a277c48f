/// Where UAX #14 would let a line break but a typesetter would not, in the texts of a card:
/// inside a date ("Sep 10"), a time with its AM/PM, a number with its unit, before a range's
/// dash (a line never starts with it), inside a `--flag`, an identifier (snake_case, camelCase,
/// dotted.names), a URL (there only after a `/`), between Korean syllables (keep-all), and
/// before a paragraph's last CJK character (no orphan).
enum BreakTailoring {
    /// A run of non-white-space characters: its scalars and their UTF-8 offsets.
    struct Token {
        var scalars: [Unicode.Scalar]
        /// UTF-8 offset of each scalar, and one past the last.
        var offsets: [Int]
        /// Whether a newline is in the white space before it.
        var afterNewline: Bool
        var start: Int { offsets[0] }
        var end: Int { offsets[offsets.count - 1] }
    }

    /// `opportunities` (UTF-8 offsets where a line may start) of `text` without the tailored ones.
    static func tailored(_ opportunities: [Int], in text: String) -> [Int] {
        let tokens = tokens(of: text)
        var removed = Set<Int>()
        var added: [Int] = []
        // Both in order: each token's opportunities are found from where the last one's ended,
        // so a text of many words costs time linear in its length.
        var next = 0
        for (index, token) in tokens.enumerated() {
            while next < opportunities.count, opportunities[next] <= token.start { next += 1 }
            var end = next
            while end < opportunities.count, opportunities[end] < token.end { end += 1 }
            let inside = opportunities[next..<end]
            if isURL(token) {
                removed.formUnion(inside)
                added.append(contentsOf: urlBreaks(token))
            } else if isFlag(token) || isIdentifier(token) || isNumeric(token) {
                removed.formUnion(inside)
            }
            for (position, scalar) in token.scalars.enumerated() where position > 0 {
                if isHangul(token.scalars[position - 1]) && isHangul(scalar) { removed.insert(token.offsets[position]) }
            }
            guard index > 0, !token.afterNewline else { continue }
            let before = tokens[index - 1]
            if keptTogether(before, token, beforeThat: index > 1 ? tokens[index - 2] : nil) {
                removed.insert(token.start)
            }
        }
        removed.formUnion(orphanBreaks(tokens))
        let kept = removed.isEmpty ? opportunities : opportunities.filter { !removed.contains($0) }
        return added.isEmpty ? kept : Array(Set(kept + added)).sorted()
    }

    /// Whether no line may break between `before` and `token`, neighbours across white space.
    private static func keptTogether(_ before: Token, _ token: Token, beforeThat: Token?) -> Bool {
        // A line never starts with a range's dash: "Nov 24 –" over "Dec 2".
        if token.scalars.count == 1, dashes.contains(token.scalars[0]) { return true }
        // A number with its unit, its AM/PM or its month: "10 kg", "8:15 AM", "24. Nov".
        if isNumeric(before), isShortWord(token) || isUnit(token) { return true }
        // A month or a short name with its number: "Sep 10", "Sprint 3" (capitalised: "load 40"
        // may break).
        if isShortWord(before), before.scalars[0].properties.isUppercase, token.scalars.first.map(isDigit) == true {
            return true
        }
        // A date's year after its day: "Sep 10, 2026".
        if before.scalars.last == ",", before.scalars.dropLast().allSatisfy(isDigit), let beforeThat,
            isShortWord(beforeThat), token.scalars.count == 4, token.scalars.allSatisfy(isDigit)
        {
            return true
        }
        return false
    }

    /// The break before the last CJK character of each paragraph, when a CJK character precedes
    /// it: one alone on the last line reads as a mistake ("発").
    private static func orphanBreaks(_ tokens: [Token]) -> [Int] {
        var found: [Int] = []
        for (index, token) in tokens.enumerated() {
            let endsParagraph = index == tokens.count - 1 || tokens[index + 1].afterNewline
            guard endsParagraph, let last = token.scalars.lastIndex(where: isCJK), last > 0,
                isCJK(token.scalars[last - 1])
            else { continue }
            found.append(token.offsets[last])
        }
        return found
    }

    static func tokens(of text: String) -> [Token] {
        var tokens: [Token] = []
        var current = Token(scalars: [], offsets: [], afterNewline: false)
        var offset = 0
        var sawNewline = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace, scalar != "\u{00A0}", scalar != "\u{202F}" {
                if !current.scalars.isEmpty {
                    current.offsets.append(offset)
                    tokens.append(current)
                    current = Token(scalars: [], offsets: [], afterNewline: false)
                }
                if scalar == "\n" { sawNewline = true }
            } else {
                if current.scalars.isEmpty {
                    current.afterNewline = sawNewline
                    sawNewline = false
                }
                current.scalars.append(scalar)
                current.offsets.append(offset)
            }
            offset += UTF8.width(scalar)
        }
        if !current.scalars.isEmpty {
            current.offsets.append(offset)
            tokens.append(current)
        }
        return tokens
    }

    private static let dashes: Set<Unicode.Scalar> = ["-", "\u{2013}", "\u{2014}", "\u{2012}", "\u{2212}"]

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.numericType == .decimal }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic }

    /// Digits with the marks numbers, times and dates are written with, no letter: "8:15",
    /// "2026-11-24", "24.", "10:00–11:30", "3,5".
    static func isNumeric(_ token: Token) -> Bool {
        guard let first = token.scalars.first, isDigit(first) else { return false }
        return token.scalars.allSatisfy { isDigit($0) || !isLetter($0) }
    }

    /// A word of one to five letters, maybe ending in a period or comma: a month ("Sep",
    /// "Sept.", "janv."), AM/PM, a unit ("kg", "GB"), a short name ("Q3" is numeric-led, not this).
    private static func isShortWord(_ token: Token) -> Bool {
        var letters = token.scalars[...]
        if let last = letters.last, last == "." || last == "," { letters = letters.dropLast() }
        // "a.m." and "p.m."
        let kept = letters.filter { $0 != "." }
        return !kept.isEmpty && kept.count <= 5 && kept.allSatisfy(isLetter)
            && !kept.contains(where: isCJK) && !kept.contains(where: isHangul)
    }

    /// A unit written with a symbol: "%", "€", "$", "°C", "‰".
    private static func isUnit(_ token: Token) -> Bool {
        guard token.scalars.count <= 3, let first = token.scalars.first else { return false }
        return first == "%" || first == "‰" || first == "°" || first.properties.generalCategory == .currencySymbol
    }

    /// `--engine=pcre2`, `-v`: a flag is read whole.
    private static func isFlag(_ token: Token) -> Bool {
        guard token.scalars.count >= 2, token.scalars[0] == "-" else { return false }
        return token.scalars[1] == "-" || isLetter(token.scalars[1])
    }

    /// snake_case, camelCase, dotted.names, `a::b`, `key=value`: names a program reads whole.
    private static func isIdentifier(_ token: Token) -> Bool {
        let scalars = token.scalars
        for index in scalars.indices.dropFirst().dropLast() {
            let (previous, scalar, next) = (scalars[index - 1], scalars[index], scalars[index + 1])
            let joins = scalar == "_" || scalar == "." || scalar == ":" || scalar == "="
            if joins, isLetter(previous) || isDigit(previous), isLetter(next) || isDigit(next) || next == scalar {
                return true
            }
            if previous.properties.isLowercase, scalar.properties.isUppercase { return true }
        }
        return scalars.first == "_"
    }

    /// `scheme://…` or `www.…`; read from the scalars, without making the token's text.
    private static func isURL(_ token: Token) -> Bool {
        let scalars = token.scalars
        if scalars.count > 4, scalars[0] == "w", scalars[1] == "w", scalars[2] == "w", scalars[3] == "." { return true }
        for index in scalars.indices.dropLast(2) where scalars[index] == ":" {
            if scalars[index + 1] == "/", scalars[index + 2] == "/" { return true }
        }
        return false
    }

    /// After each `/` of a URL's path, not inside its `scheme://`.
    private static func urlBreaks(_ token: Token) -> [Int] {
        let scalars = token.scalars
        var schemeEnd = 0
        for index in scalars.indices.dropLast(2)
        where scalars[index] == ":" && scalars[index + 1] == "/" && scalars[index + 2] == "/" {
            schemeEnd = index + 3
            break
        }
        return scalars.indices.compactMap { index in
            guard index >= schemeEnd, scalars[index] == "/", index + 1 < scalars.count, scalars[index + 1] != "/"
            else { return nil }
            return token.offsets[index + 1]
        }
    }

    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF: true
        default: false
        }
    }

    /// Han, hiragana and katakana: the characters CJK text breaks between.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF:
            true
        default: false
        }
    }
}
