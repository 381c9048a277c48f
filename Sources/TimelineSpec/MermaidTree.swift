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
            pairs.append(pair("header", mapping([pair("title", text(title))], title.line, title.column)))
        }
        let horizontal = timeline.direction == .leftToRight
        pairs.append(pair("direction", text(horizontal ? "horizontal" : "vertical", place.line, place.column)))
        let items = self.items
        // A ring's thick stroke shows a section's colour better than an open item's thin circle.
        let style = [pair("width", plain(width(columns: items.columns), 1, 1)), pair("shape", text("ring", 1, 1))]
        pairs.append(pair("style", mapping(style, place.line, place.column)))
        pairs.append(pair("items", YAMLNode(.sequence(items.nodes), line: place.line, column: place.column)))
        return mapping(pairs, place.line, place.column)
    }

    /// LR: as wide as its columns (every period and section takes one); TD: 3.2 periods wide,
    /// 480 points at Mermaid's default.
    private func width(columns: Int) -> String {
        let period = timeline.config.width ?? Self.periodWidth
        let width =
            timeline.direction == .leftToRight
            ? max(480, 40 + Double(columns) * period) : max(480, (period * 3.2).rounded())
        return width == width.rounded() ? String(Int(width)) : String(width)
    }

    /// Periods before the first section stand alone; each section is a group of its periods.
    private var items: (nodes: [YAMLNode], columns: Int) {
        var nodes: [YAMLNode] = []
        var columns = 0
        var periods = timeline.periods[...]
        var alone = 0
        while let period = periods.first, period.section == nil {
            nodes.append(item(period, color: color(at: alone)))
            alone += 1
            columns += 1
            periods = periods.dropFirst()
        }
        for (index, section) in timeline.sections.enumerated() {
            let color = self.color(at: index)
            let children = periods.prefix { $0.section == index }
            periods = periods.dropFirst(children.count)
            columns += 1 + children.count
            var pairs = [pair("title", text(section)), pair("color", text(color, section.line, section.column))]
            if !children.isEmpty {
                let list = children.map { item($0, color: color) }
                pairs.append(pair("items", YAMLNode(.sequence(list), line: section.line, column: section.column)))
            }
            nodes.append(mapping(pairs, section.line, section.column))
        }
        return (nodes, columns)
    }

    private func item(_ period: MermaidTimeline.Period, color: String) -> YAMLNode {
        let time = period.time
        var pairs = [pair("title", text(time))]
        if let first = period.events.first {
            // A blank line between events: an event that wraps stays apart from the next one.
            let events = period.events.map(\.value).joined(separator: "\n\n")
            pairs.append(pair("subtitle", text(events, first.line, first.column)))
        }
        pairs.append(pair("color", text(color, time.line, time.column)))
        return mapping(pairs, time.line, time.column)
    }

    /// The colour of the `index`th section (or lone period): `cScaleN` when the diagram sets it,
    /// else the theme's palette; one colour for all with `disableMulticolor`.
    private func color(at index: Int) -> String {
        let slot = timeline.config.disableMulticolor ? 0 : index % 12
        let color = timeline.config.scale[slot] ?? MermaidPalette.color(slot, theme: timeline.config.theme)
        return MermaidPalette.hex(color)
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
