import Foundation
import TimelineModel
import XCTest

@testable import TimelineSpec

/// Mermaid `timeline` diagrams read into documents: every statement of the syntax, the problems
/// with their places, and time linear in the input.
final class MermaidTimelineReaderTests: XCTestCase {
    private func decode(_ text: String, file: String = "t.mmd") throws(DiagnosticsError) -> Document {
        try DocumentDecoder().decode(
            Data(text.utf8), file: file, format: .mermaid, baseDirectory: NSTemporaryDirectory())
    }

    private func problems(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            _ = try decode(text)
            XCTFail("decoded without a problem", file: file, line: line)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func testPeriodsEventsAndContinuationLines() throws {
        let card = try XCTUnwrap(
            decode(
                """
                timeline
                    title History of Social Media Platform
                    2002 : LinkedIn
                    2004 : Facebook : Google
                         : Orkut
                    2005
                """
            ).cards.first)
        XCTAssertEqual(card.header?.title, "History of Social Media Platform")
        XCTAssertEqual(card.direction, .horizontal)
        XCTAssertEqual(card.items.map(\.title), ["2002", "2004", "2005"])
        XCTAssertEqual(card.items.map(\.subtitle), ["LinkedIn", "• Facebook\n• Google\n• Orkut", nil])
        XCTAssertEqual(card.items[1].location?.line, 4)
        XCTAssertEqual(card.id, "t")
        XCTAssertEqual(MermaidTree.cardID(forFile: "<stdin>"), "timeline")
        XCTAssertEqual(MermaidTree.cardID(forFile: "docs/Road Map (v2).mmd"), "road-map--v2")
        XCTAssertEqual(MermaidTree.cardID(forFile: "..."), "timeline")
    }

    func testKeywordsNeedABlankAfterThem() throws {
        let card = try XCTUnwrap(decode("timeline\ntitle: a period\nSection 2 : b\n").cards.first)
        XCTAssertNil(card.header)
        XCTAssertEqual(card.items.map(\.title), ["title"])
        XCTAssertEqual(card.sections.map(\.name), ["2 : b"])
        XCTAssertEqual(card.items.first?.subtitle, "a period")
    }

    func testAColonSeparatesOnlyBeforeABlank() throws {
        let card = try XCTUnwrap(decode("timeline\n2021-10-12 14:00 : Meeting: at 10:30 : Lunch\n").cards.first)
        XCTAssertEqual(card.items.first?.title, "2021-10-12 14:00")
        XCTAssertEqual(card.items.first?.subtitle, "• Meeting\n• at 10:30\n• Lunch")
    }

    func testLineBreakTagsCommentsAndDirections() throws {
        let text = """
            %% a comment before the diagram
            timeline TD
            %% a comment line
            Q1<br>2026 : Plan<BR/>and hire %% a trailing comment
            section Team<br />A
            Q2 : Build
            """
        let card = try XCTUnwrap(decode(text).cards.first)
        XCTAssertEqual(card.direction, .vertical)
        XCTAssertEqual(card.items.first?.title, "Q1\n2026")
        XCTAssertEqual(card.items.first?.subtitle, "Plan\nand hire")
        XCTAssertEqual(card.sections.map(\.name), ["Team\nA"])
        XCTAssertEqual(card.items.last?.title, "Q2")
        XCTAssertEqual(card.items.last?.section, "Team\nA")
        XCTAssertEqual(try decode("timeline LR\n2020 : a").cards.first?.direction, .horizontal)
    }

    func testSectionsAreTheCardsSectionsWithTheirColours() throws {
        let text = """
            timeline
                2019 : Before any section
                section One
                    2020 : a
                    2021 : b
                section Two
                    2022 : c
                section Empty
            """
        let card = try XCTUnwrap(decode(text).cards.first)
        // One item per period, none per section.
        XCTAssertEqual(card.items.map(\.title), ["2019", "2020", "2021", "2022"])
        XCTAssertEqual(card.items.map(\.section), [nil, "One", "One", "Two"])
        XCTAssertEqual(card.sections.map(\.name), ["One", "Two", "Empty"])
        XCTAssertEqual(card.items[1].color, card.sections[0].color)
        XCTAssertEqual(card.items[3].color, card.sections[1].color)
        XCTAssertEqual(card.sections[1].color, MermaidPalette.color(1, theme: .default))
        for color in [card.items[0].color].compactMap({ $0 }) + card.sections.map(\.color) {
            XCTAssertGreaterThanOrEqual(color.contrast(with: .white), 3)
        }
    }

    func testAccessibleTitleAndDescription() throws {
        let card = try XCTUnwrap(
            decode(
                """
                timeline
                accTitle: Short title
                accDescr {
                    First line
                    second line
                }
                2020 : a
                """
            ).cards.first)
        XCTAssertEqual(card.title, "Short title")
        XCTAssertEqual(card.subtitle, "First line\nsecond line")
        XCTAssertEqual(try decode("timeline\naccDescr: One line\n2020").cards.first?.subtitle, "One line")
    }

    func testDirectiveThemeColoursAndWidth() throws {
        let text = """
            %%{init: {'theme': 'dark', 'themeVariables': {'cScale0': '#ff0000', 'cScaleLabel0': '#fff'},
                      'timeline': {'disableMulticolor': true, 'width': 200}}}%%
            timeline
            2020 : a
            2021 : b
            """
        let document = try decode(text)
        let card = try XCTUnwrap(document.cards.first)
        XCTAssertEqual(card.style.background, Color(hex: 0x1c1c1e))
        XCTAssertEqual(card.items.map(\.color), [Color(hex: 0xff0000), Color(hex: 0xff0000)])
        XCTAssertEqual(card.style.width, 480)
        XCTAssertEqual(
            document.notes.map(Self.text),
            ["t.mmd:1:69: note: themeVariables.'cScaleLabel0' is not used by timeline-cards; ignored"])
    }

    func testFrontMatterTitleAndConfig() throws {
        let text = """
            ---
            title: From front matter
            config:
              theme: neutral
              fontFamily: Arial
              timeline:
                width: 300
            ---
            timeline
            2020 : a
            2021 : b
            2022 : c
            """
        let document = try decode(text)
        let card = try XCTUnwrap(document.cards.first)
        XCTAssertEqual(card.header?.title, "From front matter")
        XCTAssertEqual(card.style.width, 940)
        XCTAssertEqual(card.style.nodeColor, Color(hex: 0x000000))
        XCTAssertEqual(
            document.notes.map(Self.text), ["t.mmd:5:3: note: 'fontFamily' is not used by timeline-cards; ignored"])
    }

    func testEveryThemeName() throws {
        for theme in MermaidConfig.Theme.allCases {
            let document = try decode("%%{init: {\"theme\": \"\(theme.rawValue)\"}}%%\ntimeline\n2020 : a\n")
            XCTAssertEqual(document.cards.count, 1, theme.rawValue)
            XCTAssertTrue(document.notes.isEmpty, "\(theme): \(document.notes)")
        }
        let notes = try decode("%%{init: {\"theme\": \"purple\"}}%%\ntimeline\n2020\n").notes
        XCTAssertEqual(notes.count, 1)
    }

    func testProblemsWithTheirPlaces() {
        XCTAssertEqual(
            problems("flowchart LR\n  A --> B\n"),
            ["t.mmd:1:1: error: only Mermaid timeline diagrams are read; this diagram is 'flowchart', not 'timeline'"])
        XCTAssertEqual(
            problems("timeline\n  : orphan event\n  title\n  2020 : a :  \n"),
            [
                "t.mmd:2:3: error: ': event' continues a time period, but no period comes before it",
                "t.mmd:3:3: error: 'title' needs a text after it",
                "t.mmd:4:12: error: the event after ':' is empty",
            ])
        XCTAssertEqual(
            problems("timeline RL\n2020\n"),
            ["t.mmd:1:10: error: a timeline's direction is LR (left to right) or TD (top down), not 'RL'"])
        XCTAssertEqual(
            problems("%% only a comment\n"),
            ["t.mmd:1:1: error: not a Mermaid diagram: the file has no 'timeline' line"])
        XCTAssertEqual(
            problems("---\ntitle: x\ntimeline\n"),
            ["t.mmd:1:1: error: the front matter opened with '---' is never closed with '---'"])
        XCTAssertEqual(
            problems("timeline\naccDescr {\n never closed\n"),
            ["t.mmd:2:1: error: 'accDescr {' is never closed with '}'"])
        XCTAssertEqual(problems("%%{init: {\n"), ["t.mmd:1:1: error: the directive '%%{' is never closed with '}%%'"])
        XCTAssertEqual(problems("%%{init: {'theme': 'dark'}%%\ntimeline\n").first?.contains("started at 1:3"), true)
    }

    func testTextLimitsAndControlCharactersAreTheFormats() {
        var limits = Limits()
        limits.maxTextLength = 10
        do {
            _ = try DocumentDecoder(limits: limits).decode(
                Data("timeline\n2020 : an event longer than ten\n".utf8), file: "t.mmd", format: .mermaid,
                baseDirectory: NSTemporaryDirectory())
            XCTFail("decoded")
        } catch {
            XCTAssertEqual(error.diagnostics.first?.line, 2)
            XCTAssertEqual(error.diagnostics.first?.column, 8)
        }
        XCTAssertEqual(problems("timeline\n2020\u{0} : a\n").count, 1)
    }

    func testLineEndingsAndByteOrderMark() throws {
        let card = try XCTUnwrap(decode("\u{FEFF}timeline\r\n2020 : a\r2021 : b\r\n").cards.first)
        XCTAssertEqual(card.items.map(\.title), ["2020", "2021"])
        XCTAssertEqual(card.items[1].location?.line, 3)
    }

    func testSniffingAndDiagramKind() {
        XCTAssertEqual(InputFormat(sniffing: Array("%% c\ntimeline\n2020\n".utf8)), .mermaid)
        XCTAssertEqual(InputFormat(sniffing: Array("version: 1\n".utf8)), .yaml)
        XCTAssertEqual(InputFormat(fileName: "a.MMD"), .mermaid)
        XCTAssertTrue(InputFormat.isMermaidTimeline("---\nconfig: {}\n---\n%%{init: {}}%%\ntimeline TD\n"))
        XCTAssertFalse(InputFormat.isMermaidTimeline("flowchart LR\n  A --> B\n"))
        XCTAssertTrue(InputFormat.isMermaidTimeline("%%{\n  init: {'theme': 'dark'}\n}%%\ntimeline\n"))
    }

    func testConvertWritesYAMLThatDecodesToTheSameCard() throws {
        let text = """
            ---
            config: { theme: dark }
            ---
            timeline TD
                title "Quoted" \\ and <b>markup</b>
                section A
                    2020 : one : two
                2021 : three
            """
        let yaml = try MermaidConversion.yaml(Array(text.utf8), file: "t.mmd", baseDirectory: NSTemporaryDirectory())
        let fromYAML = try DocumentDecoder().decode(
            Data(yaml.utf8), file: "t.mmd", format: .yaml, baseDirectory: NSTemporaryDirectory())
        var fromMermaid = try decode(text)
        fromMermaid.notes = []
        XCTAssertEqual(
            fromYAML.cards.map { $0.items.map(Self.withoutPlace) },
            fromMermaid.cards.map { $0.items.map(Self.withoutPlace) })
        XCTAssertEqual(fromYAML.cards.first?.style, fromMermaid.cards.first?.style)
        XCTAssertEqual(fromYAML.cards.first?.header?.title, "\"Quoted\" \\ and <b>markup</b>")
    }

    private static func text(_ note: ReadingNote) -> String {
        Diagnostic(note.location, note.message).noteDescription
    }

    private static func withoutPlace(_ item: Item) -> Item {
        var item = item
        item.location = nil
        item.children = item.children?.map(withoutPlace)
        return item
    }

    /// The reading's work, counted rather than timed: every scalar stepped over once, and each
    /// directive read on its own, never with the lines before it (a directive after 50,000 lines
    /// once handed the YAML reader 50,000 lines of padding).
    func testWorkIsLinearInTheInput() {
        func work(_ periods: Int) -> (work: Int, length: Int, periods: Int) {
            var text = "timeline\n"
            for index in 0..<periods { text += "section S\(index)\n  \(index) : event : other\n  : more\n" }
            text += "accDescr {\n" + String(repeating: "  a line of the description\n", count: periods) + "}\n"
            for _ in 0..<8 { text += "%%{init: {'theme': 'dark', 'timeline': {'width': 200}}}%%\n" }
            let read = MermaidTimelineReader(file: "t", limits: Limits()).readCountingWork(text)
            return (read.work, text.unicodeScalars.count, read.timeline.periods.count)
        }
        for periods in [10, 1_000, 50_000] {
            let read = work(periods)
            XCTAssertEqual(read.periods, periods)
            XCTAssertLessThanOrEqual(read.work, read.length + 8 * 80, "\(periods) periods")
            XCTAssertGreaterThanOrEqual(read.work, read.length)
        }
    }
}
