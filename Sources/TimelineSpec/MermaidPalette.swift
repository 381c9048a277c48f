import TimelineModel

/// Section and period colours for Mermaid themes: the hues in the order of Mermaid's `cScale0` …
/// `cScale11` (its primary, secondary and tertiary colours, then the primary turned by 30°, 60°,
/// 90°, 120°, 150°, 210°, 270°, 300° and 330°), at a saturation and lightness that a node, much
/// smaller than Mermaid's filled boxes, needs to stand out: 3:1 or more against the card.
enum MermaidPalette {
    /// Primary, secondary and tertiary hues of each theme (neutral is grey).
    private static func baseHues(_ theme: MermaidConfig.Theme) -> (Double, Double, Double) {
        switch theme {
        case .default, .dark, .neutral: (240, 60, 80)
        case .base: (40, 280, 220)
        case .forest: (78, 99, 150)
        }
    }

    private static let turns: [Double] = [30, 60, 90, 120, 150, 210, 270, 300, 330]

    /// The colour of slot `index` (0...11) in `theme`.
    static func color(_ index: Int, theme: MermaidConfig.Theme) -> Color {
        let (primary, secondary, tertiary) = baseHues(theme)
        let hues = [primary, secondary, tertiary] + turns.map { (primary + $0).truncatingRemainder(dividingBy: 360) }
        let hue = hues[index % hues.count]
        switch theme {
        case .dark:
            return hsl(hue, 0.75, 0.66).readable(on: Color(hex: 0x1c1c1e), minimum: 3)
        case .neutral:
            let greys: [UInt32] = [0x333333, 0x6e6e6e, 0x4d4d4d, 0x7a7a7a]
            return Color(hex: greys[index % greys.count])
        case .default, .base, .forest:
            return hsl(hue, 0.68, 0.45).readable(on: .white, minimum: 3)
        }
    }

    /// The card's background in the theme a Mermaid theme becomes (`dark`'s, or white).
    static func cardBackground(_ theme: MermaidConfig.Theme) -> Color {
        theme == .dark ? Color(hex: 0x1c1c1e) : .white
    }

    /// A header band that belongs to each Mermaid theme, from its own colours (the primary
    /// colour's box, its border or text colour), the text held to 4.5:1 on the band.
    static func header(_ theme: MermaidConfig.Theme) -> (background: Color, text: Color) {
        let (background, text): (UInt32, UInt32) =
            switch theme {
            case .default: (0xececff, 0x3b2a7a) // primaryColor, text in the border's purple, deepened
            case .base: (0xfff4dd, 0x5c4300) // base's cream, its text a deep amber
            case .forest: (0xcde498, 0x13540c) // forest's light green and its dark green border
            case .dark: (0x2f3136, 0xe6e6e6) // dark's box grey, light text
            case .neutral: (0xeeeeee, 0x111111) // neutral's greys
            }
        let band = Color(hex: background)
        return (band, Color(hex: text).readable(on: band, minimum: Color.readableContrast))
    }

    /// An sRGB colour from hue (degrees), saturation and lightness (0...1).
    static func hsl(_ hue: Double, _ saturation: Double, _ lightness: Double) -> Color {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = hue / 60
        let second = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (red, green, blue): (Double, Double, Double) =
            switch Int(sector) % 6 {
            case 0: (chroma, second, 0)
            case 1: (second, chroma, 0)
            case 2: (0, chroma, second)
            case 3: (0, second, chroma)
            case 4: (second, 0, chroma)
            default: (chroma, 0, second)
            }
        let match = lightness - chroma / 2
        func channel(_ value: Double) -> UInt8 { UInt8(max(0, min(255, ((value + match) * 255).rounded()))) }
        return Color(red: channel(red), green: channel(green), blue: channel(blue))
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    static func hex(_ color: Color) -> String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for channel in [color.red, color.green, color.blue] + (color.alpha == 255 ? [] : [color.alpha]) {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 0xf)])
        }
        return text
    }
}
