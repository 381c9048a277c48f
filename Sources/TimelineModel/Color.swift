/// An sRGB color with 8-bit channels, so equal inputs give equal output bytes.
public struct Color: Hashable, Sendable, Codable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

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

    public static let white = Color(hex: 0xffffff)
    public static let black = Color(hex: 0x000000)
    public static let clear = Color(hex: 0x000000, alpha: 0)
}
