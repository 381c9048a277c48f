import TimelineModel
import TimelineTestSupport
import XCTest

@testable import TimelineLayout

/// The event column of a time card whose dates fall in more than one year names the year as
/// the axis does: at the first date and at each change.
final class EventYearsTests: XCTestCase {
    private func shown(_ text: String?) -> String? { text?.replacingOccurrences(of: "\u{00A0}", with: " ") }

    func testTheFirstDateAndEachYearChangeNameTheYear() throws {
        let card = try LayoutFixture.card(
            """
            version: 1
            cards:
              - layout: time
                items:
                  - { title: Launch, date: 2027-01-20 }
                  - { title: Kickoff, date: 2026-11-02 }
                  - { title: Sprint, date: 2026-11-03, end: 2026-11-07 }
                  - { title: Review, date: "2026-11-09T09:00:00Z" }
                  - { title: Freeze, date: 2026-12-28, end: 2027-01-04 }
            """)
        let text = ItemText(card: card)
        XCTAssertEqual(
            card.items.map { shown(text.event($0)) },
            ["Jan 20, 2027", "Nov 2, 2026", "Nov 3 – Nov 7", "Nov 9, 09:00", "Dec 28, 2026 – Jan 4, 2027"])
    }

    func testACardWithinOneYearNamesNone() throws {
        let card = try LayoutFixture.card(
            """
            version: 1
            cards:
              - layout: time
                items: [{ title: A, date: 2026-11-02 }, { title: B, date: 2026-12-30 }]
            """)
        XCTAssertEqual(ItemText.yearChanges(card.items), [])
        XCTAssertEqual(card.items.map { shown(ItemText(card: card).event($0)) }, ["Nov 2", "Dec 30"])
    }

    /// Nested groups, and dates of one instant written with offsets that put them in different
    /// years: the years named are those of a walk that pops items and pushes their children (the
    /// order the dates reach the sort in), whatever reads the items.
    func testYearChangesAreThoseOfTheStackWalkForNestedGroupsAndOffsets() {
        var random = SeededGenerator(seed: 48)
        // Around New Year 2027 (instants near 1_798_761_600), some written at -01:00 or +01:00.
        func date() -> DateValue {
            let instant = 1_798_761_600 + Double(Int.random(in: -3...3, using: &random)) * 1_800
            return DateValue(instant: instant, utcOffset: [0, -3_600, 3_600].randomElement(using: &random)!)
        }
        func items(depth: Int) -> [Item] {
            (0..<Int.random(in: 0...4, using: &random)).map { _ in
                var item = Item()
                if Bool.random(using: &random) { item.date = date() }
                if Bool.random(using: &random) { item.end = date() }
                if depth < 3, Bool.random(using: &random) { item.children = items(depth: depth + 1) }
                return item
            }
        }
        // The dates in the order a stack that pops items and pushes their children meets them,
        // sorted stably by instant; named where the year differs from the one before.
        func stackWalk(_ items: [Item]) -> Set<Double> {
            var (walked, ends) = ([DateValue](), [DateValue]())
            var stack = items
            while let item = stack.popLast() {
                walked += [item.date].compactMap { $0 }
                ends += [item.end].compactMap { $0 }
                stack += item.children ?? []
            }
            guard Set((walked + ends).map(\.civil.year)).count > 1 else { return [] }
            let sorted = walked.indices.sorted { (walked[$0].instant, $0) < (walked[$1].instant, $1) }.map {
                walked[$0]
            }
            let years = sorted.map(\.civil.year)
            return Set(sorted.indices.filter { $0 == 0 || years[$0] != years[$0 - 1] }.map { sorted[$0].instant })
        }
        var named = 0
        for _ in 0..<300 {
            let card = items(depth: 0)
            let expected = stackWalk(card)
            XCTAssertEqual(ItemText.yearChanges(card), expected)
            named += expected.count
        }
        XCTAssertGreaterThan(named, 100, "cards that name years")
    }

    /// A range names its year once: at its end in English, at its start where the year comes first.
    func testARangeNamesItsYearOnceWhereTheLocaleWritesIt() {
        let start = DateValue(instant: 1_799_107_200, isDay: true) // 2027-01-05
        let end = DateValue(instant: 1_800_403_200, isDay: true) // 2027-01-20
        XCTAssertEqual(
            shown(DateRangeText.range(start, end, pattern: nil, years: true)), "Jan 5 – Jan 20, 2027")
        var japanese = DateNames.english
        japanese.dayPattern = "M月d日"
        japanese.yearDayPattern = "yyyy年M月d日"
        let range = DateRangeText.range(start, end, pattern: nil, names: japanese, years: true)
        XCTAssertEqual(range.replacingOccurrences(of: "\u{2060}", with: ""), "2027年1月5日 – 1月20日")
        // Joined so that a narrow column breaks after the dash, never inside a date.
        XCTAssertTrue(range.hasPrefix("2\u{2060}0\u{2060}2\u{2060}7\u{2060}年"), range)
    }
}
