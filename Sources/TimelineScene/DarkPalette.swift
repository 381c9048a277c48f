/// A color of the light drawing and the one it becomes when the reader prefers dark (`theme: auto`).
public struct ColorSwap: Hashable, Sendable {
    public var light: RGBA
    public var dark: RGBA
    public init(light: RGBA, dark: RGBA) {
        self.light = light
        self.dark = dark
    }
}

extension Scene {
    /// The light scene with the dark one's colors as its `darkPalette`: the two are drawn from
    /// the same card with different colors, so their primitives pair up by position. A light
    /// color that must become two different dark colors is nudged by one unit of blue for the
    /// second, invisibly, so that every light color names exactly one dark color. The light scene
    /// as it is when the two do not pair up.
    public static func merging(light: Scene, dark: Scene) -> Scene {
        guard light.nodes.count == dark.nodes.count else { return light }
        var pairing = ColorPairing()
        var merged = light
        if let background = light.background, let darkBackground = dark.background {
            merged.background = pairing.pair(background, darkBackground)
        }
        for index in merged.nodes.indices {
            guard let node = pairing.pair(merged.nodes[index], dark.nodes[index]) else { return light }
            merged.nodes[index] = node
        }
        merged.darkPalette = pairing.swaps
        return merged
    }
}

/// Light colors (ignoring alpha, as SVG writes opacity apart) and the dark color each becomes.
private struct ColorPairing {
    private var darkOf: [Int: RGBA] = [:]

    var swaps: [ColorSwap] {
        darkOf.sorted { $0.key < $1.key }.compactMap { key, dark in
            let light = RGBA(r: UInt8(key >> 16), g: UInt8((key >> 8) & 0xff), b: UInt8(key & 0xff))
            return Self.key(light) == Self.key(dark) ? nil : ColorSwap(light: light, dark: dark)
        }
    }

    private static func key(_ color: RGBA) -> Int { Int(color.r) << 16 | Int(color.g) << 8 | Int(color.b) }

    /// `light`, or the nearest color by blue that is free or already becomes `dark`.
    mutating func pair(_ light: RGBA, _ dark: RGBA) -> RGBA {
        for step in 0..<512 {
            var candidate = light
            let offset = step % 2 == 0 ? step / 2 : -(step / 2 + 1)
            let blue = Int(light.b) + offset
            guard (0...255).contains(blue) else { continue }
            candidate.b = UInt8(blue)
            let key = Self.key(candidate)
            if let existing = darkOf[key] {
                if Self.key(existing) == Self.key(dark) { return candidate }
            } else {
                darkOf[key] = dark
                return candidate
            }
        }
        return light
    }

    mutating func pair(_ light: RGBA?, _ dark: RGBA?) -> RGBA? {
        guard let light else { return nil }
        return pair(light, dark ?? light)
    }

    mutating func pair(_ light: Stroke?, _ dark: Stroke?) -> Stroke? {
        guard var stroke = light else { return nil }
        stroke.color = pair(stroke.color, dark?.color ?? stroke.color)
        return stroke
    }

    /// The light primitive recolored; nil when the two are not the same kind of primitive.
    mutating func pair(_ light: Primitive, _ dark: Primitive) -> Primitive? {
        switch (light, dark) {
        case (.box(var box), .box(let other)):
            box.fill = pair(box.fill, other.fill)
            box.stroke = pair(box.stroke, other.stroke)
            if var shadow = box.shadow {
                shadow.color = pair(shadow.color, other.shadow?.color ?? shadow.color)
                box.shadow = shadow
            }
            return .box(box)
        case (.line(var line), .line(let other)):
            line.stroke = pair(line.stroke, other.stroke) ?? line.stroke
            line.fadeTo = pair(line.fadeTo, other.fadeTo)
            return .line(line)
        case (.marker(var marker), .marker(let other)):
            marker.fill = pair(marker.fill, other.fill)
            marker.stroke = pair(marker.stroke, other.stroke)
            marker.glyphColor = pair(marker.glyphColor, other.glyphColor)
            return .marker(marker)
        case (.text(var text), .text(let other)):
            text.color = pair(text.color, other.color)
            return .text(text)
        case (.image, .image), (.link, .link):
            return light
        default:
            return nil
        }
    }
}
