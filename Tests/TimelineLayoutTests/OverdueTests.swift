import TimelineLayout
import TimelineModel
import TimelineScene
import XCTest

/// Only items due before `now` are overdue; one due at `now` exactly is not late yet.
final class OverdueTests: XCTestCase {
    private func descriptions(now: String, items: [String]) throws -> [String] {
        let yaml = "version: 1\nnow: \(now)\ncards:\n  - items:\n" + items.map { "      - \($0)\n" }.joined()
        // Items only: a Today marker adds its own line where now falls between two of them.
        return try LayoutFixture.scene(yaml).description.filter { $0 != "Today" }
    }

    func testAnItemDueAtNowIsNotOverdueOneDueASecondEarlierIs() throws {
        let lines = try descriptions(
            now: "2026-11-21T12:00:00Z",
            items: [
                "{title: at now, date: \"2026-11-21T12:00:00Z\"}",
                "{title: a second before, date: \"2026-11-21T11:59:59Z\"}",
                "{title: a second after, date: \"2026-11-21T12:00:01Z\"}",
                "{title: same instant in another offset, date: \"2026-11-21T13:00:00+01:00\"}",
                "{title: period ending at now, date: \"2026-11-20T09:00:00Z\", end: \"2026-11-21T12:00:00Z\"}",
            ])
        XCTAssertEqual(lines.map { $0.hasSuffix(", overdue)") }, [false, true, false, false, false], "\(lines)")
    }

    func testABareDayIsOverdueOnceTheNextDayHasBegun() throws {
        let items = ["{title: yesterday, date: 2026-11-20}", "{title: today, date: 2026-11-21}"]
        let atMidnight = try descriptions(now: "2026-11-21T00:00:00Z", items: items)
        XCTAssertEqual(atMidnight.map { $0.hasSuffix(", overdue)") }, [true, false], "\(atMidnight)")
        let beforeMidnight = try descriptions(now: "2026-11-20T23:59:59Z", items: items)
        XCTAssertEqual(beforeMidnight.map { $0.hasSuffix(", overdue)") }, [false, false], "\(beforeMidnight)")
    }
}
