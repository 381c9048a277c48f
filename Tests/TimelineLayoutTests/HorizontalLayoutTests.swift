import Foundation
import TimelineModel
import TimelineScene
import XCTest

@testable import TimelineLayout

final class HorizontalLayoutTests: XCTestCase {
    private func markers(_ scene: Scene) -> [MarkerNode] {
        scene.nodes.compactMap { if case .marker(let marker) = $0 { return marker } else { return nil } }
    }

    private func texts(_ scene: Scene) -> [TextNode] {
        scene.nodes.compactMap { if case .text(let text) = $0 { return text } else { return nil } }
    }

    /// Horizontal extent of a text node's lines.
    private func span(_ text: TextNode) -> ClosedRange<Double> {
        let left = text.lines.map(\.x).min() ?? 0
        let right = text.lines.map { $0.x + $0.width }.max() ?? 0
        return left...right
    }

    /// Whether two texts' lines overlap.
    private func meet(_ a: TextNode, _ b: TextNode) -> Bool {
        a.lines.contains { one in
            b.lines.contains { two in
                one.x < two.x + two.width && two.x < one.x + one.width && one.top < two.top + two.height
                    && two.top < one.top + one.height
            }
        }
    }

    private func text(_ scene: Scene, startingWith prefix: String) throws -> TextNode {
        try XCTUnwrap(texts(scene).first { $0.lines.first?.text.hasPrefix(prefix) == true }, prefix)
    }

    func testListIsEvenlySpacedWithLabelsUnderNodes() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - direction: horizontal
                style: { width: 480, eventFormat: "MMM d" }
                items:
                  - { title: Kickoff meeting with everyone, date: 2026-11-01, status: start }
                  - { title: Design, subtitle: UX team, date: 2026-11-03 }
                  - { title: Build, date: 2026-11-20 }
                  - { title: Launch, date: 2026-12-01, status: end }
            """)
        let nodes = markers(scene)
        XCTAssertEqual(nodes.count, 4)
        XCTAssertEqual(Set(nodes.map(\.center.y)).count, 1, "one horizontal line")
        let xs = nodes.map(\.center.x)
        let steps = zip(xs, xs.dropFirst()).map { $1 - $0 }
        for step in steps { XCTAssertEqual(step, steps[0], accuracy: 0.001) }
        XCTAssertLessThanOrEqual(scene.width, 480.001, "four items fit the card")

        let lineY = nodes[0].center.y
        for (index, title) in ["Kickoff", "Design", "Build", "Launch"].enumerated() {
            let label = try text(scene, startingWith: title)
            let range = span(label)
            XCTAssertGreaterThan(label.lines[0].baseline - 14, lineY, "\(title) under the line")
            XCTAssertEqual((range.lowerBound + range.upperBound) / 2, xs[index], accuracy: 0.5, "\(title) centred")
            // Wrapped to the room between neighbours: never past halfway to the next node.
            if index > 0 { XCTAssertGreaterThan(range.lowerBound, (xs[index - 1] + xs[index]) / 2) }
            if index < 3 { XCTAssertLessThan(range.upperBound, (xs[index] + xs[index + 1]) / 2) }
        }
        let event = try text(scene, startingWith: "Nov 3")
        XCTAssertLessThan(event.lines[0].baseline, lineY, "event text above the line")
        XCTAssertEqual(scene.description.count, 4)
    }

    /// Six nine-letter titles (64 points each with the fake measurer's 7-point characters) fit the
    /// 440 points only with gutters under 12 points: the gutters narrow, no word is cut.
    func testGuttersNarrowBeforeAWordIsCut() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - direction: horizontal
                items:
                  - { title: Milestone }
                  - { title: Milestone }
                  - { title: Milestone }
                  - { title: Milestone }
                  - { title: Milestone }
                  - { title: Milestone }
            """)
        XCTAssertEqual(scene.truncations, [])
        let titles = texts(scene).filter { $0.lines.first?.text.hasPrefix("Mile") == true }
        XCTAssertEqual(titles.map { $0.lines.map(\.text) }, Array(repeating: ["Milestone"], count: 6))
        let spans = titles.map(span)
        for (left, right) in zip(spans, spans.dropFirst()) {
            XCTAssertGreaterThanOrEqual(right.lowerBound - left.upperBound, HorizontalLayout.minimumGutter - 0.001)
        }
    }

    func testManyItemsShareTheWidthOrTheWidthIsRefused() throws {
        func card(_ count: Int, width: Int) -> String {
            let items = (1...count).map { "      - { title: Step \($0), date: 2026-11-0\(min(9, $0)) }" }.joined(
                separator: "\n")
            return
                "version: 1\ncards:\n  - direction: horizontal\n    style: { width: \(width) }\n    items:\n\(items)\n"
        }
        let scene = try LayoutFixture.scene(card(7, width: 480))
        XCTAssertEqual(scene.width, 480, "a card is exactly its width")
        let nodes = markers(scene)
        XCTAssertEqual(nodes.count, 7)
        for node in nodes { XCTAssertLessThan(node.center.x + node.size / 2, scene.width) }
        for label in texts(scene) { XCTAssertLessThanOrEqual(span(label).upperBound, scene.width) }

        // Twelve columns of 60 points (48 of text and a gutter) and the margins.
        XCTAssertThrowsError(try LayoutFixture.scene(card(12, width: 480))) { error in
            XCTAssertEqual((error as? WidthRefusal)?.minimum, 760)
            XCTAssertTrue("\(error)".contains("the narrowest width that fits is 760"), "\(error)")
        }
    }

    func testTimeLabelsArePushedApartAndGapCutOnlyWhenTheyDoNotFit() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - layout: time
                direction: horizontal
                style: { maxGap: 90, axis: none, width: 720 }
                items:
                  - { title: Design, date: 2026-11-04 }
                  - { title: API, date: 2026-11-05 }
                  - { title: Security, date: 2026-11-06 }
                  - { title: Beta, date: 2026-11-12, end: 2026-11-20 }
                  - { title: Launch, date: 2027-06-01 }
            """)
        let nodes = markers(scene)
        let xs = nodes.map(\.center.x)
        XCTAssertEqual(xs, xs.sorted())
        XCTAssertEqual(xs[1] - xs[0], xs[2] - xs[1], accuracy: 0.001, "a day is a day: labels move, marks do not")
        let labels = ["Design", "API", "Security", "Beta", "Launch"].compactMap {
            try? span(text(scene, startingWith: $0))
        }
        XCTAssertEqual(labels.count, 5)
        for (left, right) in zip(labels, labels.dropFirst()) {
            XCTAssertLessThan(left.upperBound, right.lowerBound, "labels never overlap")
        }
        let lines = scene.nodes.compactMap { if case .line(let line) = $0 { return line } else { return nil } }
        let lineY = nodes[0].center.y
        // A break's strokes cross the line; a leader runs from under a node down to its label.
        let slanted = lines.filter {
            $0.from.x != $0.to.x && $0.from.y != $0.to.y && min($0.from.y, $0.to.y) < lineY
                && max($0.from.y, $0.to.y) > lineY
        }
        XCTAssertEqual(slanted.count, 2, "break mark before the launch")
        for stroke in slanted {
            XCTAssertGreaterThan(min(stroke.from.x, stroke.to.x), xs[3])
            XCTAssertLessThan(max(stroke.from.x, stroke.to.x), xs[4])
        }
        let bar = try XCTUnwrap(
            scene.nodes.compactMap { node -> BoxNode? in
                if case .box(let box) = node, (box.fill?.a ?? 255) < 128 { return box } else { return nil }
            }.first)
        XCTAssertEqual(bar.rect.y + bar.rect.height / 2, nodes[3].center.y, accuracy: 0.001, "bar along the line")
        let breakLeft = slanted.map { min($0.from.x, $0.to.x) }.min() ?? 0
        XCTAssertLessThan(bar.rect.maxX, breakLeft, "the period ends before the break: cuts never fall inside a period")
    }

    func testTimeCardFillsItsWidthProportionally() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            cards:
              - layout: time
                direction: horizontal
                style: { width: 900, axis: none }
                items:
                  - { title: A, date: 2026-11-01 }
                  - { title: B, date: 2026-11-15 }
                  - { title: C, date: 2026-12-03 }
                  - { title: D, date: 2027-02-01 }
            """)
        let xs = markers(scene).map(\.center.x)
        XCTAssertEqual(scene.width, 900)
        XCTAssertLessThan(xs[0], 20 + 64, "starts at the left edge")
        XCTAssertGreaterThan(xs[3], 900 - 20 - 64, "ends at the right edge")
        // 14, 18 and 60 days keep their proportions: nothing is cut.
        XCTAssertEqual((xs[2] - xs[1]) / (xs[1] - xs[0]), 18.0 / 14.0, accuracy: 0.01)
        XCTAssertEqual((xs[3] - xs[2]) / (xs[1] - xs[0]), 60.0 / 14.0, accuracy: 0.01)
    }

    /// Too many labels for the width: they wrap down to their widest words first, then the card
    /// is refused naming a width at which it does fit.
    func testNarrowTimeCardWrapsLabelsThenNamesAWidthThatFits() throws {
        func yaml(_ width: Double) -> String {
            let items = (1...7).map {
                "      - { title: Milestone number \($0), date: 2026-11-\(String(format: "%02d", $0 * 3)) }"
            }
            return
                "version: 1\ncards:\n  - layout: time\n    direction: horizontal\n    style: { width: \(Int(width)) "
                + "}\n    items:\n"
                + items.joined(separator: "\n")
        }
        var minimum: Double = 0
        do {
            _ = try LayoutFixture.scene(yaml(300))
            XCTFail("300 points cannot hold seven labels")
        } catch let refusal as WidthRefusal {
            minimum = refusal.minimum
        }
        XCTAssertGreaterThan(minimum, 300)
        let scene = try LayoutFixture.scene(yaml(minimum))
        XCTAssertEqual(scene.width, minimum, accuracy: 0.01)
        let texts = scene.nodes.compactMap { if case .text(let text) = $0 { return text } else { return nil } }
        XCTAssertTrue(texts.contains { $0.lines.count > 1 }, "labels wrapped narrower")
    }

    /// A user's card: three dates close together and a long last title a month later.
    private func launchCard(width: Double, last: String = "2026-12-01") -> String {
        """
        version: 1
        cards:
          - id: th
            layout: time
            direction: horizontal
            style: { width: \(Int(width)) }
            items:
              - { title: Kickoff, date: 2026-11-02 }
              - { title: Design review, date: 2026-11-04 }
              - { title: Beta, date: 2026-11-05 }
              - { title: Launch day celebration, date: \(last) }
        """
    }

    /// The long last title no longer refuses the card: every label holds its own node (in tiers
    /// where they meet), none overlaps another, the quiet seven months are cut with a break mark
    /// and every word is drawn whole.
    func testLongLastTitleCutsTheQuietGapAndKeepsEveryWord() throws {
        for last in ["2026-12-01", "2027-06-01"] {
            let scene = try LayoutFixture.scene(launchCard(width: 700, last: last))
            XCTAssertEqual(scene.width, 700, last)
            XCTAssertEqual(scene.truncations, [], last)
            let drawn = texts(scene).flatMap { $0.lines.map(\.text) }.joined(separator: " ")
            for word in ["Kickoff", "Design", "review", "Beta", "Launch", "day", "celebration"] {
                XCTAssertTrue(drawn.split(separator: " ").contains(Substring(word)), "\(word) whole, \(last)")
            }
            let boxes = try ["Kickoff", "Design", "Beta", "Launch"].map { try text(scene, startingWith: $0) }
            let xs = markers(scene).map(\.center.x)
            for (index, box) in boxes.enumerated() {
                let span = span(box)
                XCTAssertTrue(span.contains(xs[index]), "label \(index) holds its own node, \(last)")
                XCTAssertLessThanOrEqual(span.upperBound, 700, "inside the card, \(last)")
                for other in boxes[(index + 1)...] {
                    XCTAssertFalse(meet(box, other), "labels never overlap, \(last)")
                }
            }
            let lines = scene.nodes.compactMap { if case .line(let line) = $0 { return line } else { return nil } }
            let lineY = markers(scene)[0].center.y
            let slanted = lines.filter {
                $0.from.x != $0.to.x && $0.from.y != $0.to.y && min($0.from.y, $0.to.y) < lineY
                    && max($0.from.y, $0.to.y) > lineY
            }
            // Seven months later, the first three dates would huddle at true scale: the gap is cut.
            if last == "2027-06-01" { XCTAssertFalse(slanted.isEmpty, "a break mark, \(last)") }
            for stroke in slanted { XCTAssertGreaterThan(min(stroke.from.x, stroke.to.x), xs[2], last) }
        }
    }

    /// A refusal names the narrowest width that renders: a point less is refused again.
    func testRefusedTimeCardRendersAtTheWidthItNames() throws {
        for width in [100.0, 120] {
            var minimum: Double = 0
            do {
                _ = try LayoutFixture.scene(launchCard(width: width))
                XCTFail("\(width) points cannot hold four labels")
            } catch let refusal as WidthRefusal {
                minimum = refusal.minimum
            }
            XCTAssertGreaterThan(minimum, width)
            let scene = try LayoutFixture.scene(launchCard(width: minimum))
            XCTAssertEqual(scene.width, minimum, accuracy: 0.01)
            XCTAssertEqual(scene.truncations, [])
            XCTAssertThrowsError(try LayoutFixture.scene(launchCard(width: minimum - 1))) { error in
                XCTAssertEqual((error as? WidthRefusal)?.minimum, minimum, "the same width named again")
            }
        }
    }

    /// Items whose dates go back and forth (a release train's six dates, again and again) once
    /// pushed one another's labels past the card's end at every width, and the search for a width
    /// ran on forever (found by an attack: 36 items of a 100,000-point card hung for hours). Rows
    /// are now taken in date order, so input order moves no mark: written either way, the card
    /// renders at once, the same.
    func testItemsWrittenOutOfDateOrderRenderAtOnceAsInDateOrder() throws {
        let train = [
            "{ title: Kickoff ROUND, date: 2026-11-02, status: start }",
            "{ title: Design review ROUND, subtitle: UX team ROUND, date: 2026-11-04, status: complete }",
            "{ title: API review ROUND, date: 2026-11-05, status: complete }",
            "{ title: Public beta ROUND, subtitle: 5% of users ROUND, date: 2026-11-12, end: 2026-11-24 }",
            "{ title: Feedback triage ROUND, date: 2026-11-20 }",
            "{ title: Launch ROUND, date: 2027-02-01, status: end }",
        ]
        func yaml(sorted: Bool) -> String {
            var items = (0..<25).flatMap { round in
                train.map { $0.replacingOccurrences(of: "ROUND", with: "\(round)") }
            }
            func date(_ item: String) -> String { item.components(separatedBy: "date: ")[1] }
            if sorted { items.sort { date($0) < date($1) } }
            return "version: 1\ncards:\n  - id: train\n    layout: time\n    direction: horizontal\n"
                + "    style: { width: 100000 }\n    items:\n"
                + items.map { "      - \($0)" }.joined(separator: "\n")
        }
        let start = Date()
        let written = try LayoutFixture.scene(yaml(sorted: false))
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "at once, not after hours")
        let sorted = try LayoutFixture.scene(yaml(sorted: true))
        XCTAssertEqual(written.width, 100000)
        XCTAssertEqual(
            Set(markers(written).map(\.center.x)), Set(markers(sorted).map(\.center.x)), "the same marks")
    }

    /// Both horizontal layouts draw their rows alike: a link names its item's title, and an event
    /// text of one word too wide for its row breaks with hyphen marks, every letter placed and
    /// nothing cut.
    func testHorizontalRowsLinkTheirTitleAndKeepEveryLetterOfALongEvent() throws {
        for layout in ["list", "time"] {
            let scene = try LayoutFixture.scene(
                """
                version: 1
                cards:
                  - direction: horizontal
                    layout: \(layout)
                    style: { width: 480, axis: none }
                    items:
                      - { title: Kickoff, date: 2026-11-01, link: "https://example.com/a" }
                      - { title: Build, date: 2026-11-09, event: \(String(repeating: "x", count: 60)) }
                """)
            let links = scene.nodes.compactMap { if case .link(let link) = $0 { return link } else { return nil } }
            XCTAssertEqual(links.map(\.label), ["Kickoff"], layout)
            XCTAssertEqual(scene.truncations.map(\.text), [], "nothing cut, \(layout)")
            let placed = scene.nodes.flatMap { node -> [String] in
                guard case .text(let text) = node else { return [] }
                return text.lines.map(\.text)
            }
            XCTAssertEqual(placed.joined().filter { $0 == "x" }.count, 60, "\(placed), \(layout)")
            XCTAssertTrue(placed.filter { $0.contains("x") }.dropLast().allSatisfy { $0.hasSuffix("-") }, layout)
        }
    }
}
