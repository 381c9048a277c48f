import TimelineModel
import TimelineScene
import XCTest

@testable import TimelineLayout

final class OverlapResolverTests: XCTestCase {
    private struct Case {
        var name: String
        var wanted: [Double]
        var heights: [Double]
        var spacing: Double
        var minimum: Double?
        var expected: [Double]
    }

    func testPushingTable() {
        let cases: [Case] = [
            Case(
                name: "nothing to do", wanted: [0, 50, 100], heights: [20, 20, 20], spacing: 10,
                expected: [0, 50, 100]),
            Case(
                name: "a pair is pushed apart symmetrically", wanted: [0, 10], heights: [20, 20], spacing: 10,
                expected: [-10, 20]),
            Case(
                name: "a pair is pushed down only, from a floor", wanted: [0, 10], heights: [20, 20], spacing: 10,
                minimum: 0, expected: [0, 30]),
            Case(
                name: "three on one spot spread around it", wanted: [50, 50, 50], heights: [10, 10, 10], spacing: 0,
                expected: [40, 50, 60]),
            Case(
                name: "a cluster moves as a block, the rest stays", wanted: [0, 5, 200], heights: [20, 20, 20],
                spacing: 4,
                expected: [-9.5, 14.5, 200]),
            Case(
                name: "a push ripples into the next block", wanted: [0, 1, 30], heights: [20, 20, 20], spacing: 0,
                minimum: 0,
                expected: [0, 20, 40]),
            Case(
                name: "wrong order is straightened, order kept", wanted: [100, 0], heights: [10, 10], spacing: 0,
                expected: [45, 55]),
            Case(name: "empty", wanted: [], heights: [], spacing: 5, expected: []),
            Case(
                name: "single block only obeys the floor", wanted: [-5], heights: [10], spacing: 5, minimum: 0,
                expected: [0]),
        ]
        for test in cases {
            let result = OverlapResolver.resolve(
                wanted: test.wanted, heights: test.heights, spacing: test.spacing, minimum: test.minimum)
            XCTAssertEqual(result.count, test.expected.count, test.name)
            for (got, want) in zip(result, test.expected) { XCTAssertEqual(got, want, accuracy: 1e-9, test.name) }
            assertNoOverlap(result, heights: test.heights, spacing: test.spacing, test.name)
        }
    }

    /// A last block that would end past `maximum` pushes its neighbours back instead; blocks that
    /// cannot fit keep `minimum` and run past `maximum`.
    func testMaximumPushesBlocksBack() {
        let pushed = OverlapResolver.resolve(
            wanted: [0, 80, 90], heights: [10, 10, 20], gaps: [2, 2], minimum: 0, maximum: 100)
        XCTAssertEqual(pushed, [0, 68, 80])
        let crowded = OverlapResolver.resolve(
            wanted: [0, 5], heights: [60, 60], gaps: [2], minimum: 0, maximum: 100)
        XCTAssertEqual(crowded, [0, 62])
    }

    /// The least movement: nudging any solution's block by ±1 never lowers the squared total.
    func testSolutionIsMinimalAmongFeasibleNeighbours() {
        let wanted: [Double] = [0, 3, 8, 40, 41, 90]
        let heights: [Double] = [12, 12, 12, 12, 12, 12]
        let result = OverlapResolver.resolve(wanted: wanted, heights: heights, spacing: 4)
        assertNoOverlap(result, heights: heights, spacing: 4, "random")
        func cost(_ starts: [Double]) -> Double { zip(starts, wanted).map { ($0 - $1) * ($0 - $1) }.reduce(0, +) }
        for index in result.indices {
            for delta in [-1.0, 1.0] {
                var moved = result
                moved[index] += delta
                let feasible = zip(moved, moved.dropFirst()).enumerated().allSatisfy {
                    $1.1 >= $1.0 + heights[$0] + 4 - 1e-9
                }
                if feasible { XCTAssertGreaterThanOrEqual(cost(moved), cost(result)) }
            }
        }
    }

    func testPerPairGaps() {
        let result = OverlapResolver.resolve(wanted: [0, 0, 0], heights: [10, 10, 10], gaps: [5, 20], minimum: 0)
        XCTAssertEqual(result, [0, 15, 45])
    }

    private func assertNoOverlap(_ starts: [Double], heights: [Double], spacing: Double, _ name: String) {
        for index in starts.indices.dropFirst() {
            XCTAssertGreaterThanOrEqual(starts[index], starts[index - 1] + heights[index - 1] + spacing - 1e-9, name)
        }
    }
}

final class TimeLayoutTests: XCTestCase {
    private func markers(_ scene: Scene) -> [MarkerNode] {
        scene.nodes.compactMap { if case .marker(let marker) = $0 { return marker } else { return nil } }
    }

    private func lines(_ scene: Scene) -> [LineNode] {
        scene.nodes.compactMap { if case .line(let line) = $0 { return line } else { return nil } }
    }

    private func boxes(_ scene: Scene) -> [BoxNode] {
        scene.nodes.compactMap { if case .box(let box) = $0 { return box } else { return nil } }
    }

    /// Text nodes, top line to bottom line extent (baseline of the last line minus the first's ascent).
    private func textExtents(_ scene: Scene) -> [(top: Double, bottom: Double, text: TextNode)] {
        scene.nodes.compactMap { node in
            guard case .text(let text) = node, let first = text.lines.first, let last = text.lines.last else {
                return nil
            }
            let size = Double(text.font.split(separator: " ").last.flatMap { Double($0) } ?? 12)
            return (first.baseline - size, last.baseline - size + size * 1.25, text)
        }
    }

    func testPositionsFollowDatesProportionally() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - layout: time
                style: { dayScale: 20, maxGap: 400, itemSpacing: 4 }
                items:
                  - { title: A, date: 2026-11-01 }
                  - { title: B, date: 2026-11-05 }
                  - { title: C, date: 2026-11-15 }
            """)
        let ys = markers(scene).map(\.center.y)
        XCTAssertEqual(ys.count, 3)
        XCTAssertEqual(ys[1] - ys[0], 80, accuracy: 0.001)
        XCTAssertEqual(ys[2] - ys[1], 200, accuracy: 0.001)
        XCTAssertEqual(scene.description.count, 3)
        XCTAssertEqual(Set(markers(scene).map(\.center.x)).count, 1, "all nodes on one vertical line")
    }

    func testCloseItemsKeepTheirDatesWhileTheirTextsMoveApart() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - layout: time
                style: { dayScale: 24, itemSpacing: 10, axis: none }
                items:
                  - { title: Accessibility review, subtitle: Two lines of context for this review, \
            date: "2026-11-09T09:00:00Z" }
                  - { title: Security review, subtitle: Same morning, date: "2026-11-09T11:00:00Z" }
                  - { title: Beta, date: 2026-11-20 }
            """)
        let ys = markers(scene).map(\.center.y)
        XCTAssertEqual(ys, ys.sorted())
        // Two hours apart is 2 points on the axis: the nodes stay there, the texts move apart.
        XCTAssertEqual(ys[1] - ys[0], 2, accuracy: 0.001)
        // Each column's texts one under another (the title column here, right of the line).
        let lineX = markers(scene)[0].center.x
        let extents = textExtents(scene).filter { ($0.text.lines.first?.x ?? 0) > lineX }.sorted { $0.top < $1.top }
        for (upper, lower) in zip(extents, extents.dropFirst()) {
            XCTAssertLessThanOrEqual(
                upper.bottom, lower.top + 0.001, "\(upper.text.lines[0].text) overlaps \(lower.text.lines[0].text)")
        }
    }

    func testLongGapIsCompressedWithBreakMark() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - layout: time
                style: { dayScale: 24, maxGap: 100, itemSpacing: 4, axis: none, maxLength: 400 }
                items:
                  - { title: Kickoff, date: 2026-10-30 }
                  - { title: Review, date: 2026-10-31 }
                  - { title: Before, date: 2026-11-01 }
                  - { title: After, date: 2027-03-01 }
            """)
        let ys = Array(markers(scene).map(\.center.y).dropFirst(2))
        XCTAssertEqual(ys[1] - ys[0], 100, accuracy: 0.001)
        let all = lines(scene)
        let axis = all.filter { $0.from.x == $0.to.x && $0.from.y >= ys[0] }
        let slanted = all.filter { $0.from.x != $0.to.x && $0.from.y != $0.to.y }
        XCTAssertEqual(axis.count, 2, "the line is cut in two around the break")
        XCTAssertEqual(slanted.count, 2, "two slanted strokes mark the break")
        let gapTop = axis.map(\.to.y).min() ?? 0
        let gapBottom = axis.map(\.from.y).max() ?? 0
        XCTAssertGreaterThan(gapBottom, gapTop, "a visible gap in the line")
        for stroke in slanted {
            XCTAssertGreaterThan(min(stroke.from.y, stroke.to.y), ys[0])
            XCTAssertLessThan(max(stroke.from.y, stroke.to.y), ys[1])
        }
    }

    /// A crowded morning a month after the start: the quiet month is cut, and the morning is
    /// spread so that its texts sit by their own nodes and the nodes no longer overlap (#50,
    /// rule 1; they were 1 point apart at 24 points a day). Each hour is as long as the next.
    func testCompressedGapKeepsMaxGapAndCloseNodesSpreadAtTheirDates() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - layout: time
                style: { dayScale: 24, maxGap: 60, itemSpacing: 8 }
                items:
                  - { title: Start, date: 2026-11-01 }
                  - { title: First of a crowded morning, subtitle: with a subtitle, date: "2026-12-01T09:00:00Z" }
                  - { title: Second, subtitle: an hour later, date: "2026-12-01T10:00:00Z" }
                  - { title: Third, subtitle: and another, date: "2026-12-01T11:00:00Z" }
            """)
        let markers = markers(scene)
        let ys = markers.map(\.center.y)
        XCTAssertGreaterThanOrEqual(ys[1] - ys[0], 60 - 0.001)
        let hour = ys[2] - ys[1]
        XCTAssertGreaterThan(hour, markers[1].size, "nodes an hour apart do not overlap")
        XCTAssertEqual(ys[3] - ys[2], hour, accuracy: 0.001, "an hour is an hour")
        let breaks = lines(scene).filter { $0.from.x != $0.to.x && $0.from.y != $0.to.y && $0.from.y > ys[0] }
        XCTAssertFalse(breaks.filter { max($0.from.y, $0.to.y) < ys[1] }.isEmpty, "a break mark in the quiet month")
    }

    func testBaselinesOfEventTitleAndStatusAgree() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - layout: time
                style: { axis: none }
                items:
                  - { title: Kickoff, event: "9:45", statusText: Done, date: 2026-11-01 }
            """)
        let firstBaselines = textExtents(scene).compactMap { $0.text.lines.first?.baseline }
        XCTAssertEqual(firstBaselines.count, 3)
        for baseline in firstBaselines { XCTAssertEqual(baseline, firstBaselines[0], accuracy: 0.001) }
        let node = markers(scene)[0]
        let title = try XCTUnwrap(textExtents(scene).first { $0.text.lines.first?.text == "Kickoff" })
        XCTAssertEqual(
            node.center.y, (title.top + title.top + 14 * 1.25) / 2, accuracy: 0.001,
            "node centred on the title's first line")
    }

    func testShortGapHasNoBreakMark() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - layout: time
                style: { dayScale: 10, maxGap: 200, axis: none }
                items:
                  - { title: Before, date: 2026-11-01 }
                  - { title: After, date: 2026-11-06 }
            """)
        XCTAssertEqual(lines(scene).filter { $0.from.x != $0.to.x }.count, 0)
    }

    func testPeriodIsTranslucentBarUnderItsNode() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - layout: time
                style: { dayScale: 20, maxGap: 1000, itemSpacing: 4 }
                items:
                  - { title: Sprint, date: 2026-11-01, end: 2026-11-06 }
                  - { title: Demo, date: 2026-11-11 }
            """)
        let nodes = markers(scene)
        let bar = try XCTUnwrap(boxes(scene).first { ($0.fill?.a ?? 255) < 128 && $0.rect.height > $0.rect.width })
        XCTAssertEqual(bar.rect.maxY, nodes[0].center.y + 100, accuracy: 0.001, "ends at the end date")
        XCTAssertEqual(bar.rect.x + bar.rect.width / 2, nodes[0].center.x, accuracy: 0.001, "centred on the line")
        let barIndex = try XCTUnwrap(scene.nodes.firstIndex(of: .box(bar)))
        let markerIndex = try XCTUnwrap(
            scene.nodes.firstIndex { if case .marker = $0 { return true } else { return false } })
        XCTAssertLessThan(barIndex, markerIndex, "drawn under the nodes")
    }

    func testEventAndStatusColumnsStayInsideTheCard() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - layout: time
                style: { eventFormat: "MMM d", width: 420 }
                items:
                  - { title: Kickoff, date: 2026-11-01, statusText: Done, status: complete }
                  - { title: Launch, date: 2026-11-04, statusText: Planned, status: end }
            """)
        let texts = textExtents(scene).map(\.text)
        XCTAssertTrue(texts.contains { $0.lines.first?.text == "Nov 1" })
        XCTAssertTrue(texts.contains { $0.lines.first?.text == "Planned" })
        for text in texts {
            for line in text.lines {
                XCTAssertGreaterThanOrEqual(line.x, 0)
                XCTAssertLessThanOrEqual(line.x + line.width, scene.width)
            }
        }
        let nodeX = markers(scene)[0].center.x
        let event = try XCTUnwrap(texts.first { $0.lines.first?.text == "Nov 1" })
        XCTAssertLessThan(event.lines[0].x + event.lines[0].width, nodeX, "event text left of the line")
    }

    func testNarrowCardWrapsARangeAtItsDashNeverInsideADate() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - layout: time
                style: { width: 280 }
                items:
                  - { title: Migration, date: 2026-12-28, end: 2027-01-04 }
                  - { title: Launch, date: 2027-01-20 }
            """)
        XCTAssertEqual(scene.truncations, [])
        let range = try XCTUnwrap(
            scene.nodes.compactMap { node -> TextNode? in
                guard case .text(let text) = node, text.lines.first?.text.hasPrefix("Dec") == true else { return nil }
                return text
            }.first)
        // Each end whole on its line ("Dec 28, 2026" is held together by no-break spaces).
        XCTAssertEqual(
            range.lines.map { $0.text.replacingOccurrences(of: "\u{00A0}", with: " ") },
            ["Dec 28, 2026 –", "Jan 4, 2027"])
    }
}
