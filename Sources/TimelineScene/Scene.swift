#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything an image shows, fully resolved: the renderer only paints it.
public struct Scene: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double
    public var background: RGBA?
    public var nodes: [Primitive]
    /// The image's accessible title (SVG `<title>`, PDF document title).
    public var title: String
    /// One line per drawn node, in drawing order (SVG `<desc>`).
    public var description: [String]
    /// Text that did not fit and was cut with an ellipsis, for `--strict`.
    public var truncations: [Truncation]

    public init(width: Double, height: Double, background: RGBA?, nodes: [Primitive], title: String,
                description: [String], truncations: [Truncation] = []) {
        self.width = width
        self.height = height
        self.background = background
        self.nodes = nodes
        self.title = title
        self.description = description
        self.truncations = truncations
    }

    /// Stable, sorted JSON: the form layout snapshots are compared in.
    public func snapshotJSON() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

/// A text cut short, and where its item was written (`file:line:column`).
public struct Truncation: Hashable, Sendable, Codable {
    public var location: String
    public var text: String
    public init(location: String, text: String) {
        self.location = location
        self.text = text
    }
}

extension Point {
    func moved(_ dx: Double, _ dy: Double) -> Point { Point(x: x + dx, y: y + dy) }
}

extension Primitive {
    /// This primitive moved by an offset.
    public func translated(dx: Double, dy: Double) -> Primitive {
        switch self {
        case .box(var node):
            node.rect = node.rect.offsetBy(dx: dx, dy: dy)
            return .box(node)
        case .line(var node):
            node.from = node.from.moved(dx, dy)
            node.to = node.to.moved(dx, dy)
            return .line(node)
        case .marker(var node):
            node.center = node.center.moved(dx, dy)
            return .marker(node)
        case .text(var node):
            node.lines = node.lines.map { PlacedLine(text: $0.text, x: $0.x + dx, baseline: $0.baseline + dy, width: $0.width) }
            return .text(node)
        case .image(var node):
            node.rect = node.rect.offsetBy(dx: dx, dy: dy)
            return .image(node)
        case .link(var node):
            node.rect = node.rect.offsetBy(dx: dx, dy: dy)
            return .link(node)
        }
    }
}
