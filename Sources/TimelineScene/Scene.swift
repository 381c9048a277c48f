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
    /// The color the image is made to be seen on (the card's or the feed's background), for
    /// PNG's bKGD: the image itself may be transparent around a card.
    public var backdrop: RGBA?
    public var nodes: [Primitive]
    /// The image's accessible title (SVG `<title>`, PDF document title).
    public var title: String
    /// One line per drawn node, in drawing order (SVG `<desc>`).
    public var description: [String]
    /// What the image is about in a sentence (a card's `subtitle`, Mermaid's `accDescr`): the PDF
    /// document's subject; SVG has it as the first line of `<desc>`.
    public var subject: String?
    /// Text that did not fit and was cut with an ellipsis, for `--strict`.
    public var truncations: [Truncation]
    /// The icons that image nodes name, by path; not part of the JSON form, which is geometry.
    public var icons: [String: IconData] = [:]
    /// `theme: auto`: what each light color becomes when the reader prefers dark (SVG only).
    public var darkPalette: [ColorSwap] = []
    /// A time card's axis and marks: what its positions mean (JSON form only).
    public var timeAxis: TimeAxisRecord?
    public var timeMarks: [TimeMarkRecord]?

    private enum CodingKeys: String, CodingKey {
        case width, height, background, backdrop, nodes, title, description, truncations
    }

    public init(
        width: Double, height: Double, background: RGBA?, nodes: [Primitive], title: String,
        description: [String], truncations: [Truncation] = [], backdrop: RGBA? = nil
    ) {
        self.width = width
        self.height = height
        self.background = background
        self.backdrop = backdrop
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
    /// Moves this primitive by an offset, in place: a text's lines are changed where they are
    /// rather than copied (a big card moves hundreds of thousands of nodes once).
    public mutating func translate(dx: Double, dy: Double) {
        switch self {
        case .box(var node):
            node.rect = node.rect.offsetBy(dx: dx, dy: dy)
            self = .box(node)
        case .line(var node):
            node.from = node.from.moved(dx, dy)
            node.to = node.to.moved(dx, dy)
            self = .line(node)
        case .marker(var node):
            node.center = node.center.moved(dx, dy)
            self = .marker(node)
        case .text(var node):
            // Drop this enum's hold on the lines first, so they are changed without a copy.
            self = .link(.placeholder)
            for index in node.lines.indices {
                node.lines[index].x += dx
                node.lines[index].baseline += dy
                node.lines[index].top += dy
            }
            self = .text(node)
        case .image(var node):
            node.rect = node.rect.offsetBy(dx: dx, dy: dy)
            self = .image(node)
        case .link(var node):
            node.rect = node.rect.offsetBy(dx: dx, dy: dy)
            self = .link(node)
        }
    }
}
