import CPangoCairo
import TimelineScene

/// A stretch of an SVG body as operations: what `SVGWriter` decides in node order on the text
/// thread (glyph and word ids, definitions, which groups hold anything), and the bytes each
/// operation stands for, written from them by `write(into:nodes:)` on whichever thread (a big
/// scene's stretches are written on several at once, `SVGWriter.writeBody`). Recording costs
/// less than writing: numbers are formatted in the second step only.
struct SVGBodyOps {
    enum Op {
        /// A text node's group, in its color.
        case openText(RGBA)
        /// A line's group, its origin at the line's start and baseline.
        case openLine(x: Double, baseline: Double)
        /// A glyph's `<use>`: its id, its x in the line and its y offset (Pango units). The
        /// narrow field last: an operation takes 24 bytes.
        case glyph(id: Int, x: Int, y: Int32)
        /// A word group's `<use>` at its x in the line (Pango units).
        case word(id: Int, x: Int)
        /// The end of the group opened last.
        case close
        /// A shape (`SVGWriter.writeShape`), by its node's index in the scene.
        case shape(Int)
        /// Bytes written already, in `raw`.
        case raw(Range<Int>)
    }

    private(set) var ops: [Op] = []
    /// What nodes that need the document's state write as they are recorded (icons, emoji,
    /// gradient lines), in order.
    private(set) var raw = SVGBytes()
    /// Glyphs and words used so far: a group that none was used in is dropped.
    private(set) var uses = 0
    private var shapes = 0

    init(idPrefix: [UInt8]) {
        raw.idPrefix = idPrefix
    }

    /// Where a group or text was opened: dropped at its end if nothing was used in it.
    struct Opened {
        fileprivate let op: Int
        fileprivate let uses: Int
    }

    mutating func openText(_ color: RGBA) -> Opened {
        defer { ops.append(.openText(color)) }
        return Opened(op: ops.count, uses: uses)
    }

    mutating func openLine(x: Double, baseline: Double) -> Opened {
        defer { ops.append(.openLine(x: x, baseline: baseline)) }
        return Opened(op: ops.count, uses: uses)
    }

    /// Closes what `opened` opened, or drops it (and what is in it) when nothing was used in it.
    mutating func close(_ opened: Opened) {
        if uses == opened.uses {
            ops.removeSubrange(opened.op...)
        } else {
            ops.append(.close)
        }
    }

    mutating func glyph(id: Int, x: Int, y: Int32) {
        ops.append(.glyph(id: id, x: x, y: y))
        uses += 1
    }

    mutating func word(id: Int, x: Int) {
        ops.append(.word(id: id, x: x))
        uses += 1
    }

    mutating func shape(_ node: Int) {
        ops.append(.shape(node))
        shapes += 1
    }

    /// Records what `body` writes as it is.
    mutating func raw(_ body: (inout SVGBytes) -> Void) {
        let start = raw.count
        body(&raw)
        if raw.count > start { ops.append(.raw(start..<raw.count)) }
    }

    /// About how many bytes `write` writes, so that its room is made once: a `<use>` is about
    /// 36 bytes and an id prefix, a shape 200 (room not written is never touched).
    var capacity: Int {
        raw.count + ops.count * (40 + raw.idPrefix.count) + shapes * 200
    }

    /// The bytes of every operation, in order, appended to `body`; `nodes` are the scene's.
    func write(into body: inout SVGBytes, nodes: [Primitive]) {
        let unit = Double(PANGO_SCALE)
        let prefix = body.idPrefix
        for op in ops {
            switch op {
            case .openText(let color):
                body.append("<g")
                body.fill(color)
                body.append(">\n")
            case .openLine(let x, let baseline):
                body.write(maxCount: 30 + 2 * SVGCursor.maxNumberLength) { out in
                    out.put("<g transform=\"translate(")
                    out.put(point: x, baseline)
                    out.put(")\">\n")
                }
            case .glyph(let id, let x, let y):
                body.write(maxCount: prefix.count + 50 + 2 * SVGCursor.maxNumberLength) { out in
                    out.put("<use xlink:href=\"#")
                    out.putID(prefix, "g", id)
                    out.put("\" x=\"")
                    out.put(number: Double(x) / unit)
                    if y != 0 {
                        out.put("\" y=\"")
                        out.put(number: Double(y) / unit)
                    }
                    out.put("\"/>\n")
                }
            case .word(let id, let x):
                body.write(maxCount: prefix.count + 50 + SVGCursor.maxNumberLength) { out in
                    out.put("<use xlink:href=\"#")
                    out.putID(prefix, "w", id)
                    out.put("\" x=\"")
                    out.put(number: Double(x) / unit)
                    out.put("\"/>\n")
                }
            case .close:
                body.append("</g>\n")
            case .shape(let node):
                _ = SVGWriter.writeShape(nodes[node], into: &body)
            case .raw(let range):
                body.append(raw, range: range)
            }
        }
    }
}
