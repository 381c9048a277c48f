#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `--format scene` form of a scene: its size, every placed text line as a box in points from
/// the top left, and the whole draw list, as sorted JSON. Tests and tools read it without fonts.
public struct SceneJSON: Codable, Sendable, Hashable {
    /// One placed line and what it is drawn with.
    public struct Text: Codable, Sendable, Hashable {
        public var text: String
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        public var baseline: Double
        public var font: String
        public var color: RGBA
        /// Index of the text node in `nodes` this line belongs to: lines of one paragraph share it.
        public var node: Int
    }

    public var width: Double
    public var height: Double
    public var background: RGBA?
    public var title: String
    public var description: [String]
    public var truncations: [Truncation]
    public var texts: [Text]
    public var nodes: [Primitive]
    /// A time card's axis: its segments of one linear scale and its ticks.
    public var axis: TimeAxisRecord?
    /// A time card's items' marks on that axis.
    public var marks: [TimeMarkRecord]?

    public init(_ scene: Scene) {
        width = scene.width
        height = scene.height
        background = scene.background
        title = scene.title
        description = scene.description
        truncations = scene.truncations
        nodes = scene.nodes
        axis = scene.timeAxis
        marks = scene.timeMarks
        var texts: [Text] = []
        for (index, node) in scene.nodes.enumerated() {
            guard case .text(let text) = node else { continue }
            for line in text.lines {
                texts.append(
                    Text(
                        text: line.text, x: line.x, y: line.top, width: line.width, height: line.height,
                        baseline: line.baseline, font: text.font, color: text.color, node: index))
            }
        }
        self.texts = texts
    }

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    public static func decoded(from data: Data) throws -> SceneJSON {
        try JSONDecoder().decode(SceneJSON.self, from: data)
    }
}
