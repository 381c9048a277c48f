import TimelineModel

/// Where a time layout's ticks, break marks and Today line fall once its rows are placed.
enum TimeAxisMarks {
    /// `span`, when given, is the stretch the ticks cover (boundaries around the items' span).
    static func marks(
        map: AxisMap, style: Style, now: DateValue?, zone: DisplayTimeZone, names: DateNames,
        minimumPitch: Double, daysOnly: Bool, span: (start: Double, end: Double)? = nil
    ) -> AxisPainter.Marks {
        let scale = map.scale
        let covered = span ?? (scale.origin, scale.last)
        let (start, end) = (map.position(covered.start), map.position(covered.end))
        var ticks: [(AxisTick, Double)] = []
        // The scale's own rate, as `coveringSpan` takes it: the step whose boundaries `span` lies on.
        if let unit = TickUnit.choose(
            pointsPerSecond: scale.pointsPerSecond, minimumPitch: minimumPitch, daysOnly: daysOnly)
        {
            let all = AxisTicks(unit: unit, zone: zone, names: names).ticks(
                from: covered.start, to: covered.end)
            ticks = all.filter { !scale.isCut($0.instant) }.map { ($0, map.position($0.instant)) }
            ticks = withCutEnds(ticks, scale: scale, map: map, zone: zone, names: names)
        }
        var today: Double?
        if style.today == .auto, let now, now.instant >= scale.origin, now.instant <= scale.last,
            !scale.isCut(now.instant)
        {
            today = map.position(now.instant)
        }
        return AxisPainter.Marks(
            ticks: ticks, breaks: scale.cuts.map(map.breakPosition), today: today, start: start, end: end)
    }

    /// After each cut the scale starts again: its first instant gets a full label ("Jan 20",
    /// with the year when it changed), replacing a tick too close to it (but the span's last).
    private static func withCutEnds(
        _ ticks: [(AxisTick, Double)], scale: TimeScale, map: AxisMap, zone: DisplayTimeZone,
        names: DateNames
    ) -> [(AxisTick, Double)] {
        var result = ticks
        for cut in scale.cuts {
            let civil = zone.civil(cut.end)
            let before = zone.civil(cut.start)
            let label = names.day(civil)
            let tick = AxisTick(
                instant: cut.end, label: names.localDigits(label),
                context: civil.year != before.year ? names.localDigits(String(civil.year)) : nil)
            let position = map.position(cut.end)
            // The tick that ends the span stays even beside it: it covers the items after the cut.
            let spanEnd = ticks.last.flatMap { $0.0.instant > cut.end ? $0.0.instant : nil }
            result.removeAll { abs($0.1 - position) < 24 && $0.0.instant != spanEnd }
            result.append((tick, position))
        }
        return result.sorted { $0.1 < $1.1 }
    }

    /// The boundaries of the ticks an axis of `scale` takes (ticks `minimumPitch` points apart),
    /// around its span: its ticks cover the first and the last item.
    static func coveringSpan(
        scale: TimeScale, zone: DisplayTimeZone, names: DateNames, daysOnly: Bool,
        minimumPitch: Double = AxisPainter.verticalPitch
    ) -> (start: Double, end: Double) {
        guard
            let unit = TickUnit.choose(
                pointsPerSecond: scale.pointsPerSecond, minimumPitch: minimumPitch, daysOnly: daysOnly)
        else { return (scale.origin, scale.last) }
        return AxisTicks(unit: unit, zone: zone, names: names).covering(scale.origin, scale.last)
    }

    /// Whether every date and end of `items` is a day, not a date-time.
    static func daysOnly(_ items: [Item]) -> Bool {
        items.allSatisfy { ($0.date?.isDay ?? true) && ($0.end?.isDay ?? true) }
    }

    /// Each row's start and end instants; an undated row sits where the row before it does.
    static func intervals(_ items: [Item]) -> [(start: Double, end: Double)?] {
        var previous: Double?
        return items.map { item in
            guard let date = item.date?.instant ?? previous else { return nil }
            previous = date
            return (date, max(date, item.end?.instant ?? date))
        }
    }
}
