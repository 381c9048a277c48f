import TimelineModel
import TimelineScene

/// A time layout's axis and marks as the scene JSON tells them: what each position means.
enum TimeRecords {
    /// `instant` in ISO 8601 at the offset `zone` has then: `2026-11-02T09:31:00+01:00`.
    static func iso(_ instant: Double, zone: DisplayTimeZone) -> String {
        iso(instant, offset: zone.offset(at: instant))
    }

    /// `instant` in ISO 8601 at `offset` seconds from UTC.
    static func iso(_ instant: Double, offset: Int) -> String {
        let civil = CivilDate(secondsSinceEpoch: Int64(instant.rounded(.down)) + Int64(offset))
        let year = civil.year < 0 ? "-" + padded(-civil.year, 4) : padded(civil.year, 4)
        let date = year + "-" + padded(civil.month, 2) + "-" + padded(civil.day, 2)
        let time = padded(civil.hour, 2) + ":" + padded(civil.minute, 2) + ":" + padded(civil.second, 2)
        let minutes = abs(offset) / 60
        let zone =
            offset == 0 ? "Z" : (offset < 0 ? "-" : "+") + padded(minutes / 60, 2) + ":" + padded(minutes % 60, 2)
        return date + "T" + time + zone
    }

    private static func padded(_ value: Int, _ digits: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// The axis: one segment between each two breaks, and every tick drawn with its label where drawn.
    /// `span`, when given, is the stretch the ticks cover, past the items' own.
    static func axis(
        map: AxisMap, marks: AxisPainter.Marks, drawing: AxisPainter.Drawing, zone: DisplayTimeZone, vertical: Bool,
        span: (start: Double, end: Double)? = nil
    ) -> TimeAxisRecord {
        let scale = map.scale
        let covered = span ?? (scale.origin, scale.last)
        let ends = [covered.start] + scale.cuts.flatMap { [$0.start, $0.end] } + [covered.end]
        let segments = stride(from: 0, to: ends.count - 1, by: 2).map { index in
            TimeAxisRecord.Segment(
                from: iso(ends[index], zone: zone), to: iso(ends[index + 1], zone: zone),
                start: map.position(ends[index]), end: map.position(ends[index + 1]))
        }
        let labelled = drawing.labelled
        let ticks = marks.ticks.enumerated().filter { $0.offset != drawing.undrawn }.map { index, mark in
            let shown = index < labelled.count && labelled[index]
            let label = shown ? ([mark.tick.label] + [mark.tick.context].compactMap { $0 }).joined(separator: " ") : ""
            return TimeAxisRecord.Tick(date: iso(mark.tick.instant, zone: zone), at: mark.position, label: label)
        }
        return TimeAxisRecord(direction: vertical ? "vertical" : "horizontal", segments: segments, ticks: ticks)
    }

    /// Each dated row's mark: its node at `nodes[i]`, its bar to `barEnds[i]` when it has one.
    static func marks(_ rows: [ItemRow], paths: [String], nodes: [Double], barEnds: [Double?], zone: DisplayTimeZone)
        -> [TimeMarkRecord]
    {
        rows.indices.compactMap { index in
            let item = rows[index].item
            guard let date = item.date else { return nil }
            let barEnd = barEnds[index]
            return TimeMarkRecord(
                item: paths[index], title: item.title, date: iso(date.instant, zone: zone),
                end: item.end.map { iso($0.instant, zone: zone) }, at: nodes[index],
                barStart: barEnd == nil ? nil : nodes[index], barEnd: barEnd)
        }
    }

    /// Each row's place in its card, as indices from 0 joined by dots ("2.1": the second child
    /// of the third item), from rows in reading order with their depths.
    static func paths(_ rows: [ItemRow]) -> [String] {
        var counters: [Int] = []
        return rows.map { row in
            if counters.count > row.level + 1 { counters.removeLast(counters.count - row.level - 1) }
            while counters.count < row.level + 1 { counters.append(-1) }
            counters[row.level] += 1
            return counters.map(String.init).joined(separator: ".")
        }
    }
}
