import TimelineScene
import TimelineThreads

/// A big scene's nodes written in parts on several threads, byte for byte what one thread writes
/// (the text layer and the links follow on this thread).
/// What has to happen in document order, or needs Pango, happens first on this thread: ids are
/// given out and `<defs>` written as the nodes come (glyph outlines, gradients, clips, icons),
/// and a node that defines something, draws emoji or has a line measuring kept no shaping of is
/// written whole then. The rest of the nodes, which only look ids up, are then written in ranges
/// of about the same size, each range on whichever lane is free, into a part of its own; the
/// parts follow one another in the document.
extension SVGWriter {
    /// Fewer nodes than this are written on one thread: starting lanes would cost more.
    static let nodesInLanesMinimum = 400
    /// Parts per thread, so that a lane that finishes early takes another.
    static let partsPerThread = 4

    /// How a node is written once the ids are given out.
    enum PlannedNode {
        /// Written by its writer, which looks up no id it did not have (a box, a marker, a line).
        case plain
        /// A text whose every line's shaping was kept: its glyphs have their ids.
        case kept([ShapedLine?])
        /// Written already, in document order.
        case written(SVGBytes)
    }

    /// The nodes' body in parts, written on `threads` lanes.
    func writeNodesInLanes(_ nodes: [Primitive], threads: Int, _ state: inout State) -> [SVGBytes] {
        let plans = plan(nodes, &state)
        let prefix = state.body.idPrefix
        let ranges = Self.ranges(nodes, parts: threads * Self.partsPerThread, idPrefix: prefix.count)
        var parts = [SVGBytes](repeating: SVGBytes(), count: ranges.count)
        let shared = state
        parts.withUnsafeMutableBufferPointer { parts in
            let output = UncheckedParts(parts)
            Lanes.perform(iterations: ranges.count) { part in
                // The state's tables are only read here: every id was given out in `plan`.
                var lane = shared
                lane.body = SVGBytes(capacity: Self.bodyCapacity(nodes[ranges[part]], idPrefix: prefix.count))
                lane.body.idPrefix = prefix
                for index in ranges[part] {
                    switch (plans[index], nodes[index]) {
                    case (.written(let bytes), _): lane.body.append(bytes)
                    case (.kept(let kept), .text(let text)): writeText(text, kept: kept, &lane)
                    default: writeNode(nodes[index], &lane)
                    }
                }
                output.parts[part] = lane.body
            }
        }
        return parts
    }

    /// Gives out every id in document order, writing `<defs>`, and writes the nodes that must be
    /// written then.
    private func plan(_ nodes: [Primitive], _ state: inout State) -> [PlannedNode] {
        nodes.map { node in
            switch node {
            case .text(let text) where !EmojiPictures.mayHold(text):
                let kept = keptLines(text)
                guard zip(text.lines, kept).allSatisfy({ $0.text.isEmpty || $1 != nil }) else {
                    return .written(writtenNow(node, &state))
                }
                numberGlyphs(kept, &state)
                return .kept(kept)
            case .text, .image: return .written(writtenNow(node, &state))
            case .line(let line) where line.fadeTo != nil: return .written(writtenNow(node, &state))
            case .box, .line, .marker, .link: return .plain
            }
        }
    }

    /// The node written on its own, its defs into the document's.
    private func writtenNow(_ node: Primitive, _ state: inout State) -> SVGBytes {
        let body = state.body
        state.body = SVGBytes(capacity: 256)
        state.body.idPrefix = body.idPrefix
        writeNode(node, &state)
        let written = state.body
        state.body = body
        return written
    }

    /// `nodes` in up to `parts` consecutive ranges of about the same size.
    static func ranges(_ nodes: [Primitive], parts: Int, idPrefix: Int) -> [Range<Int>] {
        let sizes = nodes.map { nodeCapacity($0, idPrefix: idPrefix) }
        let share = max(1, sizes.reduce(0, +) / max(1, parts))
        var ranges: [Range<Int>] = []
        var start = 0
        var size = 0
        for (index, nodeSize) in sizes.enumerated() {
            size += nodeSize
            if size >= share {
                ranges.append(start..<(index + 1))
                start = index + 1
                size = 0
            }
        }
        if start < nodes.count { ranges.append(start..<nodes.count) }
        return ranges
    }

    /// Lanes write their own parts' slots, never the same slot.
    private struct UncheckedParts: @unchecked Sendable {
        let parts: UnsafeMutableBufferPointer<SVGBytes>
        init(_ parts: UnsafeMutableBufferPointer<SVGBytes>) { self.parts = parts }
    }
}
