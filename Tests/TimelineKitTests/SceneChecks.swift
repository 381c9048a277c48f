import Foundation
import TimelineModel
import TimelineScene

/// Checks a `--format scene` draw list against what every layout promises: no two placed text lines
/// overlap, no word is broken inside, and every text reaches WCAG contrast 4.5:1 against what it
/// sits on. Independent of the layout code: it reads only the JSON and the input's own words.
struct SceneChecks {
    let scene: SceneJSON
    /// Every word the input's text holds (and the words layouts write themselves).
    let words: Set<String>

    static let generatedWords: Set<String> = Set(
        ["Today", "more", "item", "items"] + dateWords + legendWords + offsetWords + todayWords
    )
    .union(LabelWords.everyWord.map { normalized($0) })

    /// ICU's word for today in the locales the docs show.
    static let todayWords = ["Heute", "Aujourd’hui", "Hoy", "今日", "今天", "오늘", "اليوم", "היום", "امروز"]

    /// The offsets hour ticks name where the clocks change ("UTC+1", "UTC-5", "UTC+10:30").
    static let offsetWords = (0...14).flatMap { hours in
        ["", ":30", ":45"].flatMap { minutes in ["+", "-"].map { "UTC\($0)\(hours)\(minutes)" } }
    }

    /// Words time axes write themselves: English month and weekday names (other locales' come
    /// from ICU and are checked by the locale tests).
    static let dateWords =
        [
            "January", "February", "March", "April", "May", "June", "July", "August", "September",
            "October", "November", "December", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
            "Saturday", "Sunday",
        ].flatMap { [$0, String($0.prefix(3))] } + ["Q1", "Q2", "Q3", "Q4"]
    /// Status names a legend writes.
    static let legendWords = [
        "Before", "start", "Start", "Open", "In", "progress", "Complete", "Inactive", "Early", "end",
        "End",
    ]

    init(scene: SceneJSON, source: String) {
        self.scene = scene
        var words = Self.generatedWords
        // A link's text ends at its "](": "[Produktionsumgebung](https://…)" is a word and an address.
        let text =
            source.replacingOccurrences(of: "\\n", with: " ").replacingOccurrences(of: "](", with: "] (") + " "
            + scene.description.joined(separator: " ")
        for token in text.split(whereSeparator: { $0.isWhitespace }) {
            let word = Self.normalized(token)
            words.insert(word)
            for part in Self.pieces(word) { words.insert(part) }
        }
        self.words = words
    }

    /// Pairs of lines whose boxes overlap by more than half a point both ways.
    func overlaps() -> [String] {
        var problems: [String] = []
        let texts = scene.texts.filter { !$0.text.isEmpty && $0.width > 0 }
        for (index, first) in texts.enumerated() {
            for second in texts[(index + 1)...] {
                let across = min(first.x + first.width, second.x + second.width) - max(first.x, second.x)
                let down = min(first.y + first.height, second.y + second.height) - max(first.y, second.y)
                if across > 0.5, down > 0.5 {
                    problems.append("'\(first.text)' overlaps '\(second.text)' (\(Int(across))×\(Int(down)) pt)")
                }
            }
        }
        return problems
    }

    /// Tokens of placed lines that are no word of the input: pieces of a word broken inside and
    /// not put together again. A word too wide for its column breaks with a hyphen mark ("Postmor-"
    /// over "tem"): a line's last token ending in a hyphen is joined to the next line of the same
    /// text, with or without the hyphen, and must make a word of the input (no character lost).
    /// Arabic and Hebrew take no mark (a zero-width joiner keeps a cut letter's joined form): a
    /// line's last token of those scripts is joined to the next line so too (or both are words).
    func brokenWords() -> [String] {
        var problems: [String] = []
        var carried: (node: Int, parts: [String], line: String)?
        // A rich paragraph's runs are nodes of their own: a word broken at a line's last run goes on
        // in the next text, the next line's first run, a line below.
        var previous: SceneJSON.Text?
        func check(_ token: String, in line: String) {
            for part in Self.pieces(Self.normalized(token)) where !part.isEmpty && !words.contains(part) {
                problems.append("'\(part)' in '\(line)' is no word of the input")
            }
        }
        func finish(_ chain: (node: Int, parts: [String], line: String)) {
            // Arabic or Hebrew words, each whole on its line, are carried too.
            let unmarkedWords =
                !chain.parts.contains { $0.hasSuffix("-") } && chain.parts.allSatisfy { isKnown($0) || isExempt($0) }
            if !isKnown(joining: chain.parts), !unmarkedWords { check(chain.parts.joined(), in: chain.line) }
        }
        for line in scene.texts {
            defer { previous = line }
            var tokens = line.text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
            if var chain = carried {
                carried = nil
                // (Runs are placed without a height: their font's size tells a line's pitch.)
                let size = previous.flatMap { $0.font.split(separator: " ").last.flatMap { Double($0) } } ?? 12
                let step = previous.map { line.baseline - $0.baseline } ?? 0
                let nextLine = step > 0.5 * size && step < 2.5 * size
                if chain.node == line.node || nextLine, !tokens.isEmpty {
                    let first = tokens.removeFirst()
                    chain.parts.append(first)
                    let goesOn = first.hasSuffix("-") || (isUnmarked(first) && !isKnown(joining: chain.parts))
                    if tokens.isEmpty, first.count > 1, goesOn {
                        carried = chain
                        continue
                    }
                }
                finish(chain)
            }
            if let last = tokens.last, last.hasSuffix("-") && last.count > 1 || isUnmarked(last) {
                carried = (line.node, [last], line.text)
                tokens.removeLast()
            }
            for token in tokens where !isExempt(token) { check(token, in: line.text) }
        }
        if let chain = carried { finish(chain) }
        return problems
    }

    /// Whether `token` is of a script whose words broken between letters take no hyphen (Arabic,
    /// Hebrew): the last token of a line may be a piece of a word the next line goes on with.
    private func isUnmarked(_ token: String) -> Bool {
        token.unicodeScalars.contains { (0x0590...0x08FF).contains($0.value) }
    }

    /// Whether the pieces of a word broken across lines make a word of the input, each hyphen
    /// that ends a piece kept or taken out (a mark of the layout's, or the word's own), and the
    /// joiners that keep cut Arabic letters' forms taken out.
    private func isKnown(joining pieces: [String]) -> Bool {
        let parts = pieces.map { $0.replacingOccurrences(of: "\u{200D}", with: "") }
        var candidates = [parts[0]]
        for part in parts.dropFirst() {
            candidates = candidates.flatMap { [$0 + part, String($0.dropLast()) + part] }
            if candidates.count > 256 { return false }
        }
        return candidates.contains { isExempt($0) || isKnown($0) }
    }

    /// Whether every piece of `token` is a word of the input.
    private func isKnown(_ token: String) -> Bool {
        Self.pieces(Self.normalized(token)).allSatisfy { $0.isEmpty || words.contains($0) }
    }

    private func isExempt(_ token: String) -> Bool {
        token.hasSuffix("…") || Self.isIdeographic(token) || Self.isClockTime(token) || Self.isCount(token)
            || Self.isNumber(token)
    }

    /// Lines whose color reaches less than 4.5:1 against the fills under their middle.
    func lowContrast(minimum: Double = 4.5) -> [String] {
        var problems: [String] = []
        for line in scene.texts where !line.text.isEmpty {
            let center = (x: line.x + line.width / 2, y: line.y + line.height / 2)
            var under = Color(scene.background ?? RGBA(r: 255, g: 255, b: 255))
            for node in scene.nodes.prefix(line.node) {
                guard case .box(let box) = node, let fill = box.fill else { continue }
                let rect = box.rect
                if center.x >= rect.x, center.x <= rect.maxX, center.y >= rect.y, center.y <= rect.maxY {
                    under = under.under(fill)
                }
            }
            let ratio = Color.contrast(under.under(line.color), under)
            if ratio < minimum {
                problems.append("'\(line.text)' has contrast \(String(format: "%.2f", ratio)):1")
            }
        }
        return problems
    }

    /// A word's pieces between the places a line may break inside it by Unicode's rules: after
    /// a hyphen, and after a slash that a letter follows ("</b>", "and/or"; not "12/20/15").
    static func pieces(_ word: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        let characters = Array(word)
        for (index, character) in characters.enumerated() {
            current.append(character)
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character == "-" || (character == "/" && next?.isLetter == true) {
                pieces.append(normalized(current))
                current = ""
            }
        }
        pieces.append(normalized(current))
        return pieces
    }

    static func normalized<S: StringProtocol>(_ token: S) -> String {
        let trimmed = token.unicodeScalars.drop { !CharacterSet.alphanumerics.contains($0) }
        let end = trimmed.lastIndex { CharacterSet.alphanumerics.contains($0) }
        guard let end else { return "" }
        return String(String.UnicodeScalarView(trimmed[...end]))
    }

    /// "2026", "14", "14." or "۱۴" (a locale's own digits): a year or day a time axis writes.
    static func isNumber<S: StringProtocol>(_ token: S) -> Bool {
        let digits = token.hasSuffix(".") ? token.dropLast() : token[...]
        return !digits.isEmpty && digits.allSatisfy { $0.wholeNumberValue != nil }
    }

    /// "+3": a count the preview strip writes.
    static func isCount<S: StringProtocol>(_ token: S) -> Bool {
        token.first == "+" && token.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// "9:45" or "08:30": event texts a date pattern writes.
    static func isClockTime<S: StringProtocol>(_ token: S) -> Bool {
        token.split(separator: ":").count == 2 && token.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ":") }
    }

    /// Scripts written without spaces, which break between any two characters.
    static func isIdeographic<S: StringProtocol>(_ token: S) -> Bool {
        token.unicodeScalars.contains { scalar in
            (0x2E80...0x9FFF).contains(scalar.value) || (0xAC00...0xD7AF).contains(scalar.value)
                || (0xF900...0xFAFF).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value)
        }
    }

    /// An sRGB color with linear-light compositing for the contrast formula.
    struct Color {
        var r, g, b: Double
        init(_ rgba: RGBA) { (r, g, b) = (Double(rgba.r) / 255, Double(rgba.g) / 255, Double(rgba.b) / 255) }
        init(r: Double, g: Double, b: Double) { (self.r, self.g, self.b) = (r, g, b) }

        /// `paint` drawn over this color.
        func under(_ paint: RGBA) -> Color {
            let alpha = Double(paint.a) / 255
            let top = Color(paint)
            return Color(
                r: top.r * alpha + r * (1 - alpha), g: top.g * alpha + g * (1 - alpha),
                b: top.b * alpha + b * (1 - alpha))
        }

        var luminance: Double {
            func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
        }

        static func contrast(_ a: Color, _ b: Color) -> Double {
            let (x, y) = (a.luminance, b.luminance)
            return (max(x, y) + 0.05) / (min(x, y) + 0.05)
        }
    }
}
