/// The one zone a document's dates are shown in: a fixed UTC offset (`+01:00`), or a named zone
/// (`Europe/Berlin`) as its offsets over time, read once from ICU's zone data. Pure data, so a
/// layout turns instants into local times and back without calendars or the machine's zone.
public struct DisplayTimeZone: Hashable, Sendable, Codable {
    /// A change of offset: from `instant` on (seconds since the epoch), `offset` seconds east of UTC.
    public struct Transition: Hashable, Sendable, Codable {
        /// Seconds since the epoch at which the offset takes effect.
        public var instant: Double
        /// Seconds east of UTC from then on.
        public var offset: Int
        /// A change to `offset` at `instant`.
        public init(instant: Double, offset: Int) {
            self.instant = instant
            self.offset = offset
        }
    }

    /// `Europe/Berlin`, or the offset as written (`+01:00`, `UTC`).
    public var name: String
    /// The offset before the first transition.
    public var initialOffset: Int
    /// Sorted by instant; empty for a fixed offset.
    public var transitions: [Transition]

    /// A zone named `name` at `initialOffset`, changing at `transitions` (sorted by instant).
    public init(name: String, initialOffset: Int, transitions: [Transition] = []) {
        self.name = name
        self.initialOffset = initialOffset
        self.transitions = transitions
    }

    /// UTC, the zone of a document without offsets.
    public static let utc = DisplayTimeZone(name: "UTC", initialOffset: 0)

    /// A fixed offset, `offset` seconds east of UTC, named as written: `+01:00`, `UTC`.
    public static func fixed(_ offset: Int) -> DisplayTimeZone {
        let minutes = abs(offset) / 60
        let digits = [minutes / 60, minutes % 60].map { $0 < 10 ? "0" + String($0) : String($0) }
        let name = offset == 0 ? "UTC" : (offset < 0 ? "-" : "+") + digits.joined(separator: ":")
        return DisplayTimeZone(name: name, initialOffset: offset)
    }

    /// Seconds east of UTC at `instant`.
    public func offset(at instant: Double) -> Int {
        // The last transition at or before `instant`, by bisection.
        var (low, high) = (0, transitions.count)
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle].instant <= instant { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? initialOffset : transitions[low - 1].offset
    }

    /// The civil date and time at `instant` in this zone.
    public func civil(_ instant: Double) -> CivilDate {
        CivilDate(secondsSinceEpoch: Int64(instant.rounded(.down)) + Int64(offset(at: instant)))
    }

    /// The instant a wall-clock time reads `local` (seconds since the epoch, counted as if local
    /// time were UTC). A time the clocks skip (02:30 on a spring-forward night) is read with the
    /// offset before the change, so it lands after it; a time that occurs twice, at its first.
    public func instant(local: Double) -> Double {
        // Offsets change at most a few times a year: the one a day before and a day after are
        // the only candidates.
        let (earlier, later) = (offset(at: local - 86_400), offset(at: local + 86_400))
        let valid = [earlier, later].map { local - Double($0) }.filter { Double(offset(at: $0)) == local - $0 }
        return valid.min() ?? local - Double(earlier)
    }

    /// The instant `civil`'s wall-clock time occurs in this zone.
    public func instant(_ civil: CivilDate) -> Double {
        let days = Double(CivilDate.daysSinceEpoch(year: civil.year, month: civil.month, day: civil.day))
        return instant(local: days * 86_400 + Double(civil.hour * 3600 + civil.minute * 60 + civil.second))
    }

    /// `date` in this zone: the same instant at the zone's offset then; a bare day the same
    /// calendar day, from its local midnight.
    public func shown(_ date: DateValue) -> DateValue {
        guard date.isDay else {
            return DateValue(instant: date.instant, utcOffset: offset(at: date.instant), isDay: false)
        }
        let midnight = instant(local: date.instant + Double(date.utcOffset))
        return DateValue(instant: midnight, utcOffset: offset(at: midnight), isDay: true)
    }
}
