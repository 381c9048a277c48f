#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// WCAG 2 contrast, for choosing default text colors that stay readable on what they sit on.
extension Color {
    /// Body text needs 4.5:1 (WCAG AA).
    public static let readableContrast = 4.5

    /// Relative luminance (WCAG 2), ignoring alpha.
    public var luminance: Double {
        let linear = Self.linearChannels
        return 0.2126 * linear[Int(red)] + 0.7152 * linear[Int(green)] + 0.0722 * linear[Int(blue)]
    }

    /// Each channel value made linear: worked out once, as every row's texts ask for contrasts.
    private static let linearChannels: [Double] = (0...255).map { channel in
        let value = Double(channel) / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// The contrast ratio of two opaque colors, 1 to 21.
    public func contrast(with other: Color) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This color painted over `background`: opaque.
    public func over(_ background: Color) -> Color {
        let alpha = Double(self.alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * alpha + Double(bottom) * (1 - alpha)).rounded())
        }
        return Color(
            red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }

    /// This color moved toward `other` by `fraction` (0...1), keeping alpha.
    func mixed(with other: Color, _ fraction: Double) -> Color {
        func mix(_ from: UInt8, _ to: UInt8) -> UInt8 {
            UInt8((Double(from) + (Double(to) - Double(from)) * fraction).rounded())
        }
        return Color(
            red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue), alpha: alpha)
    }

    /// This color when it reaches `minimum` contrast on `background`; otherwise the same hue moved
    /// toward black or white (whichever contrasts more) until it reaches `target` (titles ask
    /// for more than the minimum, so a replaced color is clearly legible, not just legal).
    public func readable(on background: Color, minimum: Double = Color.readableContrast, target: Double? = nil) -> Color
    {
        let background = background.over(.white)
        if over(background).contrast(with: background) >= minimum { return self }
        let extreme =
            Color.black.contrast(with: background) >= Color.white.contrast(with: background) ? Color.black : .white
        let goal = min(max(minimum, target ?? minimum), extreme.contrast(with: background))
        for step in 1...20 {
            let candidate = mixed(with: extreme, Double(step) / 20)
            if candidate.over(background).contrast(with: background) >= goal { return candidate }
        }
        return extreme
    }

    /// This color, opaque, made deeper (toward black) until `text` reads on it at `minimum`: a
    /// band keeps its hue and its white text rather than turning its text black. A light color
    /// (below 3:1 with `text`) is kept as it is: deepened, a yellow would turn olive; dark text
    /// reads on it instead.
    public func deepened(under text: Color = .white, minimum: Double = Color.readableContrast) -> Color {
        let base = over(.white)
        guard text.contrast(with: base) >= 3 else { return base }
        for step in 0...20 {
            let candidate = base.mixed(with: .black, Double(step) / 40)
            if text.contrast(with: candidate) >= minimum { return candidate }
        }
        return base.mixed(with: .black, 0.5)
    }
}
