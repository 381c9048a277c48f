import TimelineModel

/// `theme: auto`: each card's style in the dark theme's colors. Only colors change (widths, fonts
/// and sizes stay), so the light and dark drawings pair up primitive by primitive; a color the
/// document or card set itself is kept in both.
enum DarkVariant {
    /// The dark theme's colors, decoded from its source like any theme.
    static let darkTheme: Style = {
        var style = Style()
        let context = DecodeContext(file: "theme:dark", limits: Limits())
        guard let text = Themes.sources["dark"],
              let root = try? YAMLReader(file: "theme:dark", limits: Limits()).read(Array(text.utf8)),
              let keys = context.mapping(root, "theme", FormatSchema.theme), let node = keys["style"] else { return style }
        context.applyStyle(node, "style", to: &style)
        return style
    }()

    private static var colors: [WritableKeyPath<Style, Color>] {
        [
            \.background, \.border.color, \.lineColor, \.nodeColor, \.overdueColor, \.titleColor, \.subtitleColor, \.eventColor,
        ]
    }

    /// `light` with every color still at its default replaced by the dark theme's.
    static func style(from light: Style) -> Style {
        let defaults = Style()
        var dark = light
        for color in colors where light[keyPath: color] == defaults[keyPath: color] {
            dark[keyPath: color] = darkTheme[keyPath: color]
        }
        return dark
    }
}
