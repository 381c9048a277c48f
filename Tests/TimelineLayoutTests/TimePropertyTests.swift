import TimelineModel
import TimelineScene
import TimelineSpec
import TimelineTestSupport
import XCTest

@testable import TimelineLayout

/// Seeded random time cards, checked against the rules a reader relies on: every mark sits at
/// its date on one scale, linear inside each segment; labelled ticks keep their distance; no
/// text runs into another, into a line or into a bar; nothing is cut; a section's band holds its
/// bars and its name, which overlaps nothing.
final class TimePropertyTests: XCTestCase {
    private static let words = [
        "Kickoff", "Review", "Launch", "Beta", "API", "Design", "Audit", "Freeze", "Sign-off", "Pilot",
        "Migration", "Rollout", "Retro", "Demo", "Incident", "Fix", "Deploy", "Plan", "Budget", "Hiring",
    ]
    private static let rightToLeftWords = ["إطلاق", "مراجعة", "تصميم", "שחרור", "בדיקה"]
    /// Whole seconds each card's dates spread over: a minute to decades.
    private static let spans: [Double] = [60, 3600, 6 * 3600, 86_400 * 3, 86_400 * 40, 86_400 * 400, 86_400 * 4000]
    private static let offsets = [0, 3600, -5 * 3600, 19_800]
    /// Section names, none of them a word of an item's title (a title wraps into its words).
    private static let sectionNames = ["Alpha", "Bravo", "Charlie"]

    /// One card's YAML: items in random order, some sharing dates, some periods, sections, a
    /// locale, an offset and a display zone, a direction and a width.
    private func card(_ random: inout SeededRandom) -> (yaml: String, horizontal: Bool) {
        let horizontal = random.below(2) == 0
        let count = 1 + random.below(9)
        let span = random.pick(Self.spans)
        let start = 1_790_000_000.0 + Double(random.below(1_000_000)) * 60
        let offset = random.pick(Self.offsets)
        let rightToLeft = random.below(6) == 0
        let sections = random.below(3) == 0
        var dates: [Double] = []
        var items: [String] = []
        for index in 0..<count {
            let date =
                !dates.isEmpty && random.below(5) == 0
                ? random.pick(dates) : start + (span * random.unit() / 60).rounded() * 60
            dates.append(date)
            let title =
                (rightToLeft ? random.pick(Self.rightToLeftWords) : random.pick(Self.words)) + " " + String(index)
            var fields = ["title: \"\(title)\"", "date: \"\(iso(date, offset))\""]
            if random.below(4) == 0 {
                fields.append("end: \"\(iso(date + (span * random.unit() / 60).rounded() * 60, offset))\"")
            }
            if sections { fields.append("section: \(random.pick(Self.sectionNames))") }
            items.append("      - { " + fields.joined(separator: ", ") + " }")
        }
        // Vertical cards from 40, the narrowest width a card may have (a card too narrow is refused,
        // naming a width that is checked instead); horizontal ones from 320.
        let width = (horizontal ? 320 : 40) + random.below(horizontal ? 1680 : 1960)
        let locale = random.pick(["en-US", "de-DE", "fr-FR", "ja-JP"])
        // Half the cards in a named zone, whose offset changes with daylight saving time (Lord
        // Howe's by half an hour).
        let zone = random.pick(["", "", "", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe"])
        let yaml = """
            version: 1
            \(zone.isEmpty ? "" : "timeZone: " + zone)
            cards:
              - layout: time
                direction: \(horizontal ? "horizontal" : "vertical")
                locale: \(locale)
                style: { width: \(width) }
                items:
            \(items.joined(separator: "\n"))
            """
        return (yaml, horizontal)
    }

    private func iso(_ instant: Double, _ offset: Int) -> String { TimeRecords.iso(instant, offset: offset) }

    private func instant(_ iso: String) -> Double {
        DocumentDecoder.parseDate(iso)?.instant ?? .nan
    }

    func testGeneratedTimeCardsKeepTheirPromises() throws {
        var random = SeededRandom(state: 35)
        var (checked, staggered, banded) = (0, 0, 0)
        for round in 0..<PropertyRounds.of(2_000) {
            let (yaml, horizontal) = card(&random)
            let card = try LayoutFixture.card(yaml)
            let scene: Scene
            do {
                scene = try CardLayout.scene(for: card, measurer: FakeTextMeasurer())
            } catch {
                // Refused: the width it names must render, with nothing cut.
                var wider = card
                wider.style.width = error.minimum
                scene = try XCTUnwrap(
                    try? CardLayout.scene(for: wider, measurer: FakeTextMeasurer()),
                    "round \(round): the width a refusal names does not render\n\(yaml)")
            }
            check(scene, horizontal: horizontal, context: "round \(round)\n\(yaml)")
            checked += 1
            if horizontal, hasTierLeader(scene, color: card.style.lineColor.rgba) { staggered += 1 }
            if SceneJSON(scene).texts.contains(where: { Self.sectionNames.contains($0.text) }) { banded += 1 }
        }
        XCTAssertEqual(checked, PropertyRounds.of(2_000))
        // The rules above were checked on cards with labels in tiers and with named section bands.
        XCTAssertGreaterThan(staggered, PropertyRounds.of(50), "few horizontal cards had labels in tiers")
        XCTAssertGreaterThan(banded, PropertyRounds.of(200), "few cards had named section bands")
    }

    private func check(_ scene: Scene, horizontal: Bool, context: String) {
        XCTAssertEqual(scene.truncations, [], "nothing is cut: \(context)")
        let texts = SceneJSON(scene).texts
        for (index, a) in texts.enumerated() {
            for b in texts[(index + 1)...] where a.node != b.node {
                let apart =
                    a.x + a.width <= b.x + 0.5 || b.x + b.width <= a.x + 0.5 || a.y + a.height <= b.y + 0.5
                    || b.y + b.height <= a.y + 0.5
                XCTAssertTrue(apart, "\"\(a.text)\" overlaps \"\(b.text)\": \(context)")
            }
        }
        for case .line(let line) in scene.nodes {
            for text in texts where crosses(line, text) {
                XCTFail("a line crosses \"\(text.text)\": \(context)")
            }
        }
        checkSections(scene, texts: texts, context: context)
        // Every time card, one item too, has an axis with a label and a mark per item.
        guard let axis = scene.timeAxis, let marks = scene.timeMarks else {
            return XCTFail("no axis or marks: \(context)")
        }
        XCTAssertFalse(axis.ticks.filter { !$0.label.isEmpty }.isEmpty, "no labelled tick: \(context)")
        XCTAssertEqual(axis.direction, horizontal ? "horizontal" : "vertical")
        func expected(_ date: String) -> Double? {
            let time = instant(date)
            guard
                let segment = axis.segments.first(where: { instant($0.from) - 1 <= time && time <= instant($0.to) + 1 })
            else { return nil }
            let (from, to) = (instant(segment.from), instant(segment.to))
            guard to > from else { return segment.start }
            return segment.start + (time - from) / (to - from) * (segment.end - segment.start)
        }
        let centers = scene.nodes.compactMap { node -> Double? in
            guard case .marker(let marker) = node else { return nil }
            return horizontal ? marker.center.x : marker.center.y
        }
        for mark in marks {
            guard let at = expected(mark.date) else {
                XCTFail("\(mark.date) lies in no segment: \(context)")
                continue
            }
            XCTAssertEqual(mark.at, at, accuracy: 0.5, "\(mark.title ?? "") is not at its date: \(context)")
            XCTAssertTrue(centers.contains { abs($0 - mark.at) < 0.5 }, "no node drawn at \(mark.at): \(context)")
            if let end = mark.end, let barEnd = mark.barEnd, let endAt = expected(end) {
                XCTAssertEqual(barEnd, endAt, accuracy: 0.5, "a bar does not end at its date: \(context)")
            }
        }
        for tick in axis.ticks {
            guard let at = expected(tick.date) else { continue }
            XCTAssertEqual(tick.at, at, accuracy: 0.5, "tick \(tick.date) is off the scale: \(context)")
        }
        // The ticks cover the span's ends: one at or before the first item, one at or after the last.
        let tickDates = axis.ticks.map { instant($0.date) }
        let markDates = marks.flatMap { [instant($0.date)] + [$0.end.map(instant)].compactMap { $0 } }
        if let first = markDates.min(), let last = markDates.max() {
            XCTAssertTrue(tickDates.contains { $0 <= first + 0.5 }, "no tick at or before the first item: \(context)")
            XCTAssertTrue(tickDates.contains { $0 >= last - 0.5 }, "no tick at or after the last item: \(context)")
        }
        // A tick at either end of the span tells where the axis starts and stops: it is labelled.
        for end in [axis.ticks.min { $0.at < $1.at }, axis.ticks.max { $0.at < $1.at }].compactMap({ $0 }) {
            XCTAssertFalse(end.label.isEmpty, "the tick at \(end.at) ends the axis unlabelled: \(context)")
        }
        let pitch = horizontal ? AxisPainter.horizontalPitch : AxisPainter.verticalPitch
        let labelled = axis.ticks.filter { !$0.label.isEmpty }.map(\.at).sorted()
        for (a, b) in zip(labelled, labelled.dropFirst()) {
            XCTAssertGreaterThanOrEqual(b - a, pitch - 0.5, "labelled ticks \(a) and \(b) too close: \(context)")
        }
    }

    /// Bars and section bands, told apart by their tints: no text lies on a bar, every point of a
    /// bar lies in a band of its own section's colour (the band or the strip it runs on in), and
    /// every section name lies inside a band.
    private func checkSections(_ scene: Scene, texts: [SceneJSON.Text], context: String) {
        let boxes = scene.nodes.compactMap { node -> (rect: Rect, fill: RGBA)? in
            guard case .box(let box) = node, let fill = box.fill else { return nil }
            return (box.rect, fill)
        }
        let bandAlpha = UInt8((255 * SectionBands.tint).rounded())
        let bands = boxes.filter { $0.fill.a == bandAlpha }
        let bars = boxes.filter { $0.fill.a == UInt8((255 * 0.35).rounded()) }
        func sameHue(_ a: RGBA, _ b: RGBA) -> Bool { a.r == b.r && a.g == b.g && a.b == b.b }
        func inside(_ x: Double, _ y: Double, _ rect: Rect) -> Bool {
            x >= rect.x - 0.5 && x <= rect.x + rect.width + 0.5 && y >= rect.y - 0.5 && y <= rect.y + rect.height + 0.5
        }
        for bar in bars {
            for text in texts {
                let apart =
                    text.x + text.width <= bar.rect.x + 0.5 || bar.rect.x + bar.rect.width <= text.x + 0.5
                    || text.y + text.height <= bar.rect.y + 0.5 || bar.rect.y + bar.rect.height <= text.y + 0.5
                XCTAssertTrue(apart, "\"\(text.text)\" lies on a bar: \(context)")
            }
            let own = bands.filter { sameHue($0.fill, bar.fill) }
            guard !own.isEmpty else { continue }
            for (x, y) in samples(bar.rect) {
                XCTAssertTrue(
                    own.contains { inside(x, y, $0.rect) }, "a bar runs out of its band at (\(x), \(y)): \(context)")
            }
        }
        for name in texts where Self.sectionNames.contains(name.text) {
            let holder = bands.contains { band in
                inside(name.x, name.y, band.rect) && inside(name.x + name.width, name.y + name.height, band.rect)
            }
            XCTAssertTrue(holder, "section name \"\(name.text)\" lies outside its band: \(context)")
        }
    }

    /// Whether a horizontal card has a label in a tier under another: joined by a straight
    /// vertical leader (`color`, one point wide) from its node past the labels above.
    private func hasTierLeader(_ scene: Scene, color: RGBA) -> Bool {
        scene.nodes.contains { node in
            guard case .line(let line) = node else { return false }
            return line.stroke.color == color && line.stroke.width == 1 && abs(line.from.x - line.to.x) < 0.5
                && line.to.y - line.from.y > 20
        }
    }

    /// Points over `rect`, half a point inside its edges: 13 along its length, 3 across.
    private func samples(_ rect: Rect) -> [(Double, Double)] {
        let inner = Rect(x: rect.x + 0.5, y: rect.y + 0.5, width: rect.width - 1, height: rect.height - 1)
        let wide = rect.width > rect.height
        return (0...12).flatMap { along in
            (0...2).map { across in
                let (u, v) = (Double(along) / 12, Double(across) / 2)
                return (inner.x + inner.width * (wide ? u : v), inner.y + inner.height * (wide ? v : u))
            }
        }
    }

    /// Whether `line` passes through the box of `text` (its ends may touch the box's edge).
    private func crosses(_ line: LineNode, _ text: SceneJSON.Text) -> Bool {
        let inset = 1.0
        let (left, right) = (text.x + inset, text.x + text.width - inset)
        let (top, bottom) = (text.y + inset, text.y + text.height - inset)
        guard right > left, bottom > top else { return false }
        // Sampled along the line: lines here are short and straight.
        let steps = 24
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let x = line.from.x + (line.to.x - line.from.x) * t
            let y = line.from.y + (line.to.y - line.from.y) * t
            if x > left, x < right, y > top, y < bottom { return true }
        }
        return false
    }
}
