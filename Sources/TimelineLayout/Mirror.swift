import TimelineModel
import TimelineScene

/// Right-to-left cards: laid out left to right, then mirrored. A vertical card gets its event
/// column at the right, the line beside it, titles left of their nodes and the status column at
/// the left; a horizontal list or preview strip runs from right to left.
enum Mirror {
    /// Every primitive of `layers` reflected across the middle of a box `width` wide.
    static func horizontally(_ layers: inout [[Primitive]], width: Double) {
        for layer in layers.indices {
            for index in layers[layer].indices { reflect(&layers[layer][index], width: width) }
        }
    }

    private static func reflect(_ primitive: inout Primitive, width: Double) {
        func flipped(_ rect: Rect) -> Rect {
            Rect(x: width - rect.maxX, y: rect.y, width: rect.width, height: rect.height)
        }
        func flipped(_ point: Point) -> Point { Point(x: width - point.x, y: point.y) }
        switch primitive {
        case .box(var node):
            node.rect = flipped(node.rect)
            let corners = node.corners
            node.corners = CornerRadii(
                topLeft: corners.topRight, topRight: corners.topLeft,
                bottomRight: corners.bottomLeft, bottomLeft: corners.bottomRight)
            primitive = .box(node)
        case .line(var node):
            (node.from, node.to) = (flipped(node.from), flipped(node.to))
            primitive = .line(node)
        case .marker(var node):
            node.center = flipped(node.center)
            primitive = .marker(node)
        case .text(var node):
            for index in node.lines.indices {
                node.lines[index].x = width - node.lines[index].x - node.lines[index].width
            }
            primitive = .text(node)
        case .image(var node):
            node.rect = flipped(node.rect)
            primitive = .image(node)
        case .link(var node):
            node.rect = flipped(node.rect)
            primitive = .link(node)
        }
    }
}
