/// Where something was written in an input file, for messages that point at it.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The input as named in messages.
    public var file: String
    /// From 1.
    public var line: Int
    /// From 1, in characters (Unicode scalars).
    public var column: Int

    /// A place in `file`.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The file name escaped: a theme's path comes from the input, and a folder can hold any name.
    public var description: String { "\(MessageText.escaped(file)):\(line):\(column)" }
}
