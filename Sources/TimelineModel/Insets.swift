/// Space around a box, in points, CSS order.
public struct Insets: Hashable, Sendable, Codable {
    /// Above.
    public var top: Double
    /// Right of it.
    public var right: Double
    /// Below.
    public var bottom: Double
    /// Left of it.
    public var left: Double

    /// Each side as given.
    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// `value` on every side.
    public init(all value: Double) {
        self.init(top: value, right: value, bottom: value, left: value)
    }

    /// CSS shorthand: 1 to 4 values (top, right, bottom, left; missing sides mirror their opposite).
    public init?(css values: [Double]) {
        switch values.count {
        case 1: self.init(all: values[0])
        case 2: self.init(top: values[0], right: values[1], bottom: values[0], left: values[1])
        case 3: self.init(top: values[0], right: values[1], bottom: values[2], left: values[1])
        case 4: self.init(top: values[0], right: values[1], bottom: values[2], left: values[3])
        default: return nil
        }
    }

    /// Left and right together.
    public var horizontal: Double { left + right }
    /// Top and bottom together.
    public var vertical: Double { top + bottom }
}
