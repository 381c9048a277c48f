import Foundation
import Testing
import TimelineModel
import TimelineScene
import TimelineSpec

@testable import TimelineLayout

/// fixtures/time-dst-berlin.yaml, shown in Europe/Berlin across the end of summer time on
/// 2026-10-25 (03:00 CEST becomes 02:00 CET at 01:00 UTC): the scenes' axes and marks, as the
/// scene JSON tells them, against the rules; and the scenes against their snapshots.
@Suite struct DaylightSavingTests {
    static func scenes() throws -> [String: Scene] {
        var scenes: [String: Scene] = [:]
        for card in try SceneSnapshotTests.document("time-dst-berlin").cards {
            scenes[card.id] = try CardLayout.scene(for: card, measurer: FakeTextMeasurer())
        }
        return scenes
    }

    static func instant(_ iso: String) -> Double { DocumentDecoder.parseDate(iso)?.instant ?? .nan }

    @Test func scenesMatchTheirSnapshots() throws {
        for (id, scene) in try Self.scenes().sorted(by: { $0.key < $1.key }) {
            try SceneSnapshotTests.assertSnapshot(try scene.snapshotJSON(), named: "time-dst-berlin-\(id)")
        }
    }

    /// Day ticks at local midnight on both sides of the change; the 25-hour Sunday is 25/24 as
    /// long as a day on the axis, which stays linear in absolute time.
    @Test func dayTicksStayAtLocalMidnight() throws {
        let axis = try #require(try Self.scenes()["dst-freeze"]?.timeAxis)
        let dates = axis.ticks.map(\.date)
        #expect(dates.allSatisfy { $0.contains("T00:00:00+") })
        #expect(dates.contains("2026-10-25T00:00:00+02:00"))
        #expect(dates.contains("2026-10-27T00:00:00+01:00"))
        let at = Dictionary(uniqueKeysWithValues: axis.ticks.map { ($0.date, $0.at) })
        let before = try #require(at["2026-10-25T00:00:00+02:00"]) - (try #require(at["2026-10-23T00:00:00+02:00"]))
        let across = try #require(at["2026-10-27T00:00:00+01:00"]) - (try #require(at["2026-10-25T00:00:00+02:00"]))
        #expect(abs(across / before - 49.0 / 48.0) < 1e-9)
    }

    /// Every mark at its instant (the second 02:10 after the first 02:40), read at the offset in
    /// force then; the ticks of 3 hours stay at 00:00, 03:00 and 06:00 on the wall clock, though
    /// the night has a fourth hour between the first two.
    @Test func marksKeepTheirInstantsAcrossTheChange() throws {
        let scene = try #require(try Self.scenes()["dst-incident"])
        let marks = try #require(scene.timeMarks)
        #expect(
            marks.map(\.date) == [
                "2026-10-25T00:30:00+02:00", "2026-10-25T02:40:00+02:00", "2026-10-25T02:10:00+01:00",
                "2026-10-25T03:30:00+01:00",
            ])
        #expect(zip(marks, marks.dropFirst()).allSatisfy { $0.at < $1.at })
        let description = scene.description.joined(separator: "\n").replacingOccurrences(of: "\u{00A0}", with: " ")
        #expect(description.contains("Oct 25, 02:40 — Database failover"))
        #expect(description.contains("Oct 25, 02:10 — Replica lag alert"))
        let axis = try #require(scene.timeAxis)
        #expect(
            axis.ticks.map(\.date) == [
                "2026-10-25T00:00:00+02:00", "2026-10-25T03:00:00+01:00", "2026-10-25T06:00:00+01:00",
            ])
        // Linear in absolute time: 4 hours, then 3, in proportion.
        let pitches = zip(axis.ticks, axis.ticks.dropFirst()).map { $1.at - $0.at }
        #expect(abs(pitches[0] / pitches[1] - 4.0 / 3.0) < 1e-9)
    }

    /// Hour ticks an hour apart in absolute time: 02:00 comes twice, the second named UTC+1; in
    /// spring the skipped 02:00 gets none.
    @Test func hourTicksCountTheRepeatedHour() throws {
        let zone = try #require(
            try SceneSnapshotTests.document("time-dst-berlin").cards.first?.timeZone)
        let ticks = AxisTicks(unit: .hours(1), zone: zone, names: .english)
        let autumn = ticks.ticks(from: Self.instant("2026-10-24T22:00:00Z"), to: Self.instant("2026-10-25T03:00:00Z"))
        #expect(autumn.map(\.label) == ["00:00", "01:00", "02:00", "02:00", "03:00", "04:00"])
        #expect(autumn.map(\.context) == ["Oct 25", nil, nil, "UTC+1", nil, nil])
        let spring = AxisTicks(unit: .hours(1), zone: zone, names: .english)
            .ticks(from: Self.instant("2027-03-27T23:00:00Z"), to: Self.instant("2027-03-28T02:00:00Z"))
        #expect(spring.map(\.label) == ["00:00", "01:00", "03:00", "04:00"])
        #expect(spring.map(\.context) == ["Mar 28", nil, "UTC+2", nil])
        // Days in wall-clock time: midnight each day, the day the clocks go back 25 hours long.
        let days = AxisTicks(unit: .days(1), zone: zone, names: .english)
            .ticks(from: Self.instant("2026-10-24T22:00:00Z"), to: Self.instant("2026-10-26T23:00:00Z"))
        #expect(zip(days, days.dropFirst()).map { ($1.instant - $0.instant) / 3600 } == [25, 24])
    }
}
