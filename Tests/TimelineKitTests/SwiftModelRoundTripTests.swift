import Foundation
import Testing
import TimelineKit
import TimelineModel
import TimelineSpec

/// The Swift model against the format: every fixture read into `Timeline`, written back as JSON
/// and decoded again draws what the fixture draws; the model holds every key the format has.
@Suite struct SwiftModelRoundTripTests {
    /// A fixture's resolved document, without the places its parts were read at (which differ
    /// between the fixture and the JSON written from the model).
    static func placeless(_ document: TimelineModel.Document) -> TimelineModel.Document {
        func strip(_ item: TimelineModel.Item) -> TimelineModel.Item {
            var item = item
            item.location = nil
            item.children = item.children?.map(strip)
            return item
        }
        var document = document
        document.source = ""
        document.notes = []
        document.fontsNamed = document.fontsNamed.map {
            FontNamed(
                value: $0.value, isDescription: $0.isDescription, key: $0.key,
                location: SourceLocation(file: "", line: 0, column: 0))
        }
        document.icons = document.icons.mapValues { icon in
            var icon = icon
            icon.location = SourceLocation(file: "", line: 0, column: 0)
            return icon
        }
        document.cards = document.cards.map { card in
            var card = card
            card.location = nil
            card.items = card.items.map(strip)
            return card
        }
        return document
    }

    static func decode(_ data: Data, file: String, format: InputFormat?) throws -> TimelineModel.Document {
        try DocumentDecoder(limits: Limits()).decode(
            data, file: file, format: format, baseDirectory: Fixtures.folder.path)
    }

    @Test(arguments: Fixtures.names)
    func fixtureSurvivesTheSwiftModel(_ name: String) throws {
        let file = Fixtures.file(name)
        let data = try Data(contentsOf: file)
        let format = InputFormat(fileName: name)
        let original = try Self.decode(data, file: name, format: format)
        let timeline = try Timeline(decoding: String(decoding: data, as: UTF8.self), name: name, format: format)
        let json = try timeline.formatJSON()
        #expect(try JSONDecoder().decode(Timeline.self, from: json) == timeline, "JSONDecoder reads what it wrote")
        // A Mermaid card is named by its file, as its JSON's card id now says.
        let again = try Self.decode(json, file: name, format: .json)
        let same = Self.placeless(again) == Self.placeless(original)
        #expect(same, "draws otherwise from the JSON written:\n\(String(decoding: json, as: UTF8.self))")
    }

    /// A new key of the format (FormatSchema) must be a property of the model too, or a Swift user
    /// could not write it: every object's keys against what the model encodes when all are set.
    @Test func theModelHoldsEveryKeyOfTheFormat() throws {
        let full = try Timeline(decoding: Self.everyKey)
        let object = try #require(try JSONSerialization.jsonObject(with: full.formatJSON()) as? [String: Any])
        func keys(_ value: Any?) -> Set<String> { Set((value as? [String: Any])?.keys.map { $0 } ?? []) }
        let card = (object["cards"] as? [[String: Any]])?.first
        let item = (card?["items"] as? [[String: Any]])?.first
        let style = object["style"] as? [String: Any]
        #expect(keys(object) == Set(FormatSchema.document.keyNames).subtracting(["$schema"]))
        #expect(keys(card) == Set(FormatSchema.card.keyNames))
        #expect(keys(item) == Set(FormatSchema.item.keyNames))
        #expect(keys(style) == Set(FormatSchema.style.keyNames))
        #expect(keys(style?["border"]) == Set(FormatSchema.border.keyNames))
        #expect(keys(style?["shadow"]) == Set(FormatSchema.shadow.keyNames))
        #expect(keys(card?["header"]) == Set(FormatSchema.header.keyNames))
        #expect(keys(card?["footer"]) == Set(FormatSchema.footer.keyNames))
        #expect(keys(object["feed"]) == Set(FormatSchema.feed.keyNames))
        #expect(keys(object["labels"]) == Set(FormatSchema.labels.keyNames))
    }

    /// Every key of the format set once (values need only be of the right kind here).
    static let everyKey = """
        version: 1
        now: 2026-01-01
        timeZone: UTC
        theme: default
        locale: en
        labels:
          { today: Today, more: '+%d', before-start: a, start: b, open: c, in-progress: d, complete: e,
            inactive: f, early-end: g, before-end: h, end: i }
        feed: { spacing: 1, margins: 2, background: red, titleColor: red, subtitleColor: red }
        style:
          width: 1
          background: red
          border: { color: red, width: 1 }
          cornerRadius: 1
          margins: [1, 2]
          lineColor: red
          lineWidth: 1
          shape: circle
          shapeSize: 1
          groupShapeSize: 1
          subShapeSize: 1
          nodeColor: red
          overdueColor: red
          itemSpacing: 1
          groupPadding: 1
          nestIndent: 1
          eventColumnWidth: 1
          statusColumnWidth: 1
          font: Inter
          titleFont: Inter 14
          subtitleFont: Inter 12
          titleColor: red
          subtitleColor: red
          eventColor: red
          iconScale: 1
          eventFormat: HH
          dayFormat: dd
          maxTitleLines: 1
          columns: 1
          maxGap: 1
          dayScale: 1
          maxLength: 100
          axis: grid
          today: none
          legend: true
          shadow: { color: red, blur: 1, offset: [1, 2] }
          textDirection: ltr
        cards:
          - id: a
            title: t
            subtitle: s
            attribute: a
            header: { title: t, subtitle: s, background: red, color: red }
            footer: { text: t, background: red, color: red }
            layout: list
            direction: vertical
            groupBy: none
            style: { width: 1 }
            locale: en
            labels: { today: Today }
            sections: { A: red }
            items:
              - title: t
                subtitle: s
                date: 2026-01-01
                end: 2026-01-02
                event: e
                status: complete
                shape: ring
                color: red
                icon: i.png
                attribute: a
                subAttribute: s
                statusText: s
                subStatusText: s
                link: https://example.com
                textDirection: rtl
                items: [{ title: c }]
                section: A
                description: d
        """
}
