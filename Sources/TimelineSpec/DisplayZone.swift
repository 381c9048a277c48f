import TimelineModel

/// `timeZone:` and `--time-zone`: the one zone a document's dates are shown in, by the event
/// column, the axis, ranges and Today alike: a UTC offset, or a zone name (`Europe/Berlin`) whose
/// offset follows daylight saving time. Without either, the offset of the first date-time written
/// in the document (a bare day has none), else UTC.
enum DisplayZone {
    /// `UTC`, `Z`, `+01:00`, `-0530` or `+09`: seconds east of UTC; nil for anything else.
    static func offset(_ text: String) -> Int? {
        if text == "UTC" || text == "Z" { return 0 }
        let chars = Array(text.utf8)
        guard chars.count >= 3, chars[0] == 43 || chars[0] == 45 else { return nil }
        let sign = chars[0] == 45 ? -1 : 1
        let digits = chars.dropFirst().filter { $0 != 58 }
        guard digits.count == 2 || digits.count == 4, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            chars.dropFirst().filter({ $0 == 58 }).count == (chars.count == 6 ? 1 : 0)
        else { return nil }
        let values = digits.map { Int($0 - 48) }
        let hours = values[0] * 10 + values[1]
        let minutes = values.count == 4 ? values[2] * 10 + values[3] : 0
        guard hours <= 18, minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// The offset of the first date-time (not a bare day) among the cards' items, groups' children
    /// included, in reading order.
    static func firstOffset(_ cards: [Card]) -> Int? {
        for card in cards {
            var stack: [[Item]] = [card.items]
            var indices = [0]
            while let depth = stack.indices.last {
                guard indices[depth] < stack[depth].count else {
                    stack.removeLast()
                    indices.removeLast()
                    continue
                }
                // The item's fields read in place: a copy of each item retains all of its own.
                let index = indices[depth]
                indices[depth] += 1
                if let date = stack[depth][index].date, !date.isDay { return date.utcOffset }
                if let end = stack[depth][index].end, !end.isDay { return end.utcOffset }
                if let children = stack[depth][index].children {
                    stack.append(children)
                    indices.append(0)
                }
            }
        }
        return nil
    }

    /// `text` as a zone: a UTC offset, or one of ICU's zone names with its offsets over `window`
    /// (seconds since the epoch); nil for anything else.
    static func zone(_ text: String, window: (start: Double, end: Double)) -> DisplayTimeZone? {
        if let offset = offset(text) { return DisplayTimeZone(name: text, initialOffset: offset) }
        return ICUZones.zone(named: text, from: window.start, to: window.end)
    }

    /// Why `text` is no zone, with the closest name ICU knows.
    static func problem(_ text: String) -> String {
        let names = ICUZones.names
        // "berlin" or "new york" name a city: the zone that ends in it.
        let city = text.lowercased().replacing(" ", with: "_")
        let suggestion =
            Suggestion.closest(to: text, in: names)
            ?? names.first { $0.lowercased().split(separator: "/").last.map(String.init) == city }
        return "\(DecodeContext.quoted(text)) is neither a UTC offset (+01:00, -05:30, Z, UTC) nor a time zone "
            + "name such as Europe/Berlin" + Suggestion.hint(suggestion)
    }

    /// The stretch a zone's offsets are read for: the cards' dates and `now`, and 50 years either
    /// side (an axis's ticks reach past the items, to a decade's boundary or further).
    static func window(_ cards: [Card], now: DateValue?) -> (start: Double, end: Double) {
        var instants: [Double] = now.map { [$0.instant] } ?? []
        for card in cards {
            var stack = card.items
            while let item = stack.popLast() {
                instants += [item.date?.instant, item.end?.instant].compactMap { $0 }
                stack += item.children ?? []
            }
        }
        let margin = 50 * 31_556_952.0
        return ((instants.min() ?? 0) - margin, (instants.max() ?? 0) + margin)
    }

    /// Every date of the cards' items and their `now` shown in `zone`, which the cards keep for
    /// their axes.
    static func apply(_ zone: DisplayTimeZone, to cards: inout [Card]) {
        for index in cards.indices {
            apply(zone, to: &cards[index].items)
            cards[index].now = cards[index].now.map(zone.shown)
            cards[index].timeZone = zone
        }
    }

    /// Every date of `items` (children too) shown in `zone`.
    static func apply(_ zone: DisplayTimeZone, to items: inout [Item]) {
        for index in items.indices {
            items[index].date = items[index].date.map(zone.shown)
            items[index].end = items[index].end.map(zone.shown)
            if var children = items[index].children {
                apply(zone, to: &children)
                items[index].children = children
            }
        }
    }
}
