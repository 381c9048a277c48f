import TimelineModel

/// `timeZone:` and `--time-zone`: the one UTC offset a document's dates are shown in, by the
/// event column, the axis, ranges and Today alike. Without either, the offset of the first
/// date-time written in the document (a bare day has none), else UTC.
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
                let item = stack[depth][indices[depth]]
                indices[depth] += 1
                for date in [item.date, item.end] {
                    if let date, !date.isDay { return date.utcOffset }
                }
                if let children = item.children {
                    stack.append(children)
                    indices.append(0)
                }
            }
        }
        return nil
    }

    /// `date` shown at `offset`: the same instant; a bare day is the same calendar day, from
    /// midnight at that offset.
    static func shown(_ date: DateValue, at offset: Int) -> DateValue {
        guard date.isDay else { return DateValue(instant: date.instant, utcOffset: offset, isDay: false) }
        let midnight = date.instant + Double(date.utcOffset)
        return DateValue(instant: midnight - Double(offset), utcOffset: offset, isDay: true)
    }

    /// Every date of the cards' items and their `now` shown at `offset`.
    static func apply(_ offset: Int, to cards: inout [Card]) {
        for index in cards.indices {
            apply(offset, to: &cards[index].items)
            cards[index].now = cards[index].now.map { shown($0, at: offset) }
        }
    }

    /// Every date of `items` (children too) shown at `offset`.
    static func apply(_ offset: Int, to items: inout [Item]) {
        for index in items.indices {
            items[index].date = items[index].date.map { shown($0, at: offset) }
            items[index].end = items[index].end.map { shown($0, at: offset) }
            if var children = items[index].children {
                apply(offset, to: &children)
                items[index].children = children
            }
        }
    }
}
