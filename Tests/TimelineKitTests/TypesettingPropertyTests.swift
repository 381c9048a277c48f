import Foundation
import Testing
import TimelineBreaks
import TimelineCommandSupport
import TimelineKit
import TimelineScene
import TimelineTestSupport

/// Issue #48, items 4 and 5: seeded realistic cards in English, German, Japanese and Korean,
/// rendered by the real measurer at the narrowest width their refusal names, break as a
/// typesetter would: every word whole or broken at a point of its language's dictionary, no
/// date or time split from its day or AM/PM, no line starting with a range's dash, Korean
/// words whole, no CJK character alone on a line.
@Suite struct TypesettingPropertyTests {
    private static let phrases: [String: [String]] = [
        "en-US": [
            "Purchase requisition approved", "Design review with stakeholders", "Run --engine=pcre2 on staging",
            "Internationalization rollout", "Kickoff meeting", "Launch", "Standup on Sep 10, 8:15 AM",
            "Update snake_case_settings in config.yaml", "Read https://example.com/docs/release-notes",
        ],
        "de-DE": [
            "Anforderungsanalyse abgeschlossen", "Datenschutzfolgenabschätzung",
            "Inbetriebnahme der Produktionsumgebung",
            "Abnahmeprüfung", "Sicherheitsüberprüfung und Freigabe", "Projektstart",
        ],
        "ja": ["新製品発表会の準備", "設計レビュー", "要件定義書の作成と承認", "本番環境への移行", "発表"],
        "ko": ["첫 프로젝트 출시", "요구사항 분석 완료", "보안 점검 및 배포", "디자인 검토 회의", "출시"],
    ]
    private static let statuses: [String: String] = [
        "en-US": "Waiting for approval", "de-DE": "Wartet auf Freigabe", "ja": "承認待ち", "ko": "승인 대기 중",
    ]

    private static func card(_ random: inout SeededGenerator, locale: String) -> String {
        let phrases = Self.phrases[locale]!
        var items: [String] = []
        for index in 0..<(2 + Int.random(in: 0..<4, using: &random)) {
            let day = 1 + Int.random(in: 0..<27, using: &random)
            var fields = [
                "title: \"\(phrases.randomElement(using: &random)!)\"",
                "date: \"2026-\(10 + index % 3)-\(day < 10 ? "0" : "")\(day)\"",
            ]
            if Int.random(in: 0..<3, using: &random) == 0 {
                fields.append("end: \"2027-01-1\(Int.random(in: 0..<9, using: &random))\"")
            }
            if Int.random(in: 0..<2, using: &random) == 0 { fields.append("statusText: \"\(Self.statuses[locale]!)\"") }
            if Int.random(in: 0..<3, using: &random) == 0 {
                fields.append("subtitle: \"\(phrases.randomElement(using: &random)!)\"")
            }
            items.append("      - { \(fields.joined(separator: ", ")) }")
        }
        return "version: 1\nlocale: \(locale)\ncards:\n  - items:\n" + items.joined(separator: "\n") + "\n"
    }

    @Test func cardsAtTheirNarrowestWidthBreakAsATypesetterWould() throws {
        var random = SeededGenerator(seed: 48)
        var options = RenderOptions()
        options.formats = [.scene]
        let renderer = try TimelineRenderer(options: options)
        var problems: [String] = []
        var checked = 0
        for round in 0..<40 {
            let locale = ["en-US", "de-DE", "ja", "ko"][round % 4]
            let yaml = Self.card(&random, locale: locale)
            let input = InputSource(
                displayName: "typesetting.yaml", baseName: "typesetting", data: Data(yaml.utf8), format: nil,
                directory: ".")
            var document = try renderer.decode(input)
            document.cards[0].style.width = WidthPromiseTests.tooNarrow
            guard let named = WidthPromiseTests.narrowestNamed(document, renderer: renderer) else { continue }
            document.cards[0].style.width = named
            let images = try renderer.render(document, name: "typesetting")
            let scene = try SceneJSON.decoded(from: images[0].data)
            let found = Self.badBreaks(scene, language: locale)
            if !found.isEmpty { problems.append("round \(round) at \(named): \(found)\n\(yaml)") }
            checked += 1
        }
        #expect(checked >= 30)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n---\n"))")
    }

    /// Descriptions (rich text: runs of several fonts) keep the width promise too (#48 item 5): at
    /// the width a refusal names, every word of a description is whole or broken at a dictionary
    /// point, a bold compound too.
    @Test func descriptionsAtTheNarrowestWidthBreakAtDictionaryPoints() throws {
        var options = RenderOptions()
        options.formats = [.scene]
        let renderer = try TimelineRenderer(options: options)
        let yaml = """
            version: 1
            locale: de-DE
            cards:
              - items:
                  - title: Projektstart
                    statusText: Wartet auf Freigabe
                    description: "Die **Datenschutzfolgenabschätzung** und die *Anforderungsanalyse* sind \
            abgeschlossen: `--engine=pcre2` seit Sep 10, 8:15 AM."
                  - { title: Abnahmeprüfung, date: "2026-10-02" }
            """
        let input = InputSource(
            displayName: "descriptions.yaml", baseName: "descriptions", data: Data(yaml.utf8), format: nil,
            directory: ".")
        var document = try renderer.decode(input)
        document.cards[0].style.width = WidthPromiseTests.tooNarrow
        let named = try #require(WidthPromiseTests.narrowestNamed(document, renderer: renderer))
        document.cards[0].style.width = named
        let scene = try SceneJSON.decoded(from: try renderer.render(document, name: "descriptions")[0].data)
        // A description's runs are nodes of their own: its lines read as one paragraph.
        let body = scene.texts.filter { $0.height == 0 }
        var lines: [String] = []
        for (index, run) in body.enumerated() {
            if index > 0, run.baseline == body[index - 1].baseline {
                lines[lines.count - 1] += run.text
            } else {
                lines.append(run.text)
            }
        }
        let joined = lines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(joined.contains { $0.hasSuffix("-") }, "narrow enough to hyphenate: \(joined)")
        for (line, next) in zip(joined, joined.dropFirst()) where line.hasSuffix("-") {
            let word = String(line.split(separator: " ").last!.dropLast()) + String(next.split(separator: " ")[0])
            let points = LineBreaks.hyphenationPoints(word, language: "de-DE")
            let at = line.split(separator: " ").last!.count - 1
            #expect(points.contains(at), "\(word) broken after \(at) at \(named): \(joined)")
        }
        #expect(!joined.contains { $0.hasSuffix("--") || $0.hasPrefix("AM") }, "\(joined)")
    }

    /// The places where `scene` breaks a line as a typesetter would not.
    static func badBreaks(_ scene: SceneJSON, language: String) -> [String] {
        var found: [String] = []
        let vocabulary = Set((phrases[language]! + [statuses[language]!]).flatMap { $0.split(separator: " ") })
        let paragraphs = Dictionary(grouping: scene.texts, by: \.node).values
        for lines in paragraphs.map({ $0.map(\.text) }) {
            for line in lines where line.count == 1 && line.unicodeScalars.allSatisfy(isCJK) && lines.count > 1 {
                found.append("a lone \"\(line)\" in \(lines)")
            }
            // Korean words are whole on their lines.
            for line in lines {
                for word in line.split(whereSeparator: \.isWhitespace)
                where word.unicodeScalars.contains(where: isHangul) && !word.contains(where: \.isNumber) {
                    if !vocabulary.contains(word) { found.append("Korean \"\(word)\" in \(lines)") }
                }
            }
            // Words broken with a hyphen: joined again, the break must be one of their dictionary points.
            var joined = ""
            var hyphenBreaks: [Int] = []
            for (index, line) in lines.enumerated() {
                if index > 0 {
                    let previous = lines[index - 1]
                    if previous.hasSuffix("-"), previous.dropLast().last?.isLetter == true {
                        joined.removeLast()
                        hyphenBreaks.append(joined.count)
                    } else {
                        joined += " "
                    }
                    if let dash = line.first, "–—".contains(dash) { found.append("\"\(previous)\" / \"\(line)\"") }
                    let last = String(previous.split(separator: " ").last ?? "")
                    let first = String(line.split(separator: " ").first ?? "")
                    if last.first?.isNumber == true, first.hasPrefix("AM") || first.hasPrefix("PM") {
                        found.append("\"\(last)\" / \"\(first)\"")
                    }
                    if last.count <= 4, last.first?.isUppercase == true, last.allSatisfy(\.isLetter),
                        first.first?.isNumber == true
                    {
                        found.append("\"\(last)\" / \"\(first)\"")
                    }
                }
                joined += line
            }
            let characters = Array(joined)
            for offset in hyphenBreaks {
                var start = offset
                while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
                var end = offset
                while end < characters.count, !characters[end].isWhitespace { end += 1 }
                let word = String(characters[start..<end])
                if !LineBreaks.hyphenationPoints(word, language: language).contains(offset - start) {
                    found.append("\"\(word)\" broken after \(offset - start) characters in \(lines)")
                }
            }
        }
        return found
    }

    private static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        (0x3040...0x30FF).contains(scalar.value) || (0x4E00...0x9FFF).contains(scalar.value)
    }

    private static func isHangul(_ scalar: Unicode.Scalar) -> Bool { (0xAC00...0xD7AF).contains(scalar.value) }
}
