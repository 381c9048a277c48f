import TimelineCairo
import TimelineModel
import TimelineSpec

/// A font family the loaded fonts do not hold is bad input: fontconfig would draw the text in
/// the first fallback (Inter) without a word, and the author never learns the font was ignored.
enum FontCheck {
    /// Families named in a message before "and N more": a `--fonts` folder can hold hundreds.
    static let listedFamilies = 24

    /// Every font `document` names whose family `fonts` lacks, at its place.
    static func problems(in document: Document, fonts: FontLibrary) -> [Diagnostic] {
        guard !document.fontsNamed.isEmpty else { return [] }
        let families = fonts.families
        let known = Set((families + FontLibrary.genericFamilies).map { $0.lowercased() })
        var problems: [Diagnostic] = []
        for font in document.fontsNamed {
            let family = font.isDescription ? fonts.family(ofDescription: font.value) : font.value
            // Pango reads "A, B" as a list of families, tried in turn: each must exist.
            for name in (family ?? "").split(separator: ",").map({ $0.trimmingSpaces }) where !name.isEmpty {
                guard !known.contains(name.lowercased()) else { continue }
                problems.append(
                    Diagnostic(
                        font.location, message(font.key, name, families: families),
                        suggestion: suggestion(for: name, in: families)))
            }
        }
        return problems
    }

    private static func message(_ key: String, _ family: String, families: [String]) -> String {
        var listed = families.prefix(listedFamilies).joined(separator: ", ")
        if families.count > listedFamilies { listed += " and \(families.count - listedFamilies) more" }
        return "\(key): no font family '\(MessageText.escaped(family))' in the fonts (the bundled ones and "
            + "--fonts folders); the families are \(listed), and the generic "
            + FontLibrary.genericFamilies.joined(separator: ", ")
    }

    /// The family close in spelling, else the first whose name shares a word with `family`
    /// ("Serif Italic" → "DejaVu Serif", "Monospace" → "DejaVu Sans Mono").
    static func suggestion(for family: String, in families: [String]) -> String? {
        if let close = Suggestion.closest(to: family, in: families + FontLibrary.genericFamilies) { return close }
        let words = family.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init).filter {
            $0.count >= 4
        }
        return families.first { candidate in
            let parts = candidate.lowercased().split(separator: " ").map(String.init).filter { $0.count >= 4 }
            return words.contains { word in parts.contains { part in word.hasPrefix(part) || part.hasPrefix(word) } }
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
