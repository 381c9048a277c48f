import Foundation
import TimelineModel
import XCTest

@testable import TimelineSpec

/// The grammar as Mermaid's lexer reads it (keywords in any case, `#` comments, `<br>` with blanks
/// around it), Mermaid's own parser spec cases, and section colours a reader can tell apart.
final class MermaidGrammarTests: XCTestCase {
    private func decode(_ text: String, file: String = "t.mmd") throws(DiagnosticsError) -> Document {
        try DocumentDecoder().decode(
            Data(text.utf8), file: file, format: .mermaid, baseDirectory: NSTemporaryDirectory())
    }

    func testKeywordsInAnyCase() throws {
        let card = try XCTUnwrap(
            decode("TimeLine td\nTITLE Upper case\nSection One\n2020 : a\nACCTITLE: Short\nAccDescr: Long\n").cards
                .first)
        XCTAssertEqual(card.direction, .vertical)
        XCTAssertEqual(card.header?.title, "Upper case")
        XCTAssertEqual(card.sections.map(\.name), ["One"])
        XCTAssertEqual(card.items.map(\.title), ["2020"])
        XCTAssertEqual(card.title, "Short")
        XCTAssertEqual(card.subtitle, "Long")
        XCTAssertTrue(InputFormat.isMermaidTimeline("%% c\nTIMELINE\n2020\n"))
        XCTAssertEqual(InputFormat(sniffing: Array("# c\nTimeline\n2020\n".utf8)), .mermaid)
    }

    func testHashCommentLinesAndAHashInAPeriod() throws {
        let text = """
            # a comment before the diagram
            timeline
                # a comment line is not a period
                2020 # the rest of the line is a comment : not an event
                2021 : an event keeps its #hashtag
                title A #1 title
            """
        let card = try XCTUnwrap(decode(text).cards.first)
        XCTAssertEqual(card.items.map(\.title), ["2020", "2021"])
        XCTAssertEqual(card.items.map(\.subtitle), [nil, "an event keeps its #hashtag"])
        XCTAssertEqual(card.header?.title, "A #1 title")
    }

    func testBlanksAroundALineBreakAreTrimmed() throws {
        let card = try XCTUnwrap(decode("timeline\nQ1 <br> 2026 : Plan  <br/>  and hire\n").cards.first)
        XCTAssertEqual(card.items.first?.title, "Q1\n2026")
        XCTAssertEqual(card.items.first?.subtitle, "Plan\nand hire")
    }

    func testEventsOfAPeriodAreBulletedOneUnderAnother() throws {
        let card = try XCTUnwrap(decode("timeline\n2020 : one\n2021 : a : b\n  : c<br>d\n").cards.first)
        XCTAssertEqual(card.items.map(\.subtitle), ["one", "• a\n• b\n• c\nd"])
    }

    /// Mermaid's own parser cases (fixtures/mermaid-spec, MIT): what its spec expects of each.
    func testMermaidsOwnParserSpecCases() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fixtures/mermaid-spec")
        func card(_ name: String) throws -> Card {
            let url = folder.appendingPathComponent("\(name).mmd")
            let document = try DocumentDecoder().decode(
                Data(contentsOf: url), file: url.lastPathComponent, format: .mermaid, baseDirectory: folder.path)
            return try XCTUnwrap(document.cards.first)
        }
        func periods(_ card: Card) -> [String] { card.items.compactMap(\.title) }
        func events(_ item: Item) -> [String] {
            (item.subtitle ?? "").split(separator: "\n").map {
                $0.hasPrefix("• ") ? String($0.dropFirst(2)) : String($0)
            }
        }

        XCTAssertEqual(try card("TL-1").sections.map(\.name), ["abc-123"])
        let two = try card("TL-2")
        XCTAssertEqual(periods(two), ["task1", "task2"])
        XCTAssertEqual(two.items.map(\.section), ["abc-123", "abc-123"])
        let three = try card("TL-3")
        XCTAssertEqual(three.sections.map(\.name), ["abc-123", "abc-456"])
        XCTAssertEqual(three.items.map(\.section), ["abc-123", "abc-123", "abc-456", "abc-456"])
        XCTAssertEqual(periods(three), ["task1", "task2", "task3", "task4"])
        let four = try card("TL-4")
        XCTAssertEqual(four.sections.first?.name, "abc-123")
        XCTAssertEqual(four.items.map(events), [["event1"], ["event2", "event3"]])
        let five = try card("TL-5")
        XCTAssertEqual(five.items.map(events), [["event1"], ["event2", "event3", "event4", "event5"]])
        let six = try card("TL-6")
        XCTAssertEqual(six.header?.title, "#my#title#")
        XCTAssertEqual(six.sections.map(\.name), ["#a#bc-123#"])
        XCTAssertEqual(periods(six), ["task1"])
        XCTAssertEqual(six.items.first.map(events), ["#ev#ent1#", "#ev#ent2#", "#ev#ent3#"])
    }

    func testWrittenSectionColoursAreHeldTo3To1AndKeptApart() throws {
        let text = """
            %%{init: {'themeVariables': {'cScale0': '#00ff00', 'cScale1': '#00ff08', 'cScale2': '#ffff00'}}}%%
            timeline
                section Lime
                    2020 : a
                section Also lime
                    2021 : b
                section Yellow
                    2022 : c
            """
        let card = try XCTUnwrap(decode(text).cards.first)
        let colours = card.sections.map(\.color)
        for colour in colours { XCTAssertGreaterThanOrEqual(colour.contrast(with: .white), 3, "\(colour)") }
        for (first, second) in zip(colours, colours.dropFirst()) {
            XCTAssertGreaterThanOrEqual(
                MermaidColorDistance.distance(first, second), MermaidColorDistance.minimum, "\(first) \(second)")
        }
        // Within its hue: lime stays green.
        let (hue, _, _) = MermaidColorDistance.hsl(colours[0])
        XCTAssertEqual(hue, 120, accuracy: 1)
    }

    func testEveryThemesSectionsAreVisibleAndApart() throws {
        for theme in MermaidConfig.Theme.allCases {
            var text = "%%{init: {'theme': '\(theme.rawValue)'}}%%\ntimeline\n"
            for index in 0..<12 { text += "section S\(index)\n  P\(index) : e\n" }
            let card = try XCTUnwrap(decode(text).cards.first)
            let colours = card.sections.map(\.color)
            for colour in colours {
                XCTAssertGreaterThanOrEqual(colour.contrast(with: card.style.background), 3, "\(theme) \(colour)")
            }
            for (first, second) in zip(colours, colours.dropFirst()) {
                XCTAssertGreaterThanOrEqual(
                    MermaidColorDistance.distance(first, second), MermaidColorDistance.minimum - 0.001,
                    "\(theme): \(first) beside \(second)")
            }
        }
        XCTAssertGreaterThan(MermaidColorDistance.minimum, 10, "neighbouring default hues are visibly apart")
    }

    func testEveryThemeHasAHeaderOfItsOwnWithReadableText() throws {
        var backgrounds: Set<Color> = []
        for theme in MermaidConfig.Theme.allCases {
            let card = try XCTUnwrap(
                decode("%%{init: {'theme': '\(theme.rawValue)'}}%%\ntimeline\ntitle T\n2020\n").cards.first)
            let header = try XCTUnwrap(card.header)
            let band = header.background
            let text = try XCTUnwrap(header.color)
            XCTAssertGreaterThanOrEqual(text.contrast(with: band), 4.5, "\(theme)")
            backgrounds.insert(band)
        }
        XCTAssertEqual(backgrounds.count, MermaidConfig.Theme.allCases.count, "each theme's header is its own")
        let forest = MermaidPalette.header(.forest).background
        let (hue, _, _) = MermaidColorDistance.hsl(forest)
        XCTAssertTrue((60...150).contains(hue), "forest's header is green")
    }
}
