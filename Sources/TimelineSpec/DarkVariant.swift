import TimelineModel

/// `theme: auto`: each card's style in the dark theme's colors. Only colors change (widths, fonts
/// and sizes stay), so the light and dark drawings pair up primitive by primitive; a color the
/// document or card set itself is kept in both.
enum DarkVariant {
    /// The dark theme's colors, decoded from its source like any theme (a few lines of YAML, read
    /// once per document that asks for `auto`).
    static func darkTheme() -> (style: Style, feed: Feed) {
        var style = Style()
        var feed = Feed()
        let context = DecodeContext(file: "theme:dark", limits: Limits())
        guard let text = Themes.sources["dark"],
            let root = try? YAMLReader(file: "theme:dark", limits: Limits()).read(Array(text.utf8)),
            let keys = context.mapping(root, "theme", FormatSchema.theme)
        else { return (style, feed) }
        if let node = keys["style"] { context.applyStyle(node, "style", to: &style) }
        if let node = keys["feed"] { context.applyFeed(node, "feed", to: &feed) }
        return (style, feed)
    }

    /// `light`'s feed with every color still at its default replaced by the dark theme's (the
    /// feed's titles take the dark card's title colors).
    static func feed(from light: Feed, dark theme: (style: Style, feed: Feed)) -> Feed {
        let defaults = Feed()
        var dark = light
        if light.background == defaults.background { dark.background = theme.feed.background }
        if light.titleColor == defaults.titleColor { dark.titleColor = theme.style.titleColor }
        if light.subtitleColor == defaults.subtitleColor { dark.subtitleColor = theme.style.subtitleColor }
        return dark
    }

    private static var colors: [WritableKeyPath<Style, Color>] {
        [
            \.background, \.border.color, \.lineColor, \.nodeColor, \.overdueColor, \.titleColor, \.subtitleColor,
            \.eventColor,
        ]
    }

    /// `light` with every color still at its default replaced by the dark theme's.
    static func style(from light: Style, dark theme: (style: Style, feed: Feed)) -> Style {
        let defaults = Style()
        var dark = light
        for color in colors where light[keyPath: color] == defaults[keyPath: color] {
            dark[keyPath: color] = theme.style[keyPath: color]
        }
        return dark
    }
}
