import Foundation
import TimelineModel
import TimelineScene
import TimelineSpec
import XCTest

@testable import TimelineLayout

/// Rules 5 and 6 of a readable picture (issue #50): overdue by the due date, a same-day range's
/// day named once, the author's dates shown, the card's own words and digits, readable colours.
final class StatusAndTimeWordsTests: XCTestCase {
    private func texts(_ scene: Scene) -> [TextNode] {
        scene.nodes.compactMap { if case .text(let text) = $0 { return text } else { return nil } }
    }

    private func words(_ scene: Scene) -> [String] { texts(scene).flatMap { $0.lines.map(\.text) } }

    func testAnInProgressItemIsOverdueByItsDueDateNotItsStart() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            now: 2026-11-21T12:00:00Z
            cards:
              - items:
                  - { title: started, date: 2026-11-10, end: 2026-11-30, status: in-progress }
                  - { title: late, date: 2026-11-10, end: 2026-11-20, status: in-progress }
            """)
        let overdue = scene.description.filter { $0 != "Today" }.map { $0.hasSuffix(", overdue)") }
        XCTAssertEqual(overdue, [false, true], "\(scene.description)")
    }

    func testAListCardShowsTheDatesItsAuthorWroteUnlessEventFormatIsEmpty() throws {
        let card = """
            version: 1
            cards:
              - style: { eventFormat: FORMAT }
                items:
                  - { title: Kickoff, date: 2026-11-02 }
                  - { title: Demo, date: "2026-11-09T09:00:00Z", end: "2026-11-09T10:30:00Z" }
            """
        let shown = try LayoutFixture.scene(
            card.replacingOccurrences(of: "style: { eventFormat: FORMAT }\n    ", with: ""))
        XCTAssertEqual(
            shown.description.map(\.spaced), ["Nov 2 — Kickoff (open)", "Nov 9, 09:00 – 10:30 — Demo (open)"])
        let hidden = try LayoutFixture.scene(card.replacingOccurrences(of: "FORMAT", with: "\"\""))
        XCTAssertEqual(hidden.description, ["Kickoff (open)", "Demo (open)"])
        let pattern = try LayoutFixture.scene(card.replacingOccurrences(of: "FORMAT", with: "\"EEE HH:mm\""))
        XCTAssertEqual(pattern.description.last?.spaced, "Mon 09:00 – 10:30 — Demo (open)")
    }

    private func legendCard(locale: String, labels: String = "") -> String {
        """
        version: 1
        locale: \(locale)
        \(labels)
        cards:
          - style: { legend: true }
            items:
              - { title: A, date: 2026-11-03, status: complete }
              - { title: B, date: 2026-11-13, status: in-progress }
        """
    }

    func testLegendWordsAreTheCardsLocalesAndLabelsOverrideThem() throws {
        let expected: [String: (String, String)] = [
            "en": ("In progress", "Complete"), "de-DE": ("In Bearbeitung", "Erledigt"), "fr": ("En cours", "Terminé"),
            "es": ("En curso", "Completado"), "ja": ("進行中", "完了"), "zh": ("进行中", "已完成"),
            "ko": ("진행 중", "완료"), "ar": ("قيد التنفيذ", "مكتمل"), "he": ("בתהליך", "הושלם"),
            "fa": ("در حال انجام", "تکمیل‌شده"),
        ]
        for (locale, (inProgress, complete)) in expected {
            let shown = words(try LayoutFixture.scene(legendCard(locale: locale)))
            XCTAssertTrue(shown.contains(inProgress) && shown.contains(complete), "\(locale): \(shown)")
        }
        let relabelled = words(
            try LayoutFixture.scene(legendCard(locale: "ja", labels: "labels: { in-progress: Doing, complete: Done }")))
        XCTAssertTrue(relabelled.contains("Doing") && relabelled.contains("Done"), "\(relabelled)")
        XCTAssertFalse(relabelled.contains("進行中"))
    }

    func testArabicAndPersianCardsWriteTheirOwnDigits() throws {
        for (locale, three) in [("ar-EG", "٣"), ("fa-IR", "۳")] {
            let scene = try LayoutFixture.scene(legendCard(locale: locale))
            let event = try XCTUnwrap(scene.description.first)
            XCTAssertTrue(event.contains(three), "\(locale): \(event)")
            XCTAssertFalse(event.contains("3"), "\(locale): \(event)")
        }
        let german = try XCTUnwrap(try LayoutFixture.scene(legendCard(locale: "de-DE")).description.first)
        XCTAssertTrue(german.hasPrefix("3."), german)
    }

    func testPreviewMoreCountIsInTheCardsWordsAndDigits() {
        var names = DateNames.english
        XCTAssertEqual(names.more(3), "+3 more")
        names.morePattern = "他%d件"
        names.digits = "٠١٢٣٤٥٦٧٨٩"
        XCTAssertEqual(names.more(12), "他١٢件")
    }

    func testDarkHeaderTextIsWhiteOnABlueThatReadsAtFourAndAHalf() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            theme: dark
            cards:
              - header: { title: Release }
                items: [{ title: A }]
            """)
        let title = try XCTUnwrap(texts(scene).first { $0.lines.first?.text == "Release" })
        XCTAssertEqual(title.color, Color.white.rgba)
        let band = try XCTUnwrap(
            scene.nodes.compactMap { node -> RGBA? in
                if case .box(let box) = node, box.rect.y == 0, box.fill?.b ?? 0 > 150 { return box.fill }
                return nil
            }.first)
        let color = Color(red: band.r, green: band.g, blue: band.b)
        XCTAssertGreaterThanOrEqual(Color.white.contrast(with: color), 4.5)
        XCTAssertGreaterThan(color.blue, color.red, "still blue")
    }

    func testTheMonoThemeGivesSectionsGreysUnlessTheCardNamesAColour() throws {
        let card = try LayoutFixture.card(
            """
            version: 1
            theme: mono
            cards:
              - sections: { Mine: "#c0399f" }
                items:
                  - { title: A, section: Design }
                  - { title: B, section: Backend }
                  - { title: C, section: Mine }
            """)
        for section in card.sections where section.name != "Mine" {
            XCTAssertTrue(
                section.color.red == section.color.green && section.color.green == section.color.blue,
                "\(section)")
        }
        XCTAssertEqual(card.sections.first { $0.name == "Mine" }?.color, Color(hex: 0xc0399f))
        XCTAssertNotEqual(card.sections[1].color, card.sections[2].color)
    }

    func testAFeedsPreviewCardShowsItsSubtitleInItsHeaderRowNotAboveIt() throws {
        let document = try DocumentDecoder().decode(
            Data(
                """
                version: 1
                now: 2026-11-21T12:00:00Z
                cards:
                  - id: office
                    title: Office move
                    subtitle: What needs attention
                    layout: preview
                    items: [{ title: Keys, date: 2026-11-25 }]
                """.utf8), file: "test.yaml", baseDirectory: NSTemporaryDirectory())
        let feed = try FeedLayout.scene(for: document, measurer: FakeTextMeasurer()).scene
        let title = try XCTUnwrap(texts(feed).first { $0.lines.first?.text == "Office move" })
        let subtitle = try XCTUnwrap(texts(feed).first { $0.lines.first?.text == "What needs attention" })
        XCTAssertEqual(texts(feed).filter { $0.lines.first?.text == "What needs attention" }.count, 1)
        XCTAssertGreaterThan(subtitle.lines[0].baseline, title.lines[0].baseline, "under its title, in the card")
    }

    func testPreviewColumnsThatShareADayShowTheirTimes() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            now: 2026-11-20T12:00:00Z
            cards:
              - layout: preview
                style: { width: 600 }
                items:
                  - { title: Standup, date: "2026-11-23T09:00:00Z" }
                  - { title: Review, date: "2026-11-23T15:00:00Z" }
                  - { title: Launch, date: "2026-11-25T10:00:00Z" }
            """)
        XCTAssertEqual(
            scene.description.map(\.spaced),
            ["Nov 23, 09:00 — Standup (open)", "Nov 23, 15:00 — Review (open)", "Nov 25 — Launch (open)"])
    }
}

extension String {
    /// No-break spaces (which keep a date on one line) as plain ones, for readable expectations.
    fileprivate var spaced: String { replacingOccurrences(of: "\u{00A0}", with: " ") }
}

/// Rule 2 (issue #50): the Today label never sits on its own line, in a right-to-left card too.
final class TodayLabelClearTests: XCTestCase {
    func testARightToLeftListsTodayLabelSitsBesideItsLine() throws {
        for locale in ["ar-EG", "he", "en"] {
            let scene = try LayoutFixture.scene(
                """
                version: 1
                now: 2026-11-12T12:00:00Z
                locale: \(locale)
                cards:
                  - items:
                      - { title: \(locale == "en" ? "Start" : "البداية"), date: 2026-11-02 }
                      - { title: \(locale == "en" ? "Launch" : "الإطلاق"), date: 2026-11-23 }
                """)
            let dashed = try XCTUnwrap(
                scene.nodes.compactMap { node -> LineNode? in
                    if case .line(let line) = node, !line.stroke.dash.isEmpty { return line } else { return nil }
                }.first)
            let (lineLeft, lineRight) = (min(dashed.from.x, dashed.to.x), max(dashed.from.x, dashed.to.x))
            let label = try XCTUnwrap(
                scene.nodes.compactMap { node -> PlacedLine? in
                    guard case .text(let text) = node, let line = text.lines.first,
                        abs(line.baseline - dashed.from.y) < 12, text.lines.count == 1
                    else { return nil }
                    return line
                }.first, locale)
            let clear = label.x + label.width <= lineLeft + 0.5 || label.x >= lineRight - 0.5
            XCTAssertTrue(clear, "\(locale): label \(label.x)…\(label.x + label.width), line \(lineLeft)…\(lineRight)")
        }
    }
}
/// Rule 2 (issue #50) on a vertical time card: Today at an item's date puts its label above or
/// below the line, never level with that item's row, where it would read as the item's date.
final class TodayLabelRowTests: XCTestCase {
    func testTheTodayLabelLeavesTheRowOfTheItemDueNow() throws {
        let scene = try LayoutFixture.scene(
            """
            version: 1
            now: 2026-11-16T12:00:00Z
            cards:
              - layout: time
                items:
                  - { title: Kickoff, date: 2026-11-02 }
                  - { title: Review, date: "2026-11-16T12:00:00Z" }
                  - { title: Launch, date: 2026-11-30 }
            """)
        let texts = SceneJSON(scene).texts
        let label = try XCTUnwrap(texts.first { $0.text == "Today" })
        let rows = texts.filter { $0.text == "Review" || $0.text.hasPrefix("Nov\u{00A0}16") }
        XCTAssertFalse(rows.isEmpty)
        for row in rows {
            let apart = label.y + label.height <= row.y + 0.5 || row.y + row.height <= label.y + 0.5
            XCTAssertTrue(apart, "Today (\(label.y)…\(label.y + label.height)) on the row of \(row.text) (\(row.y)…)")
        }
    }
}
