import CCairo

/// Our own emboldening of a glyph outline, for the fonts fontconfig emboldens (a bold weight of a
/// face that has none, such as the CJK fallback): FreeType's `FT_GlyphSlot_Embolden`, which cairo
/// applies, rounds differently from one release to the next (2.12 and 2.13 moved points by 1/64
/// px), so the SVG writer reads the outline unemboldened, the same everywhere, and emboldens it
/// here, in floating point, as FreeType's `FT_Outline_EmboldenXY` does: each point moved along
/// the bisector of its edges' normals, so that every stem grows by `strength`, to the right and
/// upwards (left and bottom edges stay), with the shift limited where edges are short.
enum SyntheticBold {
    /// FreeType's strength: 1/24 em.
    static func strength(fontSize: Double) -> Double { fontSize / 24 }

    struct Point: Equatable {
        var x: Double
        var y: Double
    }

    /// The contours (cairo's path points, y downwards, each closed contour's points in order with
    /// no repeated last point), each point moved; `strength` in the path's units.
    static func embolden(_ contours: [[Point]], strength: Double) -> [[Point]] {
        // FreeType works with y upwards.
        let upward = contours.map { $0.map { Point(x: $0.x, y: -$0.y) } }
        let isTrueType = signedArea(upward) < 0
        let half = strength / 2
        return upward.map { contour in
            moved(contour, half: half, isTrueType: isTrueType).map { Point(x: $0.x, y: -$0.y) }
        }
    }

    /// FreeType's orientation test: positive for counter-clockwise (PostScript) outer contours.
    private static func signedArea(_ contours: [[Point]]) -> Double {
        var area = 0.0
        for contour in contours where contour.count > 2 {
            var previous = contour[contour.count - 1]
            for point in contour {
                area += (point.y - previous.y) * (point.x + previous.x)
                previous = point
            }
        }
        return area
    }

    private static func moved(_ contour: [Point], half: Double, isTrueType: Bool) -> [Point] {
        let count = contour.count
        guard count > 2 else { return contour.map { Point(x: $0.x + half, y: $0.y + half) } }
        var result = contour
        for index in 0..<count {
            let point = contour[index]
            // The nearest distinct neighbours: repeated points move together.
            guard let previous = neighbour(of: index, in: contour, step: count - 1),
                let next = neighbour(of: index, in: contour, step: 1)
            else {
                result[index] = Point(x: point.x + half, y: point.y + half)
                continue
            }
            let incoming = unit(from: previous, to: point)
            let outgoing = unit(from: point, to: next)
            var shift = Point(x: 0, y: 0)
            var d = incoming.x * outgoing.x + incoming.y * outgoing.y
            // Shift only where the contour turns by less than about 160 degrees.
            if d > -0.9375 {
                d += 1
                shift = Point(x: incoming.y + outgoing.y, y: incoming.x + outgoing.x)
                if isTrueType { shift.x = -shift.x } else { shift.y = -shift.y }
                var q = outgoing.x * incoming.y - outgoing.y * incoming.x
                if isTrueType { q = -q }
                let shortest = min(incoming.length, outgoing.length)
                shift.x = half * q <= shortest * d ? shift.x * half / d : shift.x * shortest / q
                shift.y = half * q <= shortest * d ? shift.y * half / d : shift.y * shortest / q
            }
            result[index] = Point(x: point.x + half + shift.x, y: point.y + half + shift.y)
        }
        return result
    }

    private struct Direction {
        var x: Double
        var y: Double
        var length: Double
    }

    private static func unit(from start: Point, to end: Point) -> Direction {
        let dx = end.x - start.x
        let dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        return Direction(x: dx / length, y: dy / length, length: length)
    }

    /// The first point, walking by `step` (1 forwards, count - 1 backwards), that differs from the
    /// point at `index`; nil when all coincide.
    private static func neighbour(of index: Int, in contour: [Point], step: Int) -> Point? {
        var other = (index + step) % contour.count
        while other != index {
            if contour[other] != contour[index] { return contour[other] }
            other = (other + step) % contour.count
        }
        return nil
    }
}

extension SyntheticBold {
    /// A glyph's path emboldened: its contours' points (a closing point equal to the contour's
    /// start left out, and moved with it) moved, in the same segments.
    static func embolden(_ segments: [SVGGlyphs.Segment], strength: Double) -> [SVGGlyphs.Segment] {
        var contours: [[Point]] = []
        for segment in segments {
            switch segment {
            case .move(let point): contours.append([point])
            case .line(let point) where !contours.isEmpty: contours[contours.count - 1].append(point)
            case .curve(let first, let second, let end) where !contours.isEmpty:
                contours[contours.count - 1] += [first, second, end]
            default: break
            }
        }
        let closesOnStart = contours.map { $0.count > 1 && $0.first == $0.last }
        let trimmed = zip(contours, closesOnStart).map { $1 ? Array($0.dropLast()) : $0 }
        let moved = zip(embolden(trimmed, strength: strength), closesOnStart).map { $1 ? $0 + [$0[0]] : $0 }
        var contour = -1
        var next = 0
        func take() -> Point {
            defer { next += 1 }
            return moved[contour][next]
        }
        return segments.map { segment in
            switch segment {
            case .move:
                contour += 1
                next = 0
                return .move(take())
            case .line: return contour < 0 ? segment : .line(take())
            case .curve: return contour < 0 ? segment : .curve(take(), take(), take())
            case .close: return .close
            }
        }
    }
}
