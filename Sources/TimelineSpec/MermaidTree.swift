import TimelineModel

/// A Mermaid timeline as the node tree of the equivalent timeline document, each node at the
/// place its text came from: the document reader then checks and reads it as it reads YAML, and
/// `convert` writes it out as YAML.
struct MermaidTree {
    var timeline: MermaidTimeline
    /// Names the card (and so its image): the file's name without extension.
    var cardID: String

    /// One period takes this much width, as Mermaid's `timeline.width` does (its default).
    static let periodWidth = 150.0
    /// The widest `style.width` the format takes.
    static let widestCard = 100_000.0

    var root: YAMLNode {
        var pairs = [pair("version", plain("1", 1, 1))]
        switch timeline.config.theme {
        case .dark: pairs.append(pair("theme", text("dark", 1, 1)))
        case .neutral: pairs.append(pair("theme", text("mono", 1, 1)))
        case .default, .base, .forest: break
        }
        let place = timeline.header ?? MermaidTimeline.Text(value: "", line: 1, column: 1)
        pairs.append(pair("cards", YAMLNode(.sequence([card]), line: place.line, column: place.column)))
        return YAMLNode(.mapping(pairs), line: 1, column: 1)
    }

    private var card: YAMLNode {
        let place = timeline.header ?? MermaidTimeline.Text(value: "", line: 1, column: 1)
        var pairs = [pair("id", text(cardID, place.line, place.column))]
        if let title = timeline.accessibleTitle { pairs.append(pair("title", text(title))) }
        if let description = timeline.accessibleDescription { pairs.append(pair("subtitle", text(description))) }
        if let title = timeline.title {
            let look = MermaidPalette.header(timeline.config.theme)
            let band = [
                pair("title", text(title)),
                pair("background", text(MermaidPalette.hex(look.background), title.line, title.column)),
                pair("color", text(MermaidPalette.hex(look.text), title.line, title.column)),
            ]
            pairs.append(pair("header", mapping(band, title.line, title.column)))
        }
        let horizontal = timeline.direction == .leftToRight
        pairs.append(pair("direction", text(horizontal ? "horizontal" : "vertical", place.line, place.column)))
        let items = self.items
        // A ring's thick stroke shows a section's colour better than an open item's thin circle.
        let style = [pair("width", plain(width(columns: items.columns), 1, 1)), pair("shape", text("ring", 1, 1))]
        pairs.append(pair("style", mapping(style, place.line, place.column)))
        if !items.sections.isEmpty {
            pairs.append(pair("sections", mapping(items.sections, place.line, place.column)))
        }
        pairs.append(pair("items", YAMLNode(.sequence(items.nodes), line: place.line, column: place.column)))
        return mapping(pairs, place.line, place.column)
    }

    /// LR: as wide as its columns (every period and section takes one); TD: 3.2 periods wide,
    /// 480 points at Mermaid's default.
    private func width(columns: Int) -> String {
        let period = timeline.config.width ?? Self.periodWidth
        // At most the widest card the format takes: a longer timeline's columns share it.
        let width =
            timeline.direction == .leftToRight
            ? min(Self.widestCard, max(480, 40 + Double(columns) * period)) : max(480, (period * 3.2).rounded())
        return width == width.rounded() ? String(Int(width)) : String(width)
    }

    /// Periods before the first section stand alone, each in a colour of its own; the others
    /// name their section, which the card's `sections` colours. A section is drawn over its
    /// periods, so it takes no column of its own.
    private var items: (nodes: [YAMLNode], sections: [YAMLPair], columns: Int) {
        let alone = timeline.periods.prefix { $0.section == nil }.count
        let names = sectionNames
        let colors = self.colors(alone: alone, sections: names.unique.count)
        var nodes: [YAMLNode] = []
        for (index, period) in timeline.periods.enumerated() {
            if let section = period.section {
                let name = names.index[section]
                let value = text(names.unique[name].value, period.time.line, period.time.column)
                nodes.append(item(period, pairs: [pair("section", value)]))
            } else {
                let color = MermaidPalette.hex(colors[index])
                nodes.append(item(period, pairs: [pair("color", text(color, period.time.line, period.time.column))]))
            }
        }
        let sections = names.unique.enumerated().map { index, name in
            // Quoted: a name may hold a line break (`<br>`) or YAML's own characters.
            YAMLPair(
                key: text(name), value: text(MermaidPalette.hex(colors[alone + index]), name.line, name.column))
        }
        return (nodes, sections, timeline.periods.count)
    }

    /// Each section's name once (a name written again is the same section, as a YAML key must be
    /// once), and the index into those names of each section as written.
    private var sectionNames: (unique: [MermaidTimeline.Text], index: [Int]) {
        var unique: [MermaidTimeline.Text] = []
        var seen: [String: Int] = [:]
        var index: [Int] = []
        for section in timeline.sections {
            if let known = seen[section.value] {
                index.append(known)
            } else {
                seen[section.value] = unique.count
                index.append(unique.count)
                unique.append(section)
            }
        }
        return (unique, index)
    }

    private func item(_ period: MermaidTimeline.Period, pairs extra: [YAMLPair]) -> YAMLNode {
        let time = period.time
        var pairs = [pair("title", text(time))]
        if let first = period.events.first {
            // Several events are bulleted, one under another: an event that wraps stays apart
            // from the next one without a blank line that would detach them.
            let events = period.events.count == 1 ? first.value : Self.bulleted(period.events.map(\.value))
            pairs.append(pair("subtitle", text(events, first.line, first.column)))
        }
        return mapping(pairs + extra, time.line, time.column)
    }

    /// `values` bulleted, one to a line, in a string of exactly their size: `joined` grows its
    /// string by doubling, and a large diagram's events took twice their room.
    static func bulleted(_ values: [String]) -> String {
        let bullet = "• "
        var text = ""
        text.reserveCapacity(values.reduce(0) { $0 + $1.utf8.count } + values.count * (bullet.utf8.count + 1))
        for (index, value) in values.enumerated() {
            if index > 0 { text += "\n" }
            text += bullet
            text += value
        }
        return text
    }

    /// The lone periods' colours, then the sections': `cScaleN` when the diagram sets it, else the
    /// theme's palette (one colour for all with `disableMulticolor`), each held to 3:1 on the card
    /// and kept visibly apart from the one before it.
    private func colors(alone: Int, sections: Int) -> [Color] {
        let config = timeline.config
        let slots = Array(0..<alone) + Array(0..<sections)
        let written = slots.map { index -> Color in
            let slot = config.disableMulticolor ? 0 : index % 12
            return config.scale[slot] ?? MermaidPalette.color(slot, theme: config.theme)
        }
        let background = MermaidPalette.cardBackground(config.theme)
        if config.disableMulticolor { return written.map { $0.readable(on: background, minimum: 3) } }
        return MermaidColorDistance.distinct(written, on: background)
    }

    private func pair(_ key: String, _ value: YAMLNode) -> YAMLPair {
        YAMLPair(key: YAMLNode(.scalar(key, plain: true), line: value.line, column: value.column), value: value)
    }

    private func text(_ value: MermaidTimeline.Text) -> YAMLNode { text(value.value, value.line, value.column) }

    private func text(_ value: String, _ line: Int, _ column: Int) -> YAMLNode {
        YAMLNode(.scalar(value, plain: false), line: line, column: column)
    }

    private func plain(_ value: String, _ line: Int, _ column: Int) -> YAMLNode {
        YAMLNode(.scalar(value, plain: true), line: line, column: column)
    }

    private func mapping(_ pairs: [YAMLPair], _ line: Int, _ column: Int) -> YAMLNode {
        YAMLNode(.mapping(pairs), line: line, column: column)
    }

    /// A file name made into a card id: lower case, a-z 0-9 - _ . only; "timeline" when nothing is left.
    static func cardID(forFile file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? ""
        let stem = name.contains(".") ? String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)]) : name
        var id = ""
        for scalar in stem.lowercased().unicodeScalars.prefix(100) {
            let allowed =
                ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
            id.unicodeScalars.append(allowed ? scalar : "-")
        }
        // Standard input (`<stdin>`) and names of no letter or digit give "timeline".
        let trimmed = id.drop { $0 == "-" || $0 == "." }.reversed().drop { $0 == "-" || $0 == "." }.reversed()
        return file.hasPrefix("<") || trimmed.isEmpty ? "timeline" : String(trimmed)
    }
}
