import TimelinePolicy

/// An outline to stroke.
public struct Stroke: Hashable, Sendable, Codable {
    public var color: RGBA
    public var width: Double
    /// Dash pattern in points; empty for a solid line.
    public var dash: [Double]
    public init(color: RGBA, width: Double, dash: [Double] = []) {
        self.color = color
        self.width = width
        self.dash = dash
    }
}

/// A drop shadow under a filled box.
public struct ShadowPaint: Hashable, Sendable, Codable {
    public var color: RGBA
    public var blur: Double
    public var offset: Point
    public init(color: RGBA, blur: Double, offset: Point) {
        self.color = color
        self.blur = blur
        self.offset = offset
    }
}

/// A box with rounded corners: card backgrounds, bands, bars, group backgrounds.
public struct BoxNode: Hashable, Sendable, Codable {
    public var rect: Rect
    public var corners: CornerRadii
    public var fill: RGBA?
    public var stroke: Stroke?
    public var shadow: ShadowPaint?
    public init(
        rect: Rect, corners: CornerRadii = .zero, fill: RGBA?, stroke: Stroke? = nil, shadow: ShadowPaint? = nil
    ) {
        self.rect = rect
        self.corners = corners
        self.fill = fill
        self.stroke = stroke
        self.shadow = shadow
    }
}

/// A straight line; with `fadeTo` its color runs linearly from `stroke.color` to that color.
public struct LineNode: Hashable, Sendable, Codable {
    public var from: Point
    public var to: Point
    public var stroke: Stroke
    public var fadeTo: RGBA?
    public init(from: Point, to: Point, stroke: Stroke, fadeTo: RGBA? = nil) {
        self.from = from
        self.to = to
        self.stroke = stroke
        self.fadeTo = fadeTo
    }
}

/// The outline a marker is drawn with.
public enum MarkerShape: String, Hashable, Sendable, Codable {
    case circle, square, diamond, hexagon, ring
}

/// A mark drawn inside a marker, one for each status but `open`: filled solids for the line's
/// ends (a triangle starts it, a block ends it), strokes for the rest (a chevron points at the
/// start ahead, a bar at the end ahead, a dash ends early, a slash is inactive).
public enum MarkerGlyph: String, Hashable, Sendable, Codable {
    case check, ellipsis, triangle, block, chevron, bar, dash, slash
}

/// A timeline node: a shape centred on a point.
public struct MarkerNode: Hashable, Sendable, Codable {
    public var center: Point
    /// Outer diameter in points.
    public var size: Double
    public var shape: MarkerShape
    public var fill: RGBA?
    public var stroke: Stroke?
    public var glyph: MarkerGlyph?
    public var glyphColor: RGBA?
    public init(
        center: Point, size: Double, shape: MarkerShape, fill: RGBA?, stroke: Stroke?,
        glyph: MarkerGlyph? = nil, glyphColor: RGBA? = nil
    ) {
        self.center = center
        self.size = size
        self.shape = shape
        self.fill = fill
        self.stroke = stroke
        self.glyph = glyph
        self.glyphColor = glyphColor
    }
}

/// One line of text, already wrapped and placed: the renderer draws its `glyphs` (the shaping of
/// `text`) with its left edge at `x` and its baseline at `baseline`. `top` and `height` are the
/// line's logical box, for checks.
public struct PlacedLine: Hashable, Sendable, Codable {
    public var text: String
    public var x: Double
    public var baseline: Double
    public var width: Double
    public var top: Double
    public var height: Double
    /// The line's glyphs as measuring shaped them (`LineGlyphs`): all the renderer draws.
    public var glyphs: LineGlyphs?
    public init(
        text: String, x: Double, baseline: Double, width: Double, top: Double? = nil, height: Double = 0,
        glyphs: LineGlyphs? = nil
    ) {
        self.text = text
        self.x = x
        self.baseline = baseline
        self.width = width
        self.top = top ?? baseline
        self.height = height
        self.glyphs = glyphs
    }

    private enum CodingKeys: String, CodingKey {
        case text, x, baseline, width, top, height, glyphs
    }
}

/// A block of wrapped text in one font and color.
public struct TextNode: Hashable, Sendable, Codable {
    /// A Pango font description, e.g. "Inter Semi-Bold 14".
    public var font: String
    public var color: RGBA
    public var lines: [PlacedLine]
    /// The text as given, when it did not fit and was cut with an ellipsis; nil when it is whole.
    /// Every cut text says so here, whoever drew it, so `--strict` and the scene's truncations
    /// miss none (a Today label, an axis label, a header).
    public var cut: String?
    public init(font: String, color: RGBA, lines: [PlacedLine], cut: String? = nil) {
        self.font = font
        self.color = color
        self.lines = lines
        self.cut = cut
    }
}

/// A PNG or SVG file drawn into a box, clipped to a marker's outline.
public struct ImageNode: Hashable, Sendable, Codable {
    /// The icon's key in the scene's `icons`.
    public var path: String
    public var rect: Rect
    public var clip: MarkerShape
    public init(path: String, rect: Rect, clip: MarkerShape) {
        self.path = path
        self.rect = rect
        self.clip = clip
    }
}

/// An icon file's bytes, as checked when its document was decoded.
public struct IconData: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case png, svg
    }

    public var kind: Kind
    public var bytes: [UInt8]

    public init(kind: Kind, bytes: [UInt8]) {
        self.kind = kind
        self.bytes = bytes
    }
}

/// A clickable area pointing at a URL.
///
/// A link node is made only through `LinkPolicy` (its initializer and its decoding normalize the
/// URL or refuse it), so no field of any input reaches a renderer's link without the policy.
public struct LinkNode: Hashable, Sendable, Codable {
    public var rect: Rect
    /// The URL as `LinkPolicy` made it: http, https or mailto, safe ASCII only.
    public private(set) var url: String
    /// The link's accessible name: the text it covers (the item's title), else its URL.
    public var label: String

    /// A link over `rect`, or nil when `LinkPolicy` refuses `url`.
    public init?(rect: Rect, url: String, label: String? = nil) {
        guard case .success(let safe) = LinkPolicy.normalized(url) else { return nil }
        self.init(rect: rect, normalizedURL: safe, label: label ?? safe)
    }

    private init(rect: Rect, normalizedURL: String, label: String) {
        self.rect = rect
        self.url = normalizedURL
        self.label = label
    }

    private enum CodingKeys: String, CodingKey { case rect, url, label }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let url = try container.decode(String.self, forKey: .url)
        guard case .success(let safe) = LinkPolicy.normalized(url) else {
            throw DecodingError.dataCorruptedError(
                forKey: .url, in: container, debugDescription: "the link policy refuses this URL")
        }
        rect = try container.decode(Rect.self, forKey: .rect)
        self.url = safe
        label = try container.decode(String.self, forKey: .label)
    }

    /// A link of no area, held while a primitive is changed in place (`Primitive.translate`).
    static let placeholder = LinkNode(rect: Rect(x: 0, y: 0, width: 0, height: 0), normalizedURL: "", label: "")
}

/// One drawing command. Encodes as `{"kind": {...}}` so scene snapshots read well in a diff.
public enum Primitive: Hashable, Sendable, Codable {
    /// Boxed: a box is twice any other node's size, and a card holds few of them but thousands of
    /// texts, which would otherwise each take a box's room in the layers.
    indirect case box(BoxNode)
    case line(LineNode)
    case marker(MarkerNode)
    case text(TextNode)
    case image(ImageNode)
    case link(LinkNode)

    private enum Kind: String, CodingKey { case box, line, marker, text, image, link }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Kind.self)
        switch self {
        case .box(let node): try container.encode(node, forKey: .box)
        case .line(let node): try container.encode(node, forKey: .line)
        case .marker(let node): try container.encode(node, forKey: .marker)
        case .text(let node): try container.encode(node, forKey: .text)
        case .image(let node): try container.encode(node, forKey: .image)
        case .link(let node): try container.encode(node, forKey: .link)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Kind.self)
        guard let kind = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "empty primitive"))
        }
        switch kind {
        case .box: self = .box(try container.decode(BoxNode.self, forKey: kind))
        case .line: self = .line(try container.decode(LineNode.self, forKey: kind))
        case .marker: self = .marker(try container.decode(MarkerNode.self, forKey: kind))
        case .text: self = .text(try container.decode(TextNode.self, forKey: kind))
        case .image: self = .image(try container.decode(ImageNode.self, forKey: kind))
        case .link: self = .link(try container.decode(LinkNode.self, forKey: kind))
        }
    }
}
