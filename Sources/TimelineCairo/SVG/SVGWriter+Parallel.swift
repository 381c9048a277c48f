import CPangoCairo
import Dispatch
import TimelineScene

extension SVGWriter {
    /// Below this many glyphs, a second thread costs more than it saves.
    static let parallelGlyphs = 4000

    /// Writes the scene's nodes and text layer on two threads, when every text line was kept from
    /// measuring and no node adds a definition of its own (icons, fading lines): the kept lines
    /// are looked up and every glyph given its id here first, in document order, so that the
    /// threads only read and the bytes are those one thread writes. Returns the parts in order, or
    /// nil, having written nothing, otherwise. Either way, when every line was kept, the outlines
    /// of glyphs not seen before are read ahead on two threads.
    func writeNodesInParallel(_ scene: Scene, _ state: inout State) -> [SVGBytes]? {
        guard let (lines, weights) = keptLines(scene) else { return nil }
        let met = glyphsInOrder(of: lines)
        glyphs.readAhead(met.filter { $0 & 0xFFFF_FFFF < 1 << 16 && !glyphs.isRead($0) })
        guard weights.reduce(0, +) >= Self.parallelGlyphs else { return nil }
        // In the order first met, as writing the lines one by one gives them.
        for key in met { _ = glyphID(font: key >> 32, glyph: UInt32(truncatingIfNeeded: key), &state) }
        var attributes: [String: [UInt8]] = [:]
        for case .text(let text) in scene.nodes where attributes[text.font] == nil {
            attributes[text.font] = svgFontAttributes(text.font)
        }
        let work = ParallelWrite(
            writer: self, scene: scene, state: state, lines: lines,
            split: Self.split(weights, extra: weights.reduce(0, +) / Self.textLayerShare), attributes: attributes)
        Lanes.perform(iterations: 3) { work.run($0) }
        return work.parts
    }

    /// Every kept line of the scene's text nodes in document order, and each node's weight (its
    /// glyphs, or a few for other nodes); nil when a node cannot be written by another thread.
    private func keptLines(_ scene: Scene) -> ([ShapedLine], [Int])? {
        var lines: [ShapedLine] = []
        var weights: [Int] = []
        weights.reserveCapacity(scene.nodes.count)
        for node in scene.nodes {
            switch node {
            case .image: return nil
            case .line(let line) where line.fadeTo != nil: return nil
            // An emoji's picture is defined in `<defs>`, which only the document's own writer adds to.
            case .text(let text) where EmojiPictures.mayHold(text): return nil
            case .text(let text):
                var weight = 0
                for line in text.lines where !line.text.isEmpty {
                    guard let shaped = fonts.handoff.line(line.text, font: text.font) else { return nil }
                    lines.append(shaped)
                    weight += Int(shaped.glyphs.pointee.num_glyphs) + 4
                }
                weights.append(weight)
            default: weights.append(4)
            }
        }
        return (lines, weights)
    }

    /// The glyphs of `lines` that draw (by font number and glyph), each once, in the order first
    /// met: the order of their ids. Those no document used before have their outlines read on two
    /// threads (`SVGGlyphs.readAhead`): for a small card, most of writing it.
    private func glyphsInOrder(of lines: [ShapedLine]) -> [UInt64] {
        var keys: [UInt64] = []
        var met = GlyphsMet()
        for line in lines {
            guard let font = line.item.pointee.analysis.font, let infos = line.glyphs.pointee.glyphs else { continue }
            let fontNumber = glyphs.fontNumber(UnsafeMutableRawPointer(font))
            for index in 0..<Int(line.glyphs.pointee.num_glyphs) {
                let glyph = infos[index].glyph
                guard glyph & SVGGlyphs.unknownFlag == 0, glyph != SVGGlyphs.emptyGlyph else { continue }
                let key = fontNumber << 32 | UInt64(glyph)
                if met.insert(key) { keys.append(key) }
            }
        }
        return keys
    }

    /// Writing a line's findable text costs about a quarter of writing its glyphs: the text
    /// layer weighs this fraction of the nodes.
    static let textLayerShare = 4

    /// The node index that splits `weights` so that the first part and `extra` more (the text
    /// layer, which the thread done first with its part writes, most often the one given the
    /// lighter first part) weigh about what the second part weighs.
    static func split(_ weights: [Int], extra: Int = 0) -> Int {
        let total = weights.reduce(0, +)
        var sum = 0
        for (index, weight) in weights.enumerated() {
            sum += weight
            if 2 * sum + extra >= total { return index + 1 }
        }
        return weights.count
    }
}

/// The three parts `writeNodesInParallel` writes at once: the nodes before the split, the nodes
/// after it, and the text layer. Each part is written by one thread, into its own slot.
private final class ParallelWrite: @unchecked Sendable {
    let writer: SVGWriter
    let scene: Scene
    let state: SVGWriter.State
    let lines: [ShapedLine]
    let split: Int
    let attributes: [String: [UInt8]]
    /// The parts, each slot written by one thread.
    private let slots: UnsafeMutableBufferPointer<SVGBytes>

    init(
        writer: SVGWriter, scene: Scene, state: SVGWriter.State, lines: [ShapedLine], split: Int,
        attributes: [String: [UInt8]]
    ) {
        self.writer = writer
        self.scene = scene
        self.state = state
        self.lines = lines
        self.split = split
        self.attributes = attributes
        slots = .allocate(capacity: 3)
        slots.initialize(repeating: SVGBytes())
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    /// The parts in document order, once `run` is done for each.
    var parts: [SVGBytes] { Array(slots) }

    func run(_ part: Int) {
        var out: SVGBytes
        if part < 2 {
            let nodes = part == 0 ? scene.nodes[..<split] : scene.nodes[split...]
            var local = state
            // The text layer, an eighth of the estimate, is a part of its own.
            local.body = SVGBytes(capacity: SVGWriter.bodyCapacity(nodes) / 8 * 7)
            local.body.idPrefix = state.body.idPrefix
            local.resolvedLines = lines[linesBefore(nodes.startIndex)...]
            for node in nodes { writer.writeNode(node, &local) }
            out = local.body
        } else {
            out = SVGBytes(capacity: SVGWriter.bodyCapacity(scene.nodes) / 8)
            writer.writeTextLayer(scene, fontAttributes: { self.attributes[$0] ?? [] }, into: &out)
        }
        slots[part] = out
    }

    /// How many kept lines the nodes before `index` hold.
    private func linesBefore(_ index: Int) -> Int {
        var count = 0
        for case .text(let text) in scene.nodes[..<index] {
            for line in text.lines where !line.text.isEmpty { count += 1 }
        }
        return count
    }
}
