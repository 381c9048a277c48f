/// Where UAX #14 would let a line break but a typesetter would not, in the texts of a card:
/// inside a date ("Sep 10"), a time with its AM/PM, a number with its unit, before a range's
/// dash (a line never starts with it), inside a `--flag`, an identifier (snake_case, camelCase,
/// dotted.names), a URL (there only after a `/`), between Korean syllables (keep-all), and
/// before a paragraph's last CJK character (no orphan).
enum BreakTailoring {
    /// A run of non-white-space characters: its scalars and their UTF-8 offsets, slices of the
    /// text's (one buffer each for the whole text, not two arrays for every word), both indexed
    /// from 0. Plain values: a token is copied without counting references, and lives only while
    /// `withTokens` reads it.
    struct Token {
        var scalars: UnsafeBufferPointer<Unicode.Scalar>
        /// UTF-8 offset of each scalar, and one past the last.
        var offsets: UnsafeBufferPointer<Int>
        /// Whether a newline is in the white space before it.
        var afterNewline: Bool
        /// Letters only, no Hangul and no lower-case letter before an upper-case one: no URL,
        /// flag, identifier, number or Korean word, so only its neighbours are looked at.
        var isPlainWord: Bool
        var start: Int { offsets[offsets.startIndex] }
        var end: Int { offsets[offsets.endIndex - 1] }
    }

    /// `opportunities` (UTF-8 offsets where a line may start) of `text` without the tailored ones.
    /// Two neighbouring plain words are never kept together (`keptTogether` asks a number, a dash
    /// or a digit of one of them), so their pair is not looked at; `everyPair` looks at it all the
    /// same, for the tests that hold the two ways equal.
    static func tailored(_ opportunities: [Int], in text: String, everyPair: Bool = false) -> [Int] {
        withTokens(of: text) { tailored(opportunities, tokens: $0, everyPair: everyPair) }
    }

    private static func tailored(_ opportunities: [Int], tokens: [Token], everyPair: Bool) -> [Int] {
        // Offsets, not a set: a text removes a few, and hashing each cost more than the rest.
        var removed: [Int] = []
        var added: [Int] = []
        // Both in order: each token's opportunities are found from where the last one's ended,
        // so a text of many words costs time linear in its length.
        var next = 0
        for index in tokens.indices {
            let token = tokens[index]
            while next < opportunities.count, opportunities[next] <= token.start { next += 1 }
            var end = next
            while end < opportunities.count, opportunities[end] < token.end { end += 1 }
            if !token.isPlainWord {
                // Most words of most texts are plain: nothing inside them to tailor.
                removed += tailoredInside(token, opportunities[next..<end], added: &added)
            }
            guard index > 0, !token.afterNewline, everyPair || !(token.isPlainWord && tokens[index - 1].isPlainWord)
            else { continue }
            if keptTogether(tokens[index - 1], token, beforeThat: index > 1 ? tokens[index - 2] : nil) {
                removed.append(token.start)
            }
        }
        removed += orphanBreaks(tokens)
        let kept = removed.isEmpty ? opportunities : without(removed.sorted(), opportunities)
        return added.isEmpty ? kept : Array(Set(kept + added)).sorted()
    }

    /// `opportunities` without those in `removed`, both in order.
    private static func without(_ removed: [Int], _ opportunities: [Int]) -> [Int] {
        var kept: [Int] = []
        kept.reserveCapacity(opportunities.count)
        var next = 0
        for offset in opportunities {
            while next < removed.count, removed[next] < offset { next += 1 }
            if next < removed.count, removed[next] == offset { continue }
            kept.append(offset)
        }
        return kept
    }

    /// The opportunities a token that is no plain word removes inside itself (`inside`, those
    /// within it): all of a URL's (its own added instead), a flag's, an identifier's and a
    /// number's, and those between Korean syllables.
    private static func tailoredInside(_ token: Token, _ inside: ArraySlice<Int>, added: inout [Int]) -> [Int] {
        var removed: [Int] = []
        if isURL(token) {
            removed += inside
            added += urlBreaks(token)
        } else if isFlag(token) || isIdentifier(token) || isNumeric(token) {
            removed += inside
        }
        for index in token.scalars.indices.dropFirst()
        where isHangul(token.scalars[index - 1]) && isHangul(token.scalars[index]) {
            removed.append(token.offsets[index])
        }
        return removed
    }

    /// Whether no line may break between `before` and `token`, neighbours across white space.
    private static func keptTogether(_ before: Token, _ token: Token, beforeThat: Token?) -> Bool {
        // A line never starts with a range's dash: "Nov 24 –" over "Dec 2".
        if token.scalars.count == 1, let only = token.scalars.first, isDash(only) { return true }
        // A number with its unit, its AM/PM or its month: "10 kg", "8:15 AM", "24. Nov".
        if isNumeric(before), isShortWord(token) || isUnit(token) { return true }
        // A month or a short name with its number: "Sep 10", "Sprint 3" (capitalised: "load 40"
        // may break).
        if let first = before.scalars.first, isUppercase(first), token.scalars.first.map(isDigit) == true,
            isShortWord(before)
        {
            return true
        }
        // A date's year after its day: "Sep 10, 2026".
        if before.scalars.last == ",", UnsafeBufferPointer(rebasing: before.scalars.dropLast()).allSatisfy(isDigit),
            let beforeThat,
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
            guard endsParagraph, let last = token.scalars.lastIndex(where: isCJK), last > token.scalars.startIndex,
                isCJK(token.scalars[last - 1])
            else { continue }
            found.append(token.offsets[last])
        }
        return found
    }

    /// The text's runs of non-white-space characters (no-break spaces are not white space here),
    /// given to `body`, which must not keep them. Their scalars and offsets are in two temporary
    /// buffers of at most one scalar a byte: no array grown, no reference counted.
    static func withTokens<Result>(of text: String, _ body: ([Token]) -> Result) -> Result {
        let capacity = text.utf8.count
        return withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: capacity) { scalars in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity + 1) { offsets in
                body(readTokens(text, scalars: scalars, offsets: offsets))
            }
        }
    }

    /// Fills `scalars` and `offsets` with the text's and returns its tokens, slices of them, each
    /// made as its end is read (no arrays of starts and ends put together after).
    private static func readTokens(
        _ text: String, scalars: UnsafeMutableBufferPointer<Unicode.Scalar>, offsets: UnsafeMutableBufferPointer<Int>
    ) -> [Token] {
        var tokens: [Token] = []
        // Grown a few times for each text otherwise: a quarter of the tokens' cost.
        tokens.reserveCapacity(16)
        // The token being read: its first scalar and whether a newline came before it.
        var (first, firstAfterNewline) = (0, false)
        func token(endingAt end: Int, plain: Bool) -> Token {
            Token(
                scalars: UnsafeBufferPointer(rebasing: scalars[first..<end]),
                offsets: UnsafeBufferPointer(rebasing: offsets[first...end]), afterNewline: firstAfterNewline,
                isPlainWord: plain)
        }
        var (count, offset) = (0, 0)
        var (inToken, sawNewline, plain, lower) = (false, false, true, false)
        for scalar in text.unicodeScalars {
            // Written first: a token ending here takes this offset as its end.
            scalars[count] = scalar
            offsets[count] = offset
            if isWhiteSpace(scalar) {
                if inToken { tokens.append(token(endingAt: count, plain: plain)) }
                inToken = false
                if scalar == "\n" { sawNewline = true }
            } else {
                if !inToken {
                    (first, firstAfterNewline) = (count, sawNewline)
                    (inToken, sawNewline, plain, lower) = (true, false, true, false)
                }
                if plain {
                    plain = isLetter(scalar) && !isHangul(scalar) && !(lower && isUppercase(scalar))
                    lower = isLowercase(scalar)
                }
            }
            count += 1
            offset += UTF8.width(scalar)
        }
        offsets[count] = offset
        if inToken { tokens.append(token(endingAt: count, plain: plain)) }
        return tokens
    }

    /// White space between tokens: what `Unicode.Scalar.Properties.isWhitespace` says, read from
    /// the byte for ASCII, but no-break spaces are part of their token.
    private static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D) }
        return scalar.properties.isWhitespace && scalar != "\u{00A0}" && scalar != "\u{202F}"
    }

    /// A range's dash: hyphen-minus, en, em and figure dash, minus (compared, not hashed in a set).
    private static func isDash(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "-", "\u{2013}", "\u{2014}", "\u{2012}", "\u{2212}": true
        default: false
        }
    }

    // The Unicode properties, read from the byte for ASCII: a property lookup costs as much as
    // the rest of tailoring a word.
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar.value &- 0x30 < 10 : scalar.properties.numericType == .decimal
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (scalar.value | 0x20) &- 0x61 < 26 : scalar.properties.isAlphabetic
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar.value &- 0x41 < 26 : scalar.properties.isUppercase
    }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar.value &- 0x61 < 26 : scalar.properties.isLowercase
    }

    /// Digits with the marks numbers, times and dates are written with, no letter: "8:15",
    /// "2026-11-24", "24.", "10:00–11:30", "3,5".
    static func isNumeric(_ token: Token) -> Bool {
        guard let first = token.scalars.first, isDigit(first) else { return false }
        return token.scalars.allSatisfy { isDigit($0) || !isLetter($0) }
    }

    /// A word of one to five letters, maybe ending in a period or comma: a month ("Sep",
    /// "Sept.", "janv."), AM/PM, a unit ("kg", "GB"), a short name ("Q3" is numeric-led, not this).
    private static func isShortWord(_ token: Token) -> Bool {
        var letters = token.scalars
        if let last = letters.last, last == "." || last == "," {
            letters = UnsafeBufferPointer(rebasing: letters.dropLast())
        }
        // "a.m." and "p.m."
        var count = 0
        for scalar in letters where scalar != "." {
            guard isLetter(scalar), !isCJK(scalar), !isHangul(scalar) else { return false }
            count += 1
            if count > 5 { return false }
        }
        return count > 0
    }

    /// A unit written with a symbol: "%", "€", "$", "°C", "‰".
    private static func isUnit(_ token: Token) -> Bool {
        guard token.scalars.count <= 3, let first = token.scalars.first else { return false }
        return first == "%" || first == "‰" || first == "°" || first.properties.generalCategory == .currencySymbol
    }

    /// `--engine=pcre2`, `-v`: a flag is read whole.
    private static func isFlag(_ token: Token) -> Bool {
        let first = token.scalars.startIndex
        guard token.scalars.count >= 2, token.scalars[first] == "-" else { return false }
        return token.scalars[first + 1] == "-" || isLetter(token.scalars[first + 1])
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
            if isLowercase(previous), isUppercase(scalar) { return true }
        }
        return scalars.first == "_"
    }

    /// `scheme://…` or `www.…`; read from the scalars, without making the token's text.
    private static func isURL(_ token: Token) -> Bool {
        let scalars = token.scalars
        if scalars.count > 4, scalars.starts(with: ["w", "w", "w", "."]) { return true }
        for index in scalars.indices.dropLast(2) where scalars[index] == ":" {
            if scalars[index + 1] == "/", scalars[index + 2] == "/" { return true }
        }
        return false
    }

    /// After each `/` of a URL's path, not inside its `scheme://`.
    private static func urlBreaks(_ token: Token) -> [Int] {
        let scalars = token.scalars
        var schemeEnd = scalars.startIndex
        for index in scalars.indices.dropLast(2)
        where scalars[index] == ":" && scalars[index + 1] == "/" && scalars[index + 2] == "/" {
            schemeEnd = index + 3
            break
        }
        return scalars.indices.compactMap { index in
            guard index >= schemeEnd, scalars[index] == "/", index + 1 < scalars.endIndex, scalars[index + 1] != "/"
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
