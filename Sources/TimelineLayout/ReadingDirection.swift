import TimelineBreaks
import TimelineModel

/// Which way a card and each of its items read, from `textDirection` or else from the titles'
/// own letters: a card mirrors as a whole, an item reading the other way mirrors its cell.
enum ReadingDirection {
    /// Whether `card` reads right to left: forced by its style's `textDirection`, else when more
    /// items read right to left than left to right.
    static func isRightToLeft(_ card: Card) -> Bool {
        switch card.style.textDirection {
        case .ltr: return false
        case .rtl: return true
        case .auto:
            // Every item, groups' children too, walked without building rows (layouts ask this
            // several times a card).
            var balance = 0
            var walks: [(items: [Item], next: Int)] = [(card.items, 0)]
            while let depth = walks.indices.last {
                guard walks[depth].next < walks[depth].items.count else {
                    walks.removeLast()
                    continue
                }
                // The item's fields read in place: a copy of the item would retain all of them.
                let index = walks[depth].next
                walks[depth].next += 1
                let direction = isRightToLeft(
                    walks[depth].items[index].textDirection, title: walks[depth].items[index].title)
                if let rightToLeft = direction { balance += rightToLeft ? 1 : -1 }
                if let children = walks[depth].items[index].children, !children.isEmpty {
                    walks.append((children, 0))
                }
            }
            return balance > 0
        }
    }

    /// Whether `item` reads right to left: forced by its `textDirection`, else its title's first
    /// strong letter; nil when neither says (no title, or one without letters).
    static func isRightToLeft(_ item: Item) -> Bool? {
        isRightToLeft(item.textDirection, title: item.title)
    }

    private static func isRightToLeft(_ direction: TextDirection, title: String?) -> Bool? {
        switch direction {
        case .ltr: return false
        case .rtl: return true
        case .auto: return title.flatMap(firstStrongIsRightToLeft)
        }
    }

    /// For each row, whether its cell reads the other way from the card: its event and status
    /// columns then swap sides. An item that does not say follows the card.
    static func swapsColumns(_ rows: [ItemRow], cardIsRightToLeft: Bool) -> [Bool] {
        rows.map { row in isRightToLeft(row.item).map { $0 != cardIsRightToLeft } ?? false }
    }

    /// Whether a text's first strong letter is right to left (`LineBreaks.firstStrongIsRightToLeft`).
    static func firstStrongIsRightToLeft(_ text: String) -> Bool? {
        LineBreaks.firstStrongIsRightToLeft(text)
    }
}
