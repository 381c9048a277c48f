import TimelineModel
import TimelineScene

extension Color {
    var rgba: RGBA { RGBA(r: red, g: green, b: blue, a: alpha) }
}

/// How one item's node looks: outline, fill and glyph, from its status, overrides and style.
struct NodeLook {
    var shape: Shape
    var filled: Bool
    var glyph: MarkerGlyph?
    var color: Color
    var isOverdue: Bool
    /// The node's own color says "overdue" only when it is the overdue color and that differs
    /// from what an on-time node gets; otherwise a ring says it.
    var needsOverdueRing: Bool

    static let inactiveColor = Color(hex: 0x8e8e93)

    init(item: Item, style: Style, isOverdue: Bool) {
        self.isOverdue = isOverdue
        needsOverdueRing = isOverdue && (item.color != nil || item.icon != nil || style.overdueColor == style.nodeColor)
        // Every status but `open` has its own glyph, so that a shared `shape` (or a ring, always
        // hollow) still tells all nine apart.
        switch item.status {
        case .beforeStart: (shape, filled, glyph) = (.diamond, false, .chevron)
        case .start: (shape, filled, glyph) = (.diamond, true, .triangle)
        case .open: (shape, filled, glyph) = (.circle, false, nil)
        case .inProgress: (shape, filled, glyph) = (.circle, false, .ellipsis)
        case .complete: (shape, filled, glyph) = (.circle, true, .check)
        case .inactive: (shape, filled, glyph) = (.circle, false, .slash)
        case .earlyEnd: (shape, filled, glyph) = (.square, true, .dash)
        case .beforeEnd: (shape, filled, glyph) = (.diamond, false, .bar)
        case .end: (shape, filled, glyph) = (.diamond, true, .block)
        }
        if let override = item.shape ?? style.shape { shape = override }
        if shape == .ring { filled = false }
        if let color = item.color {
            self.color = color
        } else if isOverdue {
            color = style.overdueColor
        } else if item.status == .inactive {
            color = Self.inactiveColor
        } else {
            color = style.nodeColor
        }
    }

    /// The marker drawn at `center`, or nil for `shape: none`.
    func marker(center: Point, size: Double, background: Color) -> MarkerNode? {
        let outline: MarkerShape
        switch shape {
        case .none: return nil
        case .circle: outline = .circle
        case .square: outline = .square
        case .diamond: outline = .diamond
        case .hexagon: outline = .hexagon
        case .ring: outline = .ring
        }
        // A ring's thick stroke would run into a check or dots: with a glyph it is drawn thin.
        let strokeWidth = shape == .ring && glyph == nil ? max(2, size * 0.28) : max(1.5, size * 0.14)
        if filled {
            // A glyph is a graphic: 3:1 against the node it sits on (WCAG 1.4.11).
            let glyphColor = background.readable(on: color.over(background), minimum: 3)
            return MarkerNode(
                center: center, size: size, shape: outline, fill: color.rgba, stroke: nil,
                glyph: glyph, glyphColor: glyph == nil ? nil : glyphColor.rgba)
        }
        // Hollow nodes are filled with the card's background so the line never shows through.
        return MarkerNode(
            center: center, size: size, shape: outline, fill: background.rgba,
            stroke: Stroke(color: color.rgba, width: strokeWidth),
            glyph: glyph, glyphColor: glyph == nil ? nil : color.rgba)
    }
}

extension Item {
    /// Open or in-progress, and due before `now`: an item due at `now` exactly is not late yet.
    func isOverdue(now: DateValue?) -> Bool {
        guard let now, let date, status.canBeOverdue else { return false }
        let due = end ?? date
        // A bare day is due until it ends: late once the next day has begun.
        if due.isDay { return due.instant + 86_400 <= now.instant }
        return due.instant < now.instant
    }
}

/// A node's marker and the icon inside it, as every layout draws them.
enum NodeDrawing {
    /// The node's marker and icon, appended to `nodes`: the layouts' row loops add to one list.
    static func node(
        look: NodeLook, item: Item, center: Point, size: Double, style: Style, into nodes: inout [Primitive]
    ) {
        guard size > 0 else { return }
        if let marker = look.marker(center: center, size: size, background: style.background) {
            nodes.append(.marker(marker))
        }
        if let icon = item.icon {
            let side = size * style.iconScale
            let clip = look.shape == .none ? MarkerShape.circle : MarkerShape(rawValue: look.shape.rawValue) ?? .circle
            nodes.append(
                .image(
                    ImageNode(
                        path: icon,
                        rect: Rect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side),
                        clip: clip)))
            // The icon covers the node's check or dots: a badge at its corner keeps the status.
            if let glyph = look.glyph {
                let badge = max(6, size * 0.5)
                let corner = Point(x: center.x + size * 0.38, y: center.y + size * 0.38)
                let glyphColor = style.background.readable(on: look.color.over(style.background), minimum: 3)
                nodes.append(
                    .marker(
                        MarkerNode(
                            center: corner, size: badge, shape: .circle, fill: look.color.rgba,
                            stroke: Stroke(color: style.background.rgba, width: 1), glyph: glyph,
                            glyphColor: glyphColor.rgba)))
            }
        }
        if look.needsOverdueRing {
            let gap = max(2.5, size * 0.18)
            nodes.append(
                .marker(
                    MarkerNode(
                        center: center, size: size + gap * 2 + 3, shape: .circle, fill: nil,
                        stroke: Stroke(color: style.overdueColor.rgba, width: 1.5))))
        }
    }
}

extension Primitive {
    /// An item's link over `rect`: none when it has no link, or `LinkPolicy` refuses it.
    static func itemLink(_ url: String?, over rect: Rect, label: String?) -> [Primitive] {
        guard let url, let node = LinkNode(rect: rect, url: url, label: label) else { return [] }
        return [.link(node)]
    }
}
