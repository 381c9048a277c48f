import TimelineModel

/// Applies `style:` and `feed:` mappings over an existing look, key by key.
extension DecodeContext {
    func applyStyle(_ node: YAMLNode, _ path: String, to style: inout Style) {
        guard let keys = mapping(node, path, FormatSchema.style) else { return }
        for entry in keys.sortedByName {
            let (key, value) = (entry.name, entry.value)
            let at = "\(path).\(key)"
            switch key {
            case "width": number(value, at, minimum: 40, maximum: 100_000).map { style.width = $0 }
            case "background": color(value, at).map { style.background = $0 }
            case "border": applyBorder(value, at, to: &style.border)
            case "cornerRadius": number(value, at, minimum: 0, maximum: 10_000).map { style.cornerRadius = $0 }
            case "margins": insets(value, at).map { style.margins = $0 }
            case "lineColor": color(value, at).map { style.lineColor = $0 }
            case "lineWidth": number(value, at, minimum: 0, maximum: 1000).map { style.lineWidth = $0 }
            case "shape": choice(value, at, Shape.self).map { style.shape = $0 }
            case "shapeSize": number(value, at, minimum: 0, maximum: 1000).map { style.shapeSize = $0 }
            case "groupShapeSize": number(value, at, minimum: 0, maximum: 1000).map { style.groupShapeSize = $0 }
            case "subShapeSize": number(value, at, minimum: 0, maximum: 1000).map { style.subShapeSize = $0 }
            case "nodeColor": color(value, at).map { style.nodeColor = $0 }
            case "overdueColor": color(value, at).map { style.overdueColor = $0 }
            case "itemSpacing": number(value, at, minimum: 0, maximum: 10_000).map { style.itemSpacing = $0 }
            case "groupPadding": number(value, at, minimum: 0, maximum: 1000).map { style.groupPadding = $0 }
            case "nestIndent": number(value, at, minimum: 0, maximum: 1000).map { style.nestIndent = $0 }
            case "eventColumnWidth": number(value, at, minimum: 0, maximum: 10_000).map { style.eventColumnWidth = $0 }
            case "statusColumnWidth":
                number(value, at, minimum: 0, maximum: 10_000).map { style.statusColumnWidth = $0 }
            case "font": font(value, at, isDescription: false).map { style.font = $0 }
            case "titleFont": font(value, at, isDescription: true).map { style.titleFont = $0 }
            case "subtitleFont": font(value, at, isDescription: true).map { style.subtitleFont = $0 }
            case "titleColor": color(value, at).map { style.titleColor = $0 }
            case "subtitleColor": color(value, at).map { style.subtitleColor = $0 }
            case "eventColor": color(value, at).map { style.eventColor = $0 }
            case "iconScale": number(value, at, minimum: 0, maximum: 1).map { style.iconScale = $0 }
            case "eventFormat": datePattern(value, at).map { style.eventFormat = $0 }
            case "dayFormat": datePattern(value, at).map { style.dayFormat = $0 }
            case "maxTitleLines": integer(value, at, minimum: 1, maximum: 1000).map { style.maxTitleLines = $0 }
            case "columns": integer(value, at, minimum: 1, maximum: 100).map { style.columns = $0 }
            case "maxGap": number(value, at, minimum: 0, maximum: 100_000).map { style.maxGap = $0 }
            case "textDirection": choice(value, at, TextDirection.self).map { style.textDirection = $0 }
            case "dayScale": number(value, at, minimum: 0, maximum: 100_000).map { style.dayScale = $0 }
            case "maxLength": number(value, at, minimum: 100, maximum: 1_000_000).map { style.maxLength = $0 }
            case "axis": choice(value, at, AxisMode.self).map { style.axis = $0 }
            case "today": choice(value, at, TodayMode.self).map { style.today = $0 }
            case "legend": boolean(value, at).map { style.legend = $0 }
            case "shadow": applyShadow(value, at, to: &style.shadow)
            default: break
            }
        }
    }

    /// A font's text, kept with its place for the check against the loaded fonts.
    private func font(_ node: YAMLNode, _ path: String, isDescription: Bool) -> String? {
        guard let value = text(node, path) else { return nil }
        fontsNamed.append(FontNamed(value: value, isDescription: isDescription, key: path, location: location(node)))
        return value
    }

    private func applyBorder(_ node: YAMLNode, _ path: String, to border: inout Style.Border) {
        guard let keys = mapping(node, path, FormatSchema.border) else { return }
        keys["color"].flatMap { color($0, path + ".color") }.map { border.color = $0 }
        keys["width"].flatMap { number($0, path + ".width", minimum: 0, maximum: 1000) }.map { border.width = $0 }
    }

    /// A shadow's keys over the look's shadow, or over the default one when the look has none.
    private func applyShadow(_ node: YAMLNode, _ path: String, to shadow: inout Style.Shadow?) {
        guard let keys = mapping(node, path, FormatSchema.shadow) else { return }
        var result = shadow ?? Style.Shadow(color: Color(hex: 0, alpha: 40), blur: 8, offsetX: 0, offsetY: 2)
        keys["color"].flatMap { color($0, path + ".color") }.map { result.color = $0 }
        keys["blur"].flatMap { number($0, path + ".blur", minimum: 0, maximum: 200) }.map { result.blur = $0 }
        if let offset = keys["offset"].flatMap({ insets($0, path + ".offset") }) {
            // [y] or [x, y]: Insets reads [a, b] as top=a, right=b.
            if case .sequence(let parts)? = keys["offset"]?.content, parts.count >= 2 {
                result.offsetX = offset.top
                result.offsetY = offset.right
            } else {
                result.offsetX = 0
                result.offsetY = offset.top
            }
        }
        shadow = result
    }

    func applyFeed(_ node: YAMLNode, _ path: String, to feed: inout Feed) {
        guard let keys = mapping(node, path, FormatSchema.feed) else { return }
        keys["spacing"].flatMap { number($0, path + ".spacing", minimum: 0, maximum: 10_000) }.map { feed.spacing = $0 }
        keys["margins"].flatMap { insets($0, path + ".margins") }.map { feed.margins = $0 }
        keys["background"].flatMap { color($0, path + ".background") }.map { feed.background = $0 }
        keys["titleColor"].flatMap { color($0, path + ".titleColor") }.map { feed.titleColor = $0 }
        keys["subtitleColor"].flatMap { color($0, path + ".subtitleColor") }.map { feed.subtitleColor = $0 }
    }
}
