import TimelineModel
import TimelineScene
import XCTest

@testable import TimelineLayout

/// The time axis's arithmetic: proportional positions, cuts, ticks, lanes, ranges.
final class TimeScaleTests: XCTestCase {
    private let day = 86_400.0
    private func at(_ days: Double) -> Double { days * day }

    func testGapsStayProportionalWhileTheCardFits() {
        // 6 days, 8 days and 3 months apart: three different distances, nothing cut.
        let points = [0.0, 6, 14, 104].map { (at($0), at($0)) }
        let scale = TimeScale.vertical(intervals: points, dayScale: 10, maxLength: 2000, cutLength: 64)
        XCTAssertEqual(scale.cuts, [])
        XCTAssertEqual(scale.position(at(6)), 60, accuracy: 1e-9)
        XCTAssertEqual(scale.position(at(14)), 140, accuracy: 1e-9)
        XCTAssertEqual(scale.position(at(104)), 1040, accuracy: 1e-9)
    }

    func testOnlyTheOutlyingGapIsCutWhenTheCardWouldBeTooLong() {
        let points = [0.0, 6, 14, 104].map { (at($0), at($0)) }
        let scale = TimeScale.vertical(intervals: points, dayScale: 24, maxLength: 600, cutLength: 64)
        XCTAssertEqual(scale.cuts, [TimeScale.Cut(start: at(14), end: at(104))])
        XCTAssertEqual(scale.position(at(6)), 144, accuracy: 1e-9, "true scale outside the cut")
        XCTAssertEqual(scale.position(at(104)) - scale.position(at(14)), 64, accuracy: 1e-9, "the cut drawn at maxGap")
        XCTAssertLessThanOrEqual(scale.length, 600)
    }

    func testEvenlySpreadItemsAreScaledDownNotCut() {
        let monthly = (0..<12).map { (at(Double($0) * 30), at(Double($0) * 30)) }
        let scale = TimeScale.vertical(intervals: monthly, dayScale: 24, maxLength: 1200, cutLength: 64)
        XCTAssertEqual(scale.cuts, [])
        XCTAssertEqual(scale.length, 1200, accuracy: 1e-9)
    }

    func testACutNeverFallsInsideAPeriod() {
        // A long period covers the quiet time after the cluster: there is nothing to cut.
        let intervals = [(at(0), at(0)), (at(1), at(1)), (at(2), at(200)), (at(201), at(201))]
        XCTAssertEqual(TimeScale.outlyingGaps(intervals), [])
        let open = [(at(0), at(0)), (at(1), at(1)), (at(2), at(5)), (at(201), at(201))]
        XCTAssertEqual(
            TimeScale.outlyingGaps(open), [TimeScale.Cut(start: at(5), end: at(201))], "starts where the period ends")
    }

    func testFittedScaleSpansTheLength() {
        let scale = TimeScale.fitted(
            intervals: [(at(0), at(0)), (at(10), at(12))], length: 840, cutLength: 64, cutting: false)
        XCTAssertEqual(scale.position(at(12)), 840, accuracy: 1e-9)
    }

    /// The map is the scale moved to its place: linear, whatever texts did.
    func testAxisMapIsTheScaleMoved() {
        let scale = TimeScale.fitted(
            intervals: [(at(0), at(0)), (at(10), at(10))], length: 100, cutLength: 64, cutting: false)
        let map = AxisMap(scale: scale, origin: 40)
        XCTAssertEqual(map.position(at(5)), 90, accuracy: 1e-9)
        XCTAssertEqual(map.position(at(12)), 160, accuracy: 1e-9, "past the last item at the same rate")
        XCTAssertEqual(map.position(at(-1)), 30, accuracy: 1e-9, "before the first too")
    }

    /// Minutes head the ladder: an incident of a few minutes is ticked in minutes.
    func testMinuteTicks() {
        XCTAssertEqual(TickUnit.choose(pointsPerSecond: 40.0 / 60, minimumPitch: 34), .minutes(1))
        XCTAssertEqual(TickUnit.choose(pointsPerSecond: 40.0 / 900, minimumPitch: 34), .minutes(15))
        let ticks = AxisTicks(unit: .minutes(15), zone: .utc, names: .english).ticks(
            from: at(0) + 9 * 3600, to: at(0) + 10 * 3600)
        XCTAssertEqual(ticks.map(\.label), ["09:00", "09:15", "09:30", "09:45", "10:00"])
        XCTAssertNotNil(ticks.first?.context, "the day named at the first tick")
    }

    func testTickUnitFollowsTheSpace() {
        XCTAssertEqual(TickUnit.choose(pointsPerSecond: 30 / 3600, minimumPitch: 30), .hours(1))
        XCTAssertEqual(TickUnit.choose(pointsPerSecond: 24 / day, minimumPitch: 34), .days(2))
        XCTAssertEqual(TickUnit.choose(pointsPerSecond: 8 / day, minimumPitch: 56), .weeks)
        XCTAssertEqual(TickUnit.choose(pointsPerSecond: 2 / day, minimumPitch: 56), .months(1))
        XCTAssertEqual(TickUnit.choose(pointsPerSecond: 0.7 / day, minimumPitch: 56), .months(3))
        XCTAssertEqual(TickUnit.choose(pointsPerSecond: 0.1 / day, minimumPitch: 56), .years(2))
        XCTAssertNil(TickUnit.choose(pointsPerSecond: 0, minimumPitch: 56))
    }

    /// Dates without times are ticked by the day at the finest, however much room there is.
    func testDaysOnlyTicksNoFinerThanADay() {
        XCTAssertEqual(TickUnit.choose(pointsPerSecond: 250 / day, minimumPitch: 56), .hours(6))
        XCTAssertEqual(TickUnit.choose(pointsPerSecond: 250 / day, minimumPitch: 56, daysOnly: true), .days(1))
        XCTAssertEqual(TickUnit.choose(pointsPerSecond: 8 / day, minimumPitch: 56, daysOnly: true), .weeks)
        func item(_ date: DateValue?, end: DateValue? = nil) -> Item {
            var item = Item()
            (item.date, item.end) = (date, end)
            return item
        }
        let (day, time) = (DateValue(instant: 0, isDay: true), DateValue(instant: 3600))
        XCTAssertTrue(TimeAxisMarks.daysOnly([item(day), item(nil)]))
        XCTAssertFalse(TimeAxisMarks.daysOnly([item(day), item(time)]))
        XCTAssertFalse(TimeAxisMarks.daysOnly([item(day, end: time)]))
    }

    private func instant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0) -> Double {
        Double(CivilDate.daysSinceEpoch(year: year, month: month, day: day)) * 86_400 + Double(hour * 3600)
    }

    func testMonthTicksNameTheYearWhereItChanges() {
        let ticks = AxisTicks(unit: .months(1), zone: .utc, names: .english)
            .ticks(from: instant(2026, 11, 1), to: instant(2027, 2, 15))
        XCTAssertEqual(ticks.map(\.label), ["Nov", "Dec", "Jan", "Feb"])
        XCTAssertEqual(ticks.map(\.context), ["2026", nil, "2027", nil])
    }

    func testWeekTicksFallOnMondaysAndTheStartIsLabelled() {
        // 2026-11-04 is a Wednesday.
        let ticks = AxisTicks(unit: .weeks, zone: .utc, names: .english).ticks(
            from: instant(2026, 11, 4), to: instant(2026, 11, 20))
        XCTAssertEqual(ticks.map(\.label), ["Nov 4", "Nov 9", "Nov 16"])
        XCTAssertEqual(ticks.first?.context, "2026")
    }

    func testQuarterAndHourTicks() {
        let quarters = AxisTicks(unit: .months(3), zone: .utc, names: .english).ticks(
            from: instant(2026, 1, 1), to: instant(2026, 12, 31))
        XCTAssertEqual(quarters.map(\.label), ["Q1", "Q2", "Q3", "Q4"])
        let hours = AxisTicks(unit: .hours(6), zone: .fixed(3600), names: .english)
            .ticks(from: instant(2026, 11, 2, 5), to: instant(2026, 11, 3, 0))
        XCTAssertEqual(hours.map(\.label), ["06:00", "12:00", "18:00", "00:00"], "in the dates' own offset (+01:00)")
        XCTAssertEqual(hours.map(\.context), ["Nov 2", nil, nil, "Nov 3"])
    }

    func testOverlappingPeriodsGetLanes() {
        let lanes = PeriodLanes.assign([(0, 10), (5, 20), (10, 12), (15, 30), (21, 25)])
        XCTAssertEqual(lanes, [0, 1, 0, 0, 1])
    }

    func testRangesAndBareDays() throws {
        let nbsp = "\u{00A0}"
        let nov3 = DateValue(instant: instant(2026, 11, 3), isDay: true)
        let nov7 = DateValue(instant: instant(2026, 11, 7), isDay: true)
        XCTAssertEqual(DateRangeText.range(nov3, nov7, pattern: nil), "Nov\(nbsp)3 – Nov\(nbsp)7")
        let morning = DateValue(instant: instant(2026, 11, 3, 9))
        let noon = DateValue(instant: instant(2026, 11, 3, 12))
        XCTAssertEqual(DateRangeText.range(morning, noon, pattern: nil), "Nov\(nbsp)3, 09:00 – 12:00")
        // A same-day range names its day once, in a pattern too.
        XCTAssertEqual(DateRangeText.range(morning, noon, pattern: "MMM d HH:mm"), "Nov\(nbsp)3 09:00 – 12:00")
        XCTAssertEqual(DateRangeText.range(morning, noon, pattern: "EEE HH:mm"), "Tue 09:00 – 12:00")
        XCTAssertEqual(DateRangeText.range(morning, noon, pattern: "HH:mm"), "09:00 – 12:00")
        // The day and its time joined by the names' separator: the Arabic comma in an Arabic card.
        var arabic = DateNames.english
        arabic.dateTimeSeparator = "، "
        XCTAssertEqual(DateRangeText.range(morning, noon, pattern: nil, names: arabic), "Nov\(nbsp)3، 09:00 – 12:00")
        XCTAssertEqual(DateRangeText.point(morning, names: arabic), "Nov\(nbsp)3، 09:00")
        let newYear = DateValue(instant: instant(2027, 1, 4), isDay: true)
        XCTAssertEqual(
            DateRangeText.range(nov3, newYear, pattern: nil), "Nov\(nbsp)3,\(nbsp)2026 – Jan\(nbsp)4,\(nbsp)2027")
        let clock = try DatePattern.parse("HH:mm").get()
        XCTAssertEqual(clock.format(nov3), "Nov 3", "a bare day never prints 00:00")
        XCTAssertEqual(try DatePattern.parse("d MMM, HH:mm").get().format(nov3), "3 Nov")
        XCTAssertEqual(try DatePattern.parse("d MMM, HH:mm").get().format(morning), "3 Nov, 09:00")
    }
}
