/// The image formats the renderer writes.
public enum ImageFormat: String, Sendable, CaseIterable, Codable {
    /// SVG 1.1: glyphs as outlines, the text in an invisible layer for search and screen readers.
    case svg
    /// PNG, at the scale asked (pixels per point).
    case png
    /// PDF, one page an image.
    case pdf
    /// The draw list as JSON (`SceneJSON`), for tests and tools.
    case scene

    /// The file name's ending, after the dot.
    public var fileExtension: String { self == .scene ? "scene.json" : rawValue }
}
