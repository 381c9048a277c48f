import Foundation
import TimelineModel
import TimelineTestSupport
import XCTest

@testable import TimelineSpec

/// Every key of the format decodes to the model value it names; JSON and YAML agree.
final class DecoderTests: XCTestCase {
    static let folder: URL = {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "decoder-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(
            at: url.appendingPathComponent("icons"), withIntermediateDirectories: true)
        try? Data(TestIcons.onePixelPNG).write(to: url.appendingPathComponent("icons/rain.png"))
        return url
    }()

    static let yaml = """
        $schema: ../docs/timeline.schema.json
        version: 1
        now: 2026-11-21T12:00:00Z
        theme: dark
        style:
          width: 500
          background: "#fff"
          border: { color: red, width: 2 }
          cornerRadius: 8
          margins: [10, 20]
          lineColor: "#11223344"
          lineWidth: 3
          shape: hexagon
          shapeSize: 12
          groupShapeSize: 22
          subShapeSize: 8
          nodeColor: "#0a6ed1"
          overdueColor: crimson
          itemSpacing: 18
          groupPadding: 6
          nestIndent: 14
          eventColumnWidth: 60
          statusColumnWidth: 90
          font: DejaVu Sans
          titleFont: Inter Bold 15
          subtitleFont: Inter 11
          titleColor: "#111"
          subtitleColor: "#222"
          eventColor: "#333"
          iconScale: 0.5
          eventFormat: HH:mm
          dayFormat: "EEE dd"
          maxTitleLines: 2
          columns: 3
          maxGap: 100
          dayScale: 30
          shadow: { color: "#00000028", blur: 6, offset: [1, 3] }
        feed:
          spacing: 24
          margins: [1, 2, 3, 4]
          background: "#f2f2f7"
        cards:
          - id: release-2
            title: Release 2.0
            subtitle: Q3 plan
            header: { title: Head, subtitle: Sub, background: "#5b2a86", color: "#fff" }
            footer: { text: Foot, background: "#eee", color: "#555" }
            layout: time
            direction: horizontal
            groupBy: day
            style: { width: 400, cornerRadius: 0 }
            items:
              - title: Design review
                subtitle: UX team
                date: 2026-11-02T09:45:00+01:00
                end: 2026-11-04
                event: "9:45\\nAM"
                status: in-progress
                shape: diamond
                color: "#0a6ed1"
                icon: icons/rain.png
                attribute: Work package
                subAttribute: WP-12
                statusText: Active
                subStatusText: 3 days left
                link: https://example.com/a?b=1&c=2
                textDirection: rtl
              - title: Group
                date: 2026-11-05
                items:
                  - { title: Child, date: 2026-11-05, status: complete }
          - items:
              - title: Second card

        """

    static let json = """
        {
          "$schema": "../docs/timeline.schema.json",
          "version": 1,
          "now": "2026-11-21T12:00:00Z",
          "theme": "dark",
          "style": {
            "width": 500, "background": "#fff", "border": {"color": "red", "width": 2}, "cornerRadius": 8,
            "margins": [10, 20], "lineColor": "#11223344", "lineWidth": 3, "shape": "hexagon", "shapeSize": 12,
            "groupShapeSize": 22, "subShapeSize": 8, "nodeColor": "#0a6ed1", "overdueColor": "crimson",
            "itemSpacing": 18, "groupPadding": 6, "nestIndent": 14, "eventColumnWidth": 60, "statusColumnWidth": 90,
            "font": "DejaVu Sans", "titleFont": "Inter Bold 15", "subtitleFont": "Inter 11", "titleColor": "#111",
            "subtitleColor": "#222", "eventColor": "#333", "iconScale": 0.5, "eventFormat": "HH:mm",
            "dayFormat": "EEE dd", "maxTitleLines": 2, "columns": 3, "maxGap": 100, "dayScale": 30,
            "shadow": {"color": "#00000028", "blur": 6, "offset": [1, 3]}
          },
          "feed": {"spacing": 24, "margins": [1, 2, 3, 4], "background": "#f2f2f7"},
          "cards": [
            {
              "id": "release-2", "title": "Release 2.0", "subtitle": "Q3 plan",
              "header": {"title": "Head", "subtitle": "Sub", "background": "#5b2a86", "color": "#fff"},
              "footer": {"text": "Foot", "background": "#eee", "color": "#555"},
              "layout": "time", "direction": "horizontal", "groupBy": "day",
              "style": {"width": 400, "cornerRadius": 0},
              "items": [
                {
                  "title": "Design review", "subtitle": "UX team", "date": "2026-11-02T09:45:00+01:00",
                  "end": "2026-11-04", "event": "9:45\\nAM", "status": "in-progress", "shape": "diamond",
                  "color": "#0a6ed1", "icon": "icons/rain.png", "attribute": "Work package", "subAttribute": "WP-12",
                  "statusText": "Active", "subStatusText": "3 days left", "link": "https://example.com/a?b=1&c=2",
                  "textDirection": "rtl"
                },
                {"title": "Group", "date": "2026-11-05", "items": [{"title": "Child", \
            "date": "2026-11-05", "status": "complete"}]}
              ]
            },
            {"items": [{"title": "Second card"}]}
          ]
        }

        """

    private func decode(_ text: String, format: InputFormat) throws -> Document {
        do {
            return try DocumentDecoder().decode(
                Data(text.utf8), file: "doc", format: format, baseDirectory: Self.folder.path)
        } catch {
            XCTFail(error.description)
            throw error
        }
    }

    func testEveryDocumentAndStyleKeyDecodes() throws {
        let document = try decode(Self.yaml, format: .yaml)
        XCTAssertEqual(document.version, 1)
        // Shown in the display zone: the offset of the first date-time written (+01:00).
        XCTAssertEqual(document.now, DateValue(instant: 1_795_262_400, utcOffset: 3600, isDay: false))
        XCTAssertEqual(document.feed.spacing, 24)
        XCTAssertEqual(document.feed.margins, Insets(top: 1, right: 2, bottom: 3, left: 4))
        XCTAssertEqual(document.feed.background, Color(hex: 0xf2f2f7))
        XCTAssertNil(document.feed.titleColor, "unset: layout takes the style's title color, made readable on the feed")

        let style = try XCTUnwrap(document.cards.last).style
        XCTAssertEqual(style.width, 500)
        XCTAssertEqual(style.background, Color(hex: 0xffffff))
        XCTAssertEqual(style.border, Style.Border(color: Color(hex: 0xff0000), width: 2))
        XCTAssertEqual(style.cornerRadius, 8)
        XCTAssertEqual(style.margins, Insets(top: 10, right: 20, bottom: 10, left: 20))
        XCTAssertEqual(style.lineColor, Color(hex: 0x112233, alpha: 0x44))
        XCTAssertEqual(style.lineWidth, 3)
        XCTAssertEqual(style.shape, .hexagon)
        XCTAssertEqual([style.shapeSize, style.groupShapeSize, style.subShapeSize], [12, 22, 8])
        XCTAssertEqual(style.nodeColor, Color(hex: 0x0a6ed1))
        XCTAssertEqual(style.overdueColor, Color(hex: 0xdc143c))
        XCTAssertEqual([style.itemSpacing, style.groupPadding, style.nestIndent], [18, 6, 14])
        XCTAssertEqual([style.eventColumnWidth, style.statusColumnWidth], [60, 90])
        XCTAssertEqual(style.font, "DejaVu Sans")
        XCTAssertEqual(style.titleFont, "Inter Bold 15")
        XCTAssertEqual(style.subtitleFont, "Inter 11")
        XCTAssertEqual(
            [style.titleColor, style.subtitleColor, style.eventColor],
            [Color(hex: 0x111111), Color(hex: 0x222222), Color(hex: 0x333333)])
        XCTAssertEqual(style.iconScale, 0.5)
        XCTAssertEqual(style.eventFormat, "HH:mm")
        XCTAssertEqual(style.dayFormat, "EEE dd")
        XCTAssertEqual(style.maxTitleLines, 2)
        XCTAssertEqual(style.columns, 3)
        XCTAssertEqual(style.maxGap, 100)
        XCTAssertEqual(style.dayScale, 30)
        XCTAssertEqual(style.shadow, Style.Shadow(color: Color(hex: 0, alpha: 0x28), blur: 6, offsetX: 1, offsetY: 3))
    }

    func testEveryCardAndItemKeyDecodes() throws {
        let document = try decode(Self.yaml, format: .yaml)
        XCTAssertEqual(document.cards.count, 2)
        let card = document.cards[0]
        XCTAssertEqual(card.id, "release-2")
        XCTAssertEqual(card.title, "Release 2.0")
        XCTAssertEqual(card.subtitle, "Q3 plan")
        XCTAssertEqual(
            card.header,
            Band(title: "Head", subtitle: "Sub", background: Color(hex: 0x5b2a86), color: Color(hex: 0xffffff)))
        XCTAssertEqual(
            card.footer,
            Band(title: "Foot", subtitle: nil, background: Color(hex: 0xeeeeee), color: Color(hex: 0x555555)))
        XCTAssertEqual(card.layout, .time)
        XCTAssertEqual(card.direction, .horizontal)
        XCTAssertEqual(card.groupBy, .day)
        XCTAssertEqual(card.style.width, 400, "the card's style is over the document's")
        XCTAssertEqual(card.style.cornerRadius, 0)
        XCTAssertEqual(card.style.lineWidth, 3)
        XCTAssertEqual(card.now, document.now)
        XCTAssertEqual(card.location?.line, 43)
        XCTAssertEqual(document.cards[1].id, "card-2", "ids default to card-N")

        let item = card.items[0]
        XCTAssertEqual(item.title, "Design review")
        XCTAssertEqual(item.subtitle, "UX team")
        XCTAssertEqual(item.date, DateValue(instant: 1_793_609_100, utcOffset: 3600, isDay: false))
        // A bare day stays that calendar day, from midnight in the display zone.
        XCTAssertEqual(item.end, DateValue(instant: 1_793_750_400 - 3600, utcOffset: 3600, isDay: true))
        XCTAssertEqual(item.event, "9:45\nAM")
        XCTAssertEqual(item.status, .inProgress)
        XCTAssertEqual(item.shape, .diamond)
        XCTAssertEqual(item.color, Color(hex: 0x0a6ed1))
        let iconPath = Self.folder.appendingPathComponent("icons/rain.png").resolvingSymlinksInPath().path
        XCTAssertEqual(item.icon, iconPath)
        XCTAssertEqual(document.icons[iconPath]?.bytes, TestIcons.onePixelPNG, "read once, while decoding")
        XCTAssertEqual(document.icons[iconPath]?.kind, .png)
        XCTAssertEqual(item.attribute, "Work package")
        XCTAssertEqual(item.subAttribute, "WP-12")
        XCTAssertEqual(item.statusText, "Active")
        XCTAssertEqual(item.subStatusText, "3 days left")
        XCTAssertEqual(item.link, "https://example.com/a?b=1&c=2")
        XCTAssertEqual(item.textDirection, .rtl)
        XCTAssertNil(item.children)

        let group = card.items[1]
        XCTAssertEqual(group.status, .open, "status defaults to open")
        XCTAssertEqual(group.children?.map(\.title), ["Child"])
        XCTAssertEqual(group.children?.first?.status, .complete)
        XCTAssertTrue(group.isGroup)
    }

    func testJSONAndYAMLOfTheSameDocumentDecodeEqual() throws {
        let fromYAML = try decode(Self.yaml, format: .yaml)
        let fromJSON = try decode(Self.json, format: .json)
        XCTAssertEqual(Self.withoutLocations(fromJSON), Self.withoutLocations(fromYAML))
        XCTAssertEqual(fromJSON.cards[0].items[0].location?.line, 25, "JSON keeps its own places")
    }

    func testBOMAndCRLFDecodeLikePlainText() throws {
        let plain = try decode(Self.yaml, format: .yaml)
        let windows = try decode("\u{FEFF}" + Self.yaml.replacingOccurrences(of: "\n", with: "\r\n"), format: .yaml)
        XCTAssertEqual(windows, plain, "same values and same line numbers")
    }

    func testThemesApplyUnderTheDocumentStyle() throws {
        let dark = try decode("version: 1\ntheme: dark\ncards: [{items: [{title: a}]}]\n", format: .yaml)
        XCTAssertEqual(dark.cards[0].style.background, Color(hex: 0x1c1c1e))
        XCTAssertEqual(dark.feed.background, Color(hex: 0x000000))
        let overridden = try decode(
            "version: 1\ntheme: dark\nstyle: {background: white}\ncards: [{items: [{title: a}]}]\n", format: .yaml)
        XCTAssertEqual(overridden.cards[0].style.background, Color(hex: 0xffffff))
    }

    /// Places differ between the two syntaxes; everything else must not.
    static func withoutLocations(_ document: Document) -> Document {
        var copy = document
        func strip(_ items: inout [Item]) {
            for index in items.indices {
                items[index].location = nil
                if var children = items[index].children {
                    strip(&children)
                    items[index].children = children
                }
            }
        }
        for index in copy.cards.indices {
            copy.cards[index].location = nil
            strip(&copy.cards[index].items)
        }
        // The fonts named, without their places (each format's own).
        for index in copy.fontsNamed.indices {
            copy.fontsNamed[index].location = SourceLocation(file: "", line: 0, column: 0)
        }
        for path in copy.icons.keys {
            copy.icons[path]?.location = SourceLocation(file: "", line: 0, column: 0)
        }
        return copy
    }
}
