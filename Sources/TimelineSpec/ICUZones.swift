import TimelineICU
import TimelineModel

/// Named time zones (`Europe/Berlin`) from the zone data that ships inside ICU (not the machine's
/// /usr/share/zoneinfo, nor its local zone): the same offsets on every machine with the same ICU.
package enum ICUZones {
    /// The zone `name`'s offsets from `start` to `end` (seconds since the epoch); nil when ICU is
    /// missing or does not know the name.
    package static func zone(named name: String, from start: Double, to end: Double) -> DisplayTimeZone? {
        guard let zones = ICULibrary.shared?.zones, zones.isKnown(name) else { return nil }
        return zones.rules(name, from: start, to: end)
    }

    /// Every zone name ICU knows, for "did you mean".
    package static var names: [String] { ICULibrary.shared?.zones?.names() ?? [] }

    /// The version of ICU's zone data (`2024a`), which decides the offsets of a named zone.
    package static var dataVersion: String? { ICULibrary.shared?.zones?.dataVersion() }
}

/// ICU's calendar and zone functions (`ucal_open_72`, …).
struct ICUZoneFunctions {
    typealias CalendarOpen =
        @convention(c) (UnsafePointer<UInt16>?, Int32, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Int32>) ->
        OpaquePointer?
    typealias Close = @convention(c) (OpaquePointer?) -> Void
    typealias SetMillis = @convention(c) (OpaquePointer?, Double, UnsafeMutablePointer<Int32>) -> Void
    typealias Field = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<Int32>) -> Int32
    typealias Transition =
        @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Int32>) -> Int8
    typealias Canonical =
        @convention(c) (
            UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<UInt16>?, Int32, UnsafeMutablePointer<Int8>,
            UnsafeMutablePointer<Int32>
        ) -> Int32
    typealias OpenZones = @convention(c) (UnsafeMutablePointer<Int32>) -> OpaquePointer?
    typealias Next =
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>) ->
        UnsafePointer<CChar>?
    typealias DataVersion = @convention(c) (UnsafeMutablePointer<Int32>) -> UnsafePointer<CChar>?

    let open: CalendarOpen, close: Close, setMillis: SetMillis, field: Field, transition: Transition
    let canonical: Canonical, openZones: OpenZones, next: Next, closeZones: Close, version: DataVersion

    /// `uenum_*` live in libicuuc, which libicui18n loads: `ICU.symbol` finds them too.
    init?(icu: ICU) {
        func symbol<T>(_ name: String, _ type: T.Type) -> T? { icu.symbol(name, type) }
        guard let open = symbol("ucal_open", CalendarOpen.self), let close = symbol("ucal_close", Close.self),
            let setMillis = symbol("ucal_setMillis", SetMillis.self), let field = symbol("ucal_get", Field.self),
            let transition = symbol("ucal_getTimeZoneTransitionDate", Transition.self),
            let canonical = symbol("ucal_getCanonicalTimeZoneID", Canonical.self),
            let openZones = symbol("ucal_openTimeZones", OpenZones.self),
            let next = symbol("uenum_next", Next.self), let closeZones = symbol("uenum_close", Close.self),
            let version = symbol("ucal_getTZDataVersion", DataVersion.self)
        else { return nil }
        (self.open, self.close, self.setMillis, self.field, self.transition) = (
            open, close, setMillis, field, transition
        )
        (self.canonical, self.openZones, self.next, self.closeZones) = (canonical, openZones, next, closeZones)
        self.version = version
    }

    /// Whether `name` is one of ICU's zone IDs (ICU opens any other name as "Etc/Unknown", at UTC).
    func isKnown(_ name: String) -> Bool {
        let id = Array(name.utf16)
        guard !id.isEmpty, id.count < 100 else { return false }
        var result = [UInt16](repeating: 0, count: 128)
        var isSystem: Int8 = 0
        var status: Int32 = 0
        _ = canonical(id, Int32(id.count), &result, Int32(result.count), &isSystem, &status)
        return status <= 0 && isSystem != 0
    }

    /// The zone's offset at `start` and every change of offset up to `end`.
    func rules(_ name: String, from start: Double, to end: Double) -> DisplayTimeZone? {
        let id = Array(name.utf16)
        var status: Int32 = 0
        // UCAL_GREGORIAN, in the root locale: only the zone matters here.
        guard let calendar = open(id, Int32(id.count), "", 1, &status), status <= 0 else { return nil }
        defer { close(calendar) }
        func offset(at millis: Double) -> Int? {
            var status: Int32 = 0
            setMillis(calendar, millis, &status)
            // UCAL_ZONE_OFFSET and UCAL_DST_OFFSET, in milliseconds.
            let total = field(calendar, 15, &status) + field(calendar, 16, &status)
            return status <= 0 ? Int(total / 1000) : nil
        }
        guard let initial = offset(at: start * 1000) else { return nil }
        var transitions: [DisplayTimeZone.Transition] = []
        var millis = start * 1000
        // UCAL_TZ_TRANSITION_NEXT from the calendar's time; bounded, as a zone changes twice a year.
        while transitions.count < 4000 {
            var status: Int32 = 0
            setMillis(calendar, millis, &status)
            guard transition(calendar, 0, &millis, &status) != 0, status <= 0, millis <= end * 1000,
                let offset = offset(at: millis)
            else { break }
            transitions.append(DisplayTimeZone.Transition(instant: millis / 1000, offset: offset))
        }
        return DisplayTimeZone(name: name, initialOffset: initial, transitions: transitions)
    }

    func names() -> [String] {
        var status: Int32 = 0
        guard let zones = openZones(&status), status <= 0 else { return [] }
        defer { closeZones(zones) }
        var names: [String] = []
        var length: Int32 = 0
        while names.count < 5000, let name = next(zones, &length, &status), status <= 0 {
            names.append(String(cString: name))
        }
        return names
    }

    func dataVersion() -> String? {
        var status: Int32 = 0
        guard let version = version(&status), status <= 0 else { return nil }
        return String(cString: version)
    }
}
