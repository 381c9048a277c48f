import TimelineScene

/// Side-by-side label columns sharing one width (a horizontal list, the preview strip): each gets
/// at least its widest word when the total allows, so a long word takes room from neighbours
/// with short ones; the rest is shared evenly.
enum SlotWidths {
    /// Widths summing to `total`, one per entry of `needs`.
    static func share(_ total: Double, needs: [Double]) -> [Double] {
        guard !needs.isEmpty else { return [] }
        let needed = needs.reduce(0, +)
        if needed >= total {
            // Not every word fits: a slot that needs no more than an even share keeps its need (a
            // short title's date stays whole); the others share the rest by their needs, and only
            // their long words break.
            let even = total / Double(needs.count)
            let small = needs.filter { $0 <= even }.reduce(0, +)
            let large = needed - small
            guard large > 0 else { return needs.map { _ in even } }
            return needs.map { $0 <= even ? $0 : (total - small) * $0 / large }
        }
        // Water filling: the level x at which the slots max(need, x) sum to `total`.
        var level = total / Double(needs.count)
        var rest = total
        var open = needs.count
        for need in needs.sorted(by: >) where need > level {
            rest -= need
            open -= 1
            level = open > 0 ? rest / Double(open) : 0
        }
        return needs.map { max($0, level) }
    }

    private static let noBreak: Set<Character> = ["\u{00A0}", "\u{202F}", "\u{2007}"]

    /// The words of `text`. No-break spaces hold a word together ("Nov\u{00A0}3" in a range): it is
    /// one word here too.
    static func words(_ text: String) -> [Substring] {
        text.split { $0.isWhitespace && !Self.noBreak.contains($0) }
    }

    /// The widest unbreakable piece of `text` in `font`, whole: a word, a date with its day.
    static func widestWord(_ text: String, font: String, measurer: any TextMeasuring) -> Double {
        (measurer.widestUnbreakable([(text, font)], hyphenated: false) + 1).rounded(.up)
    }
}
