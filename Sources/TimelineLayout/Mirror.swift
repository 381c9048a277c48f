import TimelineModel
import TimelineScene

/// Right-to-left vertical cards: laid out left to right, then mirrored, so the event column is
/// at the right, the line beside it, titles left of their nodes and the status column at the left.
enum Mirror {
    /// Whether `card` reads right to left: forced by `textDirection`, else when more titles start
    /// with a right-to-left letter than with a left-to-right one.
    static func isRightToLeft(_ card: Card) -> Bool {
        switch card.style.textDirection {
        case .ltr: return false
        case .rtl: return true
        case .auto:
            var balance = 0
            for row in ItemRow.flatten(card.items) {
                guard let rightToLeft = row.item.title.flatMap(firstStrongIsRightToLeft) else { continue }
                balance += rightToLeft ? 1 : -1
            }
            return balance > 0
        }
    }

    /// Whether a text's first strong letter is right to left (Hebrew, Arabic, Syriac, Thaana,
    /// N'Ko and their presentation forms); nil when it has no letter.
    static func firstStrongIsRightToLeft(_ text: String) -> Bool? {
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            let value = scalar.value
            return (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value)
        }
        return nil
    }

    /// Every primitive of `layers` reflected across the middle of a box `width` wide.
    static func horizontally(_ layers: inout [[Primitive]], width: Double) {
        for layer in layers.indices {
            for index in layers[layer].indices { reflect(&layers[layer][index], width: width) }
        }
    }

    private static func reflect(_ primitive: inout Primitive, width: Double) {
        func flipped(_ rect: Rect) -> Rect { Rect(x: width - rect.maxX, y: rect.y, width: rect.width, height: rect.height) }
        func flipped(_ point: Point) -> Point { Point(x: width - point.x, y: point.y) }
        switch primitive {
        case .box(var node):
            node.rect = flipped(node.rect)
            let corners = node.corners
            node.corners = CornerRadii(topLeft: corners.topRight, topRight: corners.topLeft,
                                       bottomRight: corners.bottomLeft, bottomLeft: corners.bottomRight)
            primitive = .box(node)
        case .line(var node):
            (node.from, node.to) = (flipped(node.from), flipped(node.to))
            primitive = .line(node)
        case .marker(var node):
            node.center = flipped(node.center)
            primitive = .marker(node)
        case .text(var node):
            for index in node.lines.indices { node.lines[index].x = width - node.lines[index].x - node.lines[index].width }
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
