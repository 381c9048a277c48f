import TimelineModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Section colours a reader can tell apart: each held to 3:1 against the card, and each at least
/// `MermaidColorDistance.minimum` (CIE76 ΔE) from the one drawn before it, darkened or lightened
/// within its hue, or turned to a neighbouring hue when its lightness cannot get it there.
enum MermaidColorDistance {
    /// CIE L*a*b* of an opaque sRGB colour (D65).
    static func lab(_ color: Color) -> (l: Double, a: Double, b: Double) {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(color.red), linear(color.green), linear(color.blue))
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    /// How far apart two colours look (CIE76 ΔE: about 2.3 is just noticeable).
    static func distance(_ first: Color, _ second: Color) -> Double {
        let (p, q) = (lab(first), lab(second))
        return ((p.l - q.l) * (p.l - q.l) + (p.a - q.a) * (p.a - q.a) + (p.b - q.b) * (p.b - q.b)).squareRoot()
    }

    /// Two neighbouring hues of the default palette (Mermaid's `cScale` turns the primary hue by
    /// 30° a step) after they are held to 3:1 on white: the least two adjacent sections differ by.
    static let minimum: Double = {
        let turned = (3...11).map { MermaidPalette.color($0, theme: .default) }
        return zip(turned, turned.dropFirst()).map { distance($0, $1) }.min() ?? 20
    }()

    /// `colors` in drawing order, each readable at 3:1 on `background` and, after the first, at
    /// least `minimum` from the one before it.
    static func distinct(_ colors: [Color], on background: Color) -> [Color] {
        var result: [Color] = []
        for color in colors {
            let readable = color.readable(on: background, minimum: 3)
            guard let previous = result.last, distance(previous, readable) < minimum else {
                result.append(readable)
                continue
            }
            result.append(apart(readable, from: previous, on: background))
        }
        return result
    }

    /// The nearest variant of `color` (its own hue lighter or darker, then hues turned by 15° steps
    /// either way) that keeps 3:1 on `background` and is `minimum` from `previous`.
    private static func apart(_ color: Color, from previous: Color, on background: Color) -> Color {
        for variant in variants(of: color) {
            let readable = variant.readable(on: background, minimum: 3)
            if distance(previous, readable) >= minimum { return readable }
        }
        return color
    }

    /// Lightness steps of the colour itself, then of hues turned away from it, nearest first.
    private static func variants(of color: Color) -> [Color] {
        let (hue, saturation, lightness) = hsl(color)
        var variants: [Color] = []
        // A grey (the neutral theme) stays grey: only its lightness moves.
        let turns: [Double] = saturation < 0.05 ? [0] : [0, 15, -15, 30, -30, 45, -45, 60, -60, 90, -90, 180]
        for turn in turns {
            let turned = (hue + turn + 360).truncatingRemainder(dividingBy: 360)
            for step in [-0.08, 0.08, -0.16, 0.16, -0.24, 0.24, -0.32, 0.32] {
                let level = min(0.95, max(0.05, lightness + step))
                variants.append(MermaidPalette.hsl(turned, saturation, level))
            }
        }
        return variants
    }

    /// Hue (degrees), saturation and lightness (0...1) of an sRGB colour.
    static func hsl(_ color: Color) -> (Double, Double, Double) {
        let (r, g, b) = (Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
        let (high, low) = (max(r, g, b), min(r, g, b))
        let lightness = (high + low) / 2
        let chroma = high - low
        guard chroma > 0 else { return (0, 0, lightness) }
        let saturation = chroma / (1 - abs(2 * lightness - 1))
        var hue: Double
        if high == r {
            hue = ((g - b) / chroma).truncatingRemainder(dividingBy: 6)
        } else if high == g {
            hue = (b - r) / chroma + 2
        } else {
            hue = (r - g) / chroma + 4
        }
        hue *= 60
        if hue < 0 { hue += 360 }
        return (hue, saturation, lightness)
    }
}
