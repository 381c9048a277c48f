/// What a text measurer kept of a line it shaped, carried to the renderer that draws the line:
/// its glyphs, there without shaping the line again or finding it by its text among thousands
/// (a third of writing a 1,000-item card's SVG after its layout). Opaque to layout, which hands
/// it from the measured line to the placed one. Not part of what a line is: any two are equal,
/// and none is coded; a renderer checks that what it holds is the line's before drawing it.
public struct LineShaping: Hashable, Sendable {
    public let kept: (any AnyObject & Sendable)?

    public init(_ kept: (any AnyObject & Sendable)? = nil) {
        self.kept = kept
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { true }

    public func hash(into hasher: inout Hasher) {}
}
