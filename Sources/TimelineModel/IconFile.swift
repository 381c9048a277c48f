/// An icon file's bytes, read once while decoding and checked against the icon limits, so that
/// nothing after decoding opens a file an input names.
public struct IconFile: Hashable, Sendable, Codable {
    /// The icon's file format.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A PNG image, or an SVG document.
        case png, svg
    }

    /// PNG or SVG.
    public var kind: Kind
    /// The file's bytes, as read.
    public var bytes: [UInt8]
    /// Where the icon was first named, for problems found when it is decoded.
    public var location: SourceLocation
    /// How messages name it: the key's path and the value as written.
    public var label: String
    /// Its path inside the input's folder (`icons/rain.png`): what the scene JSON shows, the
    /// same in every checkout, where the absolute path would tell where the input lies.
    public var name: String

    /// An icon read from a file.
    public init(kind: Kind, bytes: [UInt8], location: SourceLocation, label: String, name: String = "") {
        self.kind = kind
        self.bytes = bytes
        self.location = location
        self.label = label
        self.name = name
    }
}
