/// An sRGB color with 8-bit channels, so equal inputs give equal output bytes.
public struct Color: Hashable, Sendable, Codable {
    /// Red, 0 to 255.
    public var red: UInt8
    /// Green, 0 to 255.
    public var green: UInt8
    /// Blue, 0 to 255.
    public var blue: UInt8
    /// Opacity, 0 (clear) to 255 (opaque).
    public var alpha: UInt8

    /// A color from its channels, opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `0xRRGGBB`, fully opaque.
    public init(hex: UInt32, alpha: UInt8 = 255) {
        self.init(
            red: UInt8((hex >> 16) & 0xff), green: UInt8((hex >> 8) & 0xff), blue: UInt8(hex & 0xff), alpha: alpha)
    }

    /// The same color with its alpha multiplied by `factor` (0...1).
    public func withOpacity(_ factor: Double) -> Color {
        var copy = self
        copy.alpha = UInt8((Double(alpha) * max(0, min(1, factor))).rounded())
        return copy
    }

    /// Opaque white.
    public static let white = Color(hex: 0xffffff)
    /// Opaque black.
    public static let black = Color(hex: 0x000000)
    /// Fully transparent.
    public static let clear = Color(hex: 0x000000, alpha: 0)
}
