import TimelineModel

/// One labelled instant on a time axis.
struct AxisTick: Equatable {
    var instant: Double
    var label: String
    /// The year (or, for hour ticks, the day) where it changes: a second, emphasised line.
    var context: String?
}

/// The step between ticks, from minutes to centuries.
enum TickUnit: Equatable {
    case minutes(Int)
    case hours(Int)
    case days(Int)
    case weeks
    case months(Int)
    case years(Int)

    /// Every unit, finest first.
    static let ladder: [TickUnit] = [
        .minutes(1), .minutes(5), .minutes(15), .minutes(30),
        .hours(1), .hours(3), .hours(6), .hours(12), .days(1), .days(2), .weeks,
        .months(1), .months(3), .years(1), .years(2), .years(5), .years(10),
        .years(25), .years(50), .years(100), .years(250), .years(1000),
    ]

    /// Average length in seconds.
    var seconds: Double {
        switch self {
        case .minutes(let step): return Double(step) * 60
        case .hours(let step): return Double(step) * 3600
        case .days(let step): return Double(step) * 86_400
        case .weeks: return 7 * 86_400
        case .months(let step): return Double(step) * 2_629_746
        case .years(let step): return Double(step) * 31_556_952
        }
    }

    /// The finest unit whose ticks lie at least `minimumPitch` points apart; days at the finest
    /// when `daysOnly` (every date is a day: hour ticks between them would mark times nobody gave).
    static func choose(pointsPerSecond: Double, minimumPitch: Double, daysOnly: Bool = false) -> TickUnit? {
        guard pointsPerSecond > 0 else { return nil }
        let units = daysOnly ? ladder.drop { $0.seconds < TickUnit.days(1).seconds } : ladder[...]
        return units.first { $0.seconds * pointsPerSecond >= minimumPitch } ?? .years(1000)
    }
}

/// Ticks at calendar boundaries (midnights, Mondays, first days of months, quarters and years),
/// counted in the display zone: a tick at local midnight stays at local midnight across a change
/// to or from daylight saving time (the scale stays linear in absolute time; that day is 23 or 25
/// hours long).
struct AxisTicks {
    let unit: TickUnit
    let zone: DisplayTimeZone
    let names: DateNames

    /// Ticks from `start` to `end` inclusive, at most `limit` of them.
    func ticks(from start: Double, to end: Double, limit: Int = 500) -> [AxisTick] {
        var ticks: [AxisTick] = []
        var civil = firstBoundary(atOrAfter: start)
        var previous: CivilDate?
        if zone.instant(civil) > start + 0.5 {
            // The start is labelled even between boundaries, so the reader knows where the axis begins.
            let origin = zone.civil(start)
            ticks.append(localized(originTick(origin, instant: start)))
            previous = origin
            // A boundary less than half a step after the start would be a stray tick beside it.
            if zone.instant(civil) - start < unit.seconds / 2 { civil = next(civil) }
        }
        var instant = zone.instant(civil)
        while ticks.count < limit, instant <= end {
            let shifted = ticks.last.map { zone.offset(at: $0.instant) != zone.offset(at: instant) } ?? false
            ticks.append(localized(tick(civil, instant: instant, after: previous, offsetChanged: shifted)))
            previous = civil
            (civil, instant) = advanced(civil, instant)
        }
        return ticks
    }

    /// The next boundary after `civil` (at `instant`). Steps of an hour or less are counted in
    /// absolute time, so the hour the clocks repeat in autumn gets its tick and the one they skip
    /// in spring none; longer steps in wall-clock time, so days and 3-hour steps stay at midnight.
    private func advanced(_ civil: CivilDate, _ instant: Double) -> (CivilDate, Double) {
        if unit.seconds <= 3600 {
            let next = instant + unit.seconds
            return (zone.civil(next), next)
        }
        let next = next(civil)
        return (next, zone.instant(next))
    }

    /// The tick with its numbers in the locale's digits.
    private func localized(_ tick: AxisTick) -> AxisTick {
        var tick = tick
        tick.label = names.localDigits(tick.label)
        tick.context = tick.context.map(names.localDigits)
        return tick
    }

    /// `offsetChanged`: the clocks changed since the tick before (an hour tick then names the new
    /// offset, "UTC+1", so the two 02:00s of an autumn night read apart).
    private func tick(_ civil: CivilDate, instant: Double, after previous: CivilDate?, offsetChanged: Bool)
        -> AxisTick
    {
        let yearChanged = previous.map { $0.year != civil.year } ?? true
        switch unit {
        case .minutes, .hours:
            let dayChanged = previous.map { $0.dayNumber != civil.dayNumber } ?? true
            let offset = offsetChanged ? Self.offsetName(zone.offset(at: instant)) : nil
            return AxisTick(
                instant: instant, label: Self.padded(civil.hour) + ":" + Self.padded(civil.minute),
                context: dayChanged ? names.day(civil) : offset)
        case .days, .weeks:
            return AxisTick(
                instant: instant, label: names.day(civil),
                context: yearChanged ? String(civil.year) : nil)
        case .months(let step):
            let label = step == 3 ? "Q" + String((civil.month - 1) / 3 + 1) : names.shortMonth(civil.month)
            return AxisTick(instant: instant, label: label, context: yearChanged ? String(civil.year) : nil)
        case .years:
            return AxisTick(instant: instant, label: String(civil.year), context: nil)
        }
    }

    private func originTick(_ civil: CivilDate, instant: Double) -> AxisTick {
        if unit.seconds < TickUnit.days(1).seconds {
            let time = Self.padded(civil.hour) + ":" + Self.padded(civil.minute)
            return AxisTick(instant: instant, label: time, context: names.day(civil))
        }
        return AxisTick(instant: instant, label: names.day(civil), context: String(civil.year))
    }

    /// "UTC+1", "UTC-5", "UTC+10:30".
    static func offsetName(_ offset: Int) -> String {
        let minutes = abs(offset) / 60
        return "UTC" + (offset < 0 ? "-" : "+") + String(minutes / 60)
            + (minutes % 60 == 0 ? "" : ":" + padded(minutes % 60))
    }

    private static func padded(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }

    private func civil(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0) -> CivilDate {
        let days = Int64(CivilDate.daysSinceEpoch(year: year, month: month, day: day))
        return CivilDate(secondsSinceEpoch: days * 86_400 + Int64(hour * 3600 + minute * 60))
    }

    /// The boundaries at or before `start` and at or after `end`: ticks there cover the span.
    func covering(_ start: Double, _ end: Double) -> (start: Double, end: Double) {
        var first = firstBoundary(atOrAfter: start)
        if zone.instant(first) > start + 0.5 {
            first = previous(first)
        }
        // Stepped from the first, as the ticks are: a 2-day step's boundaries are every other day.
        var (last, instant) = (first, zone.instant(first))
        var steps = 0
        while instant < end - 0.5, steps < 10_000 {
            (last, instant) = advanced(last, instant)
            steps += 1
        }
        return (zone.instant(first), instant)
    }

    /// The boundary one step before `date`, itself a boundary.
    private func previous(_ date: CivilDate) -> CivilDate {
        switch unit {
        case .minutes(let step):
            return civil(year: date.year, month: date.month, day: date.day, hour: date.hour, minute: date.minute - step)
        case .hours(let step): return civil(year: date.year, month: date.month, day: date.day, hour: date.hour - step)
        case .days(let step): return civil(year: date.year, month: date.month, day: date.day - step)
        case .weeks: return civil(year: date.year, month: date.month, day: date.day - 7)
        case .months(let step):
            let index = date.month - 1 - step
            let year = date.year + (index >= 0 ? 0 : (index - 11) / 12)
            return civil(year: year, month: index - (year - date.year) * 12 + 1, day: 1)
        case .years(let step): return civil(year: date.year - step, month: 1, day: 1)
        }
    }

    private func firstBoundary(atOrAfter start: Double) -> CivilDate {
        let local = zone.civil(start.rounded(.up))
        var candidate: CivilDate
        switch unit {
        case .minutes(let step):
            candidate = civil(
                year: local.year, month: local.month, day: local.day, hour: local.hour,
                minute: local.minute / step * step)
        case .hours(let step):
            candidate = civil(year: local.year, month: local.month, day: local.day, hour: local.hour / step * step)
        case .days, .weeks:
            candidate = civil(year: local.year, month: local.month, day: local.day)
            if case .weeks = unit {
                // Back to the Monday of that week.
                let back = (candidate.weekday + 6) % 7
                candidate = civil(year: local.year, month: local.month, day: local.day - back)
            }
        case .months(let step):
            candidate = civil(year: local.year, month: (local.month - 1) / step * step + 1, day: 1)
        case .years(let step):
            candidate = civil(year: Self.floor(local.year, step), month: 1, day: 1)
        }
        while zone.instant(candidate) < start - 0.5 { candidate = next(candidate) }
        return candidate
    }

    private static func floor(_ value: Int, _ step: Int) -> Int {
        value >= 0 ? value / step * step : (value - step + 1) / step * step
    }

    private func next(_ date: CivilDate) -> CivilDate {
        switch unit {
        case .minutes(let step):
            return civil(year: date.year, month: date.month, day: date.day, hour: date.hour, minute: date.minute + step)
        case .hours(let step): return civil(year: date.year, month: date.month, day: date.day, hour: date.hour + step)
        case .days(let step): return civil(year: date.year, month: date.month, day: date.day + step)
        case .weeks: return civil(year: date.year, month: date.month, day: date.day + 7)
        case .months(let step):
            let index = date.month - 1 + step
            return civil(year: date.year + index / 12, month: index % 12 + 1, day: 1)
        case .years(let step): return civil(year: date.year + step, month: 1, day: 1)
        }
    }
}
