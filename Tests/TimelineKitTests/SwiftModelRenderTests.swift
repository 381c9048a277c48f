import Foundation
import Testing
import TimelineKit

/// `TimelineKit.render(_:options:)` with a timeline built in Swift, and `Timeline(decoding:)`.
@Suite struct SwiftModelRenderTests {
    static let card = Card(
        id: "plan", title: "Plan",
        items: [
            Item("Kickoff: \"v2\"", date: "2026-03-02", status: .complete),
            .group("Build", items: [Item("API"), Item("App", status: .inProgress)]),
            Item("Launch", date: "2026-06-01", status: .end, description: "**Public** release"),
        ])

    static let yaml = """
        version: 1
        cards:
          - id: plan
            title: Plan
            items:
              - { title: 'Kickoff: "v2"', date: 2026-03-02, status: complete }
              - title: Build
                items: [{ title: API }, { title: App, status: in-progress }]
              - { title: Launch, date: 2026-06-01, status: end, description: "**Public** release" }
        """

    /// The model draws what the same document written in YAML draws, byte for byte, in every format.
    @Test func aTimelineBuiltInSwiftDrawsAsItsYAML() throws {
        var options = RenderOptions()
        options.formats = [.svg, .png, .pdf]
        let fromSwift = try TimelineKit.render(.timeline(Timeline(cards: [Self.card])), options: options)
        let fromText = try TimelineKit.render(.text(Self.yaml), options: options)
        #expect(fromSwift.images.map(\.name) == ["plan", "plan", "plan"])
        #expect(fromSwift.images.map(\.format) == [.svg, .png, .pdf])
        #expect(fromSwift.images.map(\.data) == fromText.images.map(\.data))
        #expect(try Timeline(decoding: Self.yaml) == Timeline(cards: [Self.card]))
    }

    /// A value only the renderer checks is reported by its key path, every problem at once.
    @Test func badValuesOfTheModelAreReportedByTheirKeys() throws {
        var card = Self.card
        card.items[0].date = "2026-13-01"
        card.items[2].color = "not-a-color"
        do {
            _ = try TimelineKit.render(.timeline(Timeline(cards: [card])))
            Issue.record("rendered a bad timeline")
        } catch RenderFailure.invalidInput(let problems) {
            let messages = problems.map(\.message)
            #expect(messages.count == 2, "\(messages)")
            #expect(messages.contains { $0.hasPrefix("cards[0].items[0].date") })
            #expect(messages.contains { $0.hasPrefix("cards[0].items[2].color") })
        }
    }

    /// A value of the wrong kind stops `Timeline(decoding:)` at its place.
    @Test func decodingReportsAValueOfTheWrongKindAtItsPlace() throws {
        let text = "version: 1\ncards:\n  - id: a\n    items:\n      - title: A\n        items: 3\n"
        do {
            _ = try Timeline(decoding: text, name: "plan.yaml")
            Issue.record("decoded a list from a number")
        } catch RenderFailure.invalidInput(let problems) {
            let problem = try #require(problems.first)
            #expect(problem.file == "plan.yaml")
            #expect(problem.line == 6 && problem.column == 16)
            #expect(problem.message == "cards[0].items[0].items: expected a list")
        }
    }

    /// Scalars take the type the model asks for: YAML's plain `2026` is a title's text and a width's number.
    @Test func plainScalarsTakeTheModelsTypes() throws {
        let timeline = try Timeline(
            decoding:
                "version: 1\nstyle: { width: 320, margins: 12, legend: true }\ncards: [{ items: [{ title: 2026 }] }]")
        #expect(timeline.cards[0].items[0].title == "2026")
        #expect(timeline.style?.width == 320)
        #expect(timeline.style?.margins == [12])
        #expect(timeline.style?.legend == true)
    }

    /// Sections keep the order they are written in, from a mapping and from the list JSON is written with.
    @Test func sectionsKeepTheirOrder() throws {
        let names = ["Zeta", "Alpha", "Mid", "Beta"]
        let yaml =
            "version: 1\ncards: [{ sections: { Zeta: red, Alpha: blue, Mid: teal, Beta: navy }, "
            + "items: [{ title: A }] }]"
        let timeline = try Timeline(decoding: yaml)
        #expect(timeline.cards[0].sections?.map(\.name) == names)
        let again = try JSONDecoder().decode(Timeline.self, from: timeline.formatJSON())
        #expect(again.cards[0].sections?.map(\.name) == names)
    }

    /// A file's rendering names the file and what it read besides (its icons).
    @Test func aFileRenderingListsTheFilesRead() throws {
        let file = Fixtures.file("icons.yaml")
        let rendering = try TimelineKit.render(.file(file))
        #expect(rendering.images.map(\.name) == ["icons"])
        #expect(rendering.filesRead.first == file.path)
        #expect(rendering.filesRead.contains { $0.hasSuffix("icons/rain.png") })
    }
}
