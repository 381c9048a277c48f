import TimelineModel

/// Which items the Fiori preview strip shows, in which order, and where its Today marker goes.
///
/// Rules, in order:
/// 1. Open work comes first: overdue open/in-progress items (oldest first), then every other
///    not-done item by due date (undated ones last). An item due today is always shown: when
///    overdue items would fill the columns, it takes the last of them.
/// 2. The project's `end` item (the last item with status `end`) always gets the last column
///    (of two or more): the strip shows where the project ends.
/// 3. Columns left free are filled with done items, the most recent ones, shown before the open
///    items in date order. Done means `complete`, or a past milestone that can never be overdue
///    (start, before-start, inactive, early-end, before-end dated before `now`).
/// 4. A Today marker is drawn only when a shown open item is due on `now`'s day, before the first
///    shown open item not before that day.
/// Without `now` nothing is overdue or past, and there is no Today marker.
struct PreviewSelection: Equatable {
    var items: [Item]
    /// Index into `items` before which the Today marker is drawn (`items.count`: after the
    /// last); nil for no marker.
    var todayBefore: Int?
    /// Items of the card not shown ("+N more").
    var hiddenCount = 0
    /// Whether the project's end item is shown, last: nothing follows it.
    var showsEnd = false

    static func select(items: [Item], now: DateValue?, columns: Int) -> PreviewSelection {
        let columns = max(0, columns)
        // Groups are containers: the strip shows the things that are due.
        let all = ItemRow.flatten(items).map(\.item).filter { !$0.isGroup }
        let endIndex = all.lastIndex { $0.status == .end }

        var overdue: [Item] = []
        var open: [Item] = []
        var done: [Item] = []
        for (index, item) in all.enumerated() where index != endIndex {
            if item.status == .complete || isPastMilestone(item, now: now) {
                done.append(item)
            } else if item.isOverdue(now: now) {
                overdue.append(item)
            } else {
                open.append(item)
            }
        }
        let (lateFirst, pending) = (byDate(overdue), byDate(open))
        let showsEndItem = endIndex != nil && columns >= 2
        let openColumns = showsEndItem ? columns - 1 : columns
        var shownOpen = Array((lateFirst + pending).prefix(openColumns))
        if let now, openColumns > 0, let dueToday = pending.first(where: { isDue($0, onDayOf: now) }),
            !shownOpen.contains(dueToday)
        {
            shownOpen = Array(lateFirst.prefix(openColumns - 1)) + [dueToday]
        }
        if showsEndItem, let endIndex { shownOpen.append(all[endIndex]) }
        let free = columns - shownOpen.count
        let recentDone = byDate(done).suffix(max(0, free))
        let shown = Array(recentDone) + shownOpen

        var todayBefore: Int?
        if let now, shownOpen.contains(where: { isDue($0, onDayOf: now) }) {
            // After every overdue item, even one due earlier today.
            let first = shownOpen.firstIndex { !isBeforeDay($0, of: now) && !$0.isOverdue(now: now) } ?? shownOpen.count
            todayBefore = recentDone.count + first
        }
        let showsEnd = endIndex.map { all[$0] } == shown.last && endIndex != nil
        return PreviewSelection(
            items: shown, todayBefore: todayBefore, hiddenCount: all.count - shown.count, showsEnd: showsEnd)
    }

    /// Stable sort by date, undated items last.
    static func byDate(_ items: [Item]) -> [Item] {
        items.enumerated().sorted { lhs, rhs in
            switch (lhs.element.date, rhs.element.date) {
            case (let left?, let right?) where left != right: return left < right
            case (.some, nil): return true
            case (nil, .some): return false
            default: return lhs.offset < rhs.offset
            }
        }.map(\.element)
    }

    private static func isPastMilestone(_ item: Item, now: DateValue?) -> Bool {
        guard let now, let date = item.date, !item.status.canBeOverdue, item.status != .complete else { return false }
        return (item.end ?? date) < now && !isDue(item, onDayOf: now)
    }

    /// The civil day an item falls on, seen from `now`'s offset; a bare day is its own day.
    static func dayNumber(_ date: DateValue, seenFrom now: DateValue) -> Int {
        if date.isDay { return date.civil.dayNumber }
        var shifted = date
        shifted.utcOffset = now.utcOffset
        return shifted.civil.dayNumber
    }

    static func isDue(_ item: Item, onDayOf now: DateValue) -> Bool {
        guard let date = item.date else { return false }
        return dayNumber(date, seenFrom: now) == now.civil.dayNumber
    }

    private static func isBeforeDay(_ item: Item, of now: DateValue) -> Bool {
        guard let date = item.date else { return false }
        return dayNumber(date, seenFrom: now) < now.civil.dayNumber
    }
}
