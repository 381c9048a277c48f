import TimelineModel

/// A card's `sections:` and its items' `section:`: every section named gets a color (its own,
/// else the next of a palette), and an item without `color` takes its section's.
extension DecodeContext {
    /// Colors given to sections named without one, in turn: distinct hues that keep 3:1 against white.
    static let sectionPalette: [Color] = [
        0x0a6ed1, 0xc0399f, 0x1e8a44, 0xd04a02, 0x6c32a9, 0x00838f, 0x8d6e00, 0xb00020,
    ]
    .map { Color(hex: $0) }

    /// Greys for a card whose nodes are grey (the mono theme): a print-friendly card stays grey,
    /// its sections told apart by shade and by name. Each keeps 3:1 against white.
    static let greyPalette: [Color] = [0x000000, 0x5e5e5e, 0x2e2e2e, 0x7a7a7a, 0x474747, 0x8a8a8a]
        .map { Color(hex: $0) }

    func boolean(_ node: YAMLNode, _ path: @autoclosure () -> String) -> Bool? {
        guard let value = text(node, path()) else { return nil }
        switch value {
        case "true": return true
        case "false": return false
        default:
            error(node, "\(path()): \(Self.quoted(value)) is not true or false")
            return nil
        }
    }

    /// `sections: { Design: "#5b2a86", Backend: teal }`, in the order written; or a list of
    /// `{ name: Design, color: "#5b2a86" }`, the form Swift's Codable writes (a JSON object's keys
    /// have no order in Foundation's JSONEncoder).
    func sections(_ node: YAMLNode, _ path: String) -> [Section] {
        var pairs: [YAMLPair] = []
        switch node.content {
        case .mapping(let written): pairs = written
        case .sequence(let entries):
            for (index, entry) in entries.enumerated() {
                guard let keys = mapping(entry, "\(path)[\(index)]", FormatSchema.section) else { continue }
                // A missing key is reported by `mapping`, from the schema's required keys.
                guard let name = keys["name"], let color = keys["color"] else { continue }
                pairs.append(YAMLPair(key: name, value: color))
            }
        default:
            error(node, "\(path): expected a mapping of section names to colors")
            return []
        }
        var sections: [Section] = []
        for pair in pairs {
            guard let name = text(pair.key, path) else { continue }
            if sections.contains(where: { $0.name == name }) {
                error(pair.key, "\(path): section \(Self.quoted(name)) is named twice")
                continue
            }
            if let color = color(pair.value, "\(path).\(name)") { sections.append(Section(name: name, color: color)) }
        }
        return sections
    }

    /// The card's sections completed with those only items name, and the items colored by them. A
    /// group's section is its children's unless they name their own, as a Mermaid section holds
    /// the periods under it.
    func applySections(to card: inout Card) {
        var sections = card.sections
        let node = card.style.nodeColor
        let palette = node.red == node.green && node.green == node.blue ? Self.greyPalette : Self.sectionPalette
        func resolve(_ items: inout [Item], inherited: String?) {
            for index in items.indices {
                if items[index].section == nil { items[index].section = inherited }
                if let name = items[index].section {
                    if !sections.contains(where: { $0.name == name }) {
                        let color = palette[sections.count % palette.count]
                        sections.append(Section(name: name, color: color))
                    }
                    if items[index].color == nil { items[index].color = sections.first { $0.name == name }?.color }
                }
                if var children = items[index].children {
                    resolve(&children, inherited: items[index].section)
                    items[index].children = children
                }
            }
        }
        resolve(&card.items, inherited: nil)
        card.sections = sections
    }
}
