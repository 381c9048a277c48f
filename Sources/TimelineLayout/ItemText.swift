import TimelineModel
import TimelineScene

/// Texts shared by every layout: event labels, descriptions.
struct ItemText {
    let style: Style
    let now: DateValue?
    /// Whether the card is mirrored after layout (`Mirror`), which rich text must know: it places a
    /// line's runs one by one, and mirroring each run would reverse their order.
    let mirrored: Bool
    /// The style's fonts, resolved once: their names are built by interpolation, per item otherwise.
    let titleFont, subtitleFont, eventFont, statusFont: String
    /// Whether an item without `event` shows its date when `eventFormat` is not set (every card's
    /// layout: a reader looks for an item's date beside it, not only on an axis).
    let datesShown: Bool
    /// The start instants whose dates name their year: in a time card whose dates fall in more than
    /// one year, the first date and each date in another year than the one before it, as on the axis.
    let yearsNamed: Set<Double>

    init(card: Card) {
        // The dates the author wrote are shown in every layout: a reader looks for them beside the item.
        self.init(
            style: card.style, now: card.now, mirrored: ReadingDirection.isRightToLeft(card),
            datesShown: true, yearsNamed: Self.yearChanges(card.items))
    }

    init(
        style: Style, now: DateValue?, mirrored: Bool, datesShown: Bool = false, yearsNamed: Set<Double> = []
    ) {
        self.style = style
        self.now = now
        self.mirrored = mirrored
        self.datesShown = datesShown
        self.yearsNamed = yearsNamed
        titleFont = style.resolvedTitleFont
        subtitleFont = style.resolvedSubtitleFont
        eventFont = style.resolvedEventFont
        statusFont = "\(style.font) Medium 12"
    }

    /// The event column's text: `event`, else a period's range, else `date` in `eventFormat`
    /// (without `eventFormat`, the date in its short form); `eventFormat: ""` shows no date.
    func event(_ item: Item) -> String? {
        if let event = item.event { return event }
        guard let date = item.date, style.eventFormat?.isEmpty != true else { return nil }
        if let end = item.end {
            return DateRangeText.range(
                date, end, pattern: style.eventFormat, names: style.names, years: yearsNamed.contains(date.instant))
        }
        guard let format = style.eventFormat else {
            guard datesShown else { return nil }
            return DateRangeText.point(date, names: style.names, year: yearsNamed.contains(date.instant))
        }
        guard case .success(let pattern) = DatePattern.parse(format) else { return nil }
        return pattern.format(date, names: style.names)
    }

    /// The start instants of `items` (children too) that name their year, in date order: the
    /// first and each whose year differs from the date before it; none when every date, ends
    /// included, falls in one year.
    static func yearChanges(_ items: [Item]) -> Set<Double> {
        var dates: [DateValue] = []
        var years = Set<Int>()
        // Items read in place (a copied item costs all of its fields' references), last first
        // and each before its children: the order of a stack that pops items and pushes their
        // children, in which dates of one instant written with different offsets reach the sort.
        var levels: [(items: [Item], unread: Int)] = [(items, items.count)]
        while let level = levels.indices.last {
            guard levels[level].unread > 0 else {
                levels.removeLast()
                continue
            }
            levels[level].unread -= 1
            let index = levels[level].unread
            // Through the buffer: the array's own subscript copied each whole item here.
            let (date, end, children) = levels[level].items.withUnsafeBufferPointer {
                ($0[index].date, $0[index].end, $0[index].children)
            }
            if let date {
                dates.append(date)
                years.insert(date.civil.year)
            }
            if let end { years.insert(end.civil.year) }
            if let children { levels.append((children, children.count)) }
        }
        guard years.count > 1 else { return [] }
        var named = Set<Double>()
        var previous: Int?
        for date in dates.sorted() where date.civil.year != previous {
            named.insert(date.instant)
            previous = date.civil.year
        }
        return named
    }

    func day(_ item: Item) -> String? {
        guard let date = item.date, case .success(let pattern) = DatePattern.parse(style.dayFormat) else { return nil }
        return pattern.format(date, names: style.names)
    }

    /// `label — title — subtitle — attributes — status texts (status[, overdue])` for the SVG's
    /// description: every text the item draws, then its status.
    /// Built as bytes in `scratch`, which a layout reuses for all its items (this runs for every
    /// item): String appends cost far more.
    func describe(_ item: Item, label: String?, scratch bytes: inout [UInt8]) -> String {
        bytes.removeAll(keepingCapacity: true)
        func add(_ part: String?) {
            guard let part else { return }
            if !bytes.isEmpty { bytes += Self.separator }
            Self.appendOneLine(part, to: &bytes)
        }
        add(label)
        add(item.title)
        add(item.subtitle)
        add(item.attribute)
        add(item.subAttribute)
        add(item.statusText)
        add(item.subStatusText)
        if bytes.isEmpty { bytes += Self.placeholder }
        bytes += Self.openStatus
        Self.append(item.status.rawValue, to: &bytes)
        if item.isOverdue(now: now) { bytes += Self.overdue }
        bytes.append(UInt8(ascii: ")"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let separator = Array(" — ".utf8), placeholder = Array("item".utf8)
    private static let openStatus = Array(" (".utf8), overdue = Array(", overdue".utf8)

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// `text` with its line breaks turned into spaces. Most texts have none: those are copied
    /// without walking their characters.
    static func appendOneLine(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        let hasBreak = text.withUTF8 { utf8 in
            if utf8.indices.contains(where: { isNewline(utf8, at: $0) }) { return true }
            bytes.append(contentsOf: utf8)
            return false
        }
        if hasBreak { append(text.split(whereSeparator: \.isNewline).joined(separator: " "), to: &bytes) }
    }

    /// Whether a newline character (\n \v \f \r, U+0085, U+2028, U+2029: `Character.isNewline`)
    /// starts at `index`; compared byte by byte, since dashes and quotes share their lead bytes.
    private static func isNewline(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = utf8[index]
        if (0x0A...0x0D).contains(byte) { return true }
        let rest = utf8.count - index
        if byte == 0xC2 { return rest >= 2 && utf8[index + 1] == 0x85 }
        if byte == 0xE2 { return rest >= 3 && utf8[index + 1] == 0x80 && (0xA8...0xA9).contains(utf8[index + 2]) }
        return false
    }

    /// Title, subtitle, attributes and body of an item, stacked; the event on top when `withEvent`
    /// (a list by day shows each item's own event there, the day standing in the event column).
    func plan(_ item: Item, width: Double, withEvent: Bool, into plan: inout TextPlan) -> [TextPlan.Block] {
        var blocks: [TextPlan.Block] = []
        if withEvent { plan.add(event(item), font: eventFont, color: style.eventColor.rgba, width: width, to: &blocks) }
        plan.add(
            item.title, font: titleFont, color: style.titleColor.rgba, width: width, maxLines: style.maxTitleLines,
            to: &blocks)
        let secondary = style.subtitleColor.rgba
        plan.add(item.subtitle, font: subtitleFont, color: secondary, width: width, to: &blocks)
        if let attribute = item.attribute, let subAttribute = item.subAttribute {
            // Side by side under the subtitle, as FUITimelineCell's attribute labels.
            let half = TextBlock.halfWidth(width)
            blocks.append(
                .pair(
                    plan.add(attribute, font: subtitleFont, color: secondary, width: half),
                    plan.add(subAttribute, font: subtitleFont, color: secondary, width: half), width: width))
        } else {
            plan.add(
                item.attribute ?? item.subAttribute, font: subtitleFont, color: secondary, width: width, to: &blocks)
        }
        if let body = item.body {
            // Read the way its item reads (its columns swap then), else the way the card does.
            let rightToLeft = ReadingDirection.isRightToLeft(item) ?? mirrored
            blocks.append(.body(body, font: subtitleFont, width: width, mirrored: mirrored, rightToLeft: rightToLeft))
        }
        return blocks
    }

    /// The status texts of an item, stacked.
    func planStatus(_ item: Item, width: Double, into plan: inout TextPlan) -> [TextPlan.Block] {
        var blocks: [TextPlan.Block] = []
        let color = item.isOverdue(now: now) ? style.overdueColor.rgba : style.subtitleColor.rgba
        plan.add(item.statusText, font: statusFont, color: color, width: width, to: &blocks)
        plan.add(item.subStatusText, font: subtitleFont, color: style.subtitleColor.rgba, width: width, to: &blocks)
        return blocks
    }

    /// An event column's text (an event or a day).
    func planLabel(_ label: String?, width: Double, into plan: inout TextPlan) -> Int? {
        label.map { plan.add($0, font: eventFont, color: style.eventColor.rgba, width: width) }
    }

    /// A cut text of `item`, reported at the item (texts carry no location of their own).
    func truncation(_ item: Item, cut: String) -> Truncation {
        Truncation(location: item.location?.description ?? "item", text: cut)
    }
}
